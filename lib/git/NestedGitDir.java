package dev.prdiff.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Whether a git directory lies inside another repository's work tree, where a commit can put it: a pull request can
 * commit a bare repository, or a git directory whose config sets {@code core.worktree}, {@code core.fsmonitor},
 * filters and remotes of its own. Such a repository is nobody's choice, so git never runs in its work tree and its
 * remotes lend their hosts no trust.
 *
 * <p>Committed paths never hold a component named {@code .git} (git refuses them), so a git directory whose path
 * passes through one below the enclosing work tree's top ({@code x/.git}, a submodule's {@code .git/modules/x}, a
 * linked worktree's {@code .git/worktrees/x}) is not committed content, and the search stops there.
 */
final class NestedGitDir {
    private NestedGitDir() {}

    /**
     * The nearest directory above {@code gitDir} (its real path) that holds a {@code .git} entry with no {@code .git}
     * component in between, or null when there is none.
     */
    static Path enclosingWorkTree(Path gitDir) {
        Path dir;
        try {
            dir = gitDir.toRealPath();
        } catch (IOException e) {
            dir = gitDir.toAbsolutePath().normalize();
        }
        for (Path d = dir; d != null; d = d.getParent()) {
            if (d.getFileName() != null && d.getFileName().toString().equals(".git")) {
                return null;
            }
            if (d != dir && Files.exists(d.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                return d;
            }
        }
        return null;
    }
}
