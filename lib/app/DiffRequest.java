package dev.prdiff.app;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Everything the CLI and the MCP tools can ask for. Null means "not given".
 *
 * @param dir     the repository to work in (the CLI's -C, the tools' repo_path)
 * @param repo    OWNER/REPO or HOST/OWNER/REPO for pull requests (-R)
 * @param sha     pin a pull request diff to this head commit, computed from local objects
 * @param baseSha pin the base commit too
 */
public record DiffRequest(
        Target target,
        List<String> files,
        Path dir,
        Duration timeout,
        String repo,
        String sha,
        String baseSha,
        boolean noFetch) {

    public DiffRequest {
        files = files == null ? List.of() : List.copyOf(files);
    }

    public boolean selectsFiles() {
        return !files.isEmpty();
    }
}
