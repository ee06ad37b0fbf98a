package dev.prdiff.git;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Where prdiff keeps what it gives git and no git process changes: an empty HOME, the carried-over trust settings
 * as config files, and scratch git directories. Two kinds, one per {@link Session}, chosen once: kept on disk for
 * the user ({@link DiskWorkspace}, checked at each use) or the session's own ({@link PrivateWorkspace}), which
 * also serves whenever the disk one cannot.
 */
interface Workspace {
    /** An empty directory for git's HOME; null when there is none to use now. */
    Path emptyHome();

    /** A config file holding exactly {@code config}; null when it cannot be written here. */
    Path configFile(String config);

    /**
     * A scratch git directory filled by {@code fill}: the disk workspace's is named {@code name}, kept, and used
     * only when {@code matches} it; the private one's is new. Null when none can be made here.
     */
    Path scratch(String name, Filler fill, Predicate<Path> matches);

    /** Whether {@code path} is in this workspace. */
    boolean holds(Path path);

    /** Fills a new scratch directory. */
    interface Filler {
        void fill(Path dir) throws IOException;
    }
}
