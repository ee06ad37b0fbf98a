package dev.prdiff.git;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What git's discovery found for a directory (one {@code rev-parse} probe, see {@link Discovery}).
 *
 * @param workDir      the directory asked about, absolute
 * @param gitDir       the repository's git directory, absolute
 * @param objectsDir   its object directory (a linked worktree's is the common directory's), which the scratch git
 *                     directory borrows
 * @param shallowFile  where a shallow clone keeps its boundary (the file need not exist)
 * @param prefix       where {@code workDir} lies below the work tree's top level, as {@code --show-prefix} says
 *                     ("pkg/cmd/", or "" at the top, in a bare repository or inside .git)
 * @param bare         a repository without a work tree
 * @param objectFormat sha1 or sha256
 */
public record Repository(Path workDir, Path gitDir, Path objectsDir, Path shallowFile, String prefix, boolean bare,
        String objectFormat) {
    /** The probe's answer, one line each: git dir, objects, shallow file, prefix, bare, object format. */
    static final int PROBE_LINES = 6;

    /** The repository that the probe's lines describe, for {@code dir} (absolute) where the probe ran. */
    static Repository ofProbe(Path dir, List<String> lines) {
        return new Repository(dir, Path.of(lines.get(0)), dir.resolve(lines.get(1)).normalize(),
                dir.resolve(lines.get(2)).normalize(), lines.get(3), lines.get(4).strip().equals("true"),
                lines.get(5).strip());
    }

    /** Whether the repository is a shallow clone now: its boundary moves merge bases. */
    public boolean shallow() {
        return Files.isRegularFile(shallowFile);
    }

    /** The work tree's top level, or null in a bare repository. */
    public Path topLevel() {
        if (bare) {
            return null;
        }
        Path top = workDir;
        for (String part : prefix.split("/")) {
            if (!part.isEmpty() && top.getParent() != null) {
                top = top.getParent();
            }
        }
        return top;
    }
}
