package dev.prdiff.diff;

/**
 * One file's section of a git diff, from its {@code diff --git} line up to the next one.
 *
 * @param oldPath    path before the change, null for an added file
 * @param newPath    path after the change, null for a deleted file
 * @param oldMode    mode before, when the header names it (for example "100644")
 * @param newMode    mode after, when the header names it
 * @param similarity the similarity index of a rename or copy, else null
 * @param firstLine  1-based line number of the {@code diff --git} line in the whole diff
 * @param bytes      the section exactly as it appeared, or null when the parser was told not to keep bytes
 */
public record FileSection(
        String oldPath,
        String newPath,
        ChangeType changeType,
        boolean binary,
        long additions,
        long deletions,
        String oldMode,
        String newMode,
        Integer similarity,
        long firstLine,
        byte[] bytes) {

    /** The path a reviewer knows the file by: the new one, or the old one for a deletion. */
    public String path() {
        return newPath != null ? newPath : oldPath;
    }

    /** The path the file had before, when it differs (renames and copies). */
    public String previousPath() {
        return oldPath != null && newPath != null && !oldPath.equals(newPath) ? oldPath : null;
    }

    /** Exact path match on either side of the change: never a basename or a glob. */
    public boolean touches(String repoPath) {
        return repoPath.equals(oldPath) || repoPath.equals(newPath);
    }
}
