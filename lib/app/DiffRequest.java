package dev.prdiff.app;

import dev.prdiff.cache.PullRequestMemoryCache;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.Refetch;

import java.nio.file.Path;
import java.time.Duration;
import dev.prdiff.git.Git;
import dev.prdiff.git.Session;

import java.util.List;
import java.util.Map;

/**
 * Everything the CLI and the MCP tools can ask for. Null means "not given".
 *
 * @param dir     the repository to work in (the CLI's -C, the tools' repo_path)
 * @param repo    OWNER/REPO or HOST/OWNER/REPO for pull requests (-R)
 * @param sha     pin a pull request diff to this head commit, computed from local objects
 * @param baseSha pin the base commit too
 * @param env     the environment git and gh inherit (null: this process's); prdiff strips what it must not see
 * @param dirGiven whether the caller named {@code dir} (-C, repo_path): then it must be a repository, with no
 *                 fallback; otherwise it is the default (the working directory) and may be no repository at all
 * @param memory  pull request diffs kept in this process's memory (the MCP server's), or null
 * @param session what lives as long as the CLI run or the MCP server: repositories are opened in it
 * @param strict  a selected path that matches no changed file is an error (NO_MATCH), not a warning
 * @param pathsFromDir {@code files} are relative to {@code dir} as a person typed them there (the CLI);
 *                 otherwise they are repo-relative (the MCP tools)
 * @param shape   which changed files to show: filters and one page ({@link OutputShape#NONE}: all)
 * @param contextLines lines of context around each change (git's -U), null for git's default; needs a diff
 *                 computed from git objects
 * @param stat    a diffstat as git diff --stat prints it, instead of the diff
 * @param refetch how markers and tables of contents name the call that fetches what a limit left out
 * @param since   an earlier head of the pull request (or range): the answer is the interdiff from it (see
 *                {@link dev.prdiff.git.Interdiff}), or null
 * @param log     the range's commits (hash, author, date, subject) instead of the diff
 */
public record DiffRequest(
        Target target,
        List<String> files,
        Path dir,
        Duration timeout,
        String repo,
        String sha,
        String baseSha,
        boolean noFetch,
        Map<String, String> env,
        boolean dirGiven,
        PullRequestMemoryCache memory,
        Session session,
        boolean strict,
        boolean pathsFromDir,
        OutputShape shape,
        Integer contextLines,
        boolean stat,
        Refetch refetch,
        String since,
        boolean log) {

    /** As the CLI builds it: {@code dir} is given exactly when it is not null (-C); no memory cache. */
    public DiffRequest(Target target, List<String> files, Path dir, Duration timeout, String repo, String sha,
            String baseSha, boolean noFetch, Map<String, String> env, Session session) {
        this(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dir != null, null, session, false, false,
                OutputShape.NONE, null, false, Refetch.PLAIN, null, false);
    }

    /** As the MCP tools build it: repo-relative paths, never strict. */
    public DiffRequest(Target target, List<String> files, Path dir, Duration timeout, String repo, String sha,
            String baseSha, boolean noFetch, Map<String, String> env, boolean dirGiven, PullRequestMemoryCache memory,
            Session session) {
        this(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dirGiven, memory, session, false, false,
                OutputShape.NONE, null, false, Refetch.PLAIN, null, false);
    }

    /** This request with paths typed in {@code dir} (the CLI's), and {@code strict} as given. */
    public DiffRequest typedPaths(boolean strict) {
        return new DiffRequest(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dirGiven, memory, session,
                strict, true, shape, contextLines, stat, refetch, since, log);
    }

    /** This request with the output controls given. */
    public DiffRequest shaped(OutputShape shape, Integer contextLines, boolean stat) {
        return new DiffRequest(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dirGiven, memory, session,
                strict, pathsFromDir, shape, contextLines, stat, refetch, since, log);
    }

    /** This request, naming follow-up calls as {@code refetch} does. */
    public DiffRequest refetchedBy(Refetch refetch) {
        return new DiffRequest(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dirGiven, memory, session,
                strict, pathsFromDir, shape, contextLines, stat, refetch, since, log);
    }

    /** This request as an interdiff since the earlier head {@code since} (null: none). */
    public DiffRequest withSince(String since) {
        return new DiffRequest(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dirGiven, memory, session,
                strict, pathsFromDir, shape, contextLines, stat, refetch, since, log);
    }

    /** This request asking for the range's commits instead of the diff. */
    public DiffRequest withLog(boolean log) {
        return new DiffRequest(target, files, dir, timeout, repo, sha, baseSha, noFetch, env, dirGiven, memory, session,
                strict, pathsFromDir, shape, contextLines, stat, refetch, since, log);
    }

    public DiffRequest {
        files = files == null ? List.of() : List.copyOf(files);
        env = env == null ? System.getenv() : Map.copyOf(env);
        java.util.Objects.requireNonNull(session, "session");
        shape = shape == null ? OutputShape.NONE : shape;
        refetch = refetch == null ? Refetch.PLAIN : refetch;
        RequestRules.contextLines(contextLines);
    }

    public Duration timeoutOrDefault() {
        return timeout != null ? timeout : Git.DEFAULT_TIMEOUT;
    }

    public boolean selectsFiles() {
        return !files.isEmpty();
    }
}
