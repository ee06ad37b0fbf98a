package dev.prdiff.git;

import java.util.Map;

/**
 * Where one opened repository's git commands run: the scratch git directory of commands on objects, and the
 * environments (HOME, the trust config) of commands in the repository and on objects. {@code disk} is the user's
 * disk workspace any of them is in, or null; the session says before each command whether it still may be used
 * ({@link Session#stillPlaced}) and where the commands go when it may not ({@link Session#movedOff}).
 */
record Placement(ScratchGitDir scratch, Map<String, String> repositoryEnv, Map<String, String> objectsEnv,
                 DiskWorkspace disk) {
    /** The same, with commands on objects in a scratch directory of the session's own, where they may write. */
    Placement writable() {
        return new Placement(scratch.writable(), repositoryEnv, objectsEnv, disk);
    }
}
