package dev.prdiff.app;

import dev.prdiff.git.Git;
import dev.prdiff.git.Session;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.Refetch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the CLI and the MCP tools can ask for, as five small records: what to diff ({@link Target}), which
 * files ({@link Selection}), how the answer looks ({@link Shape}), which commits and where from ({@link Fetch}),
 * and where and how the call runs ({@link Context}). Null means "not given".
 */
public record DiffRequest(Target target, Selection selection, Shape shape, Fetch fetch, Context context) {

    public DiffRequest {
        selection = selection == null ? Selection.NONE : selection;
        shape = shape == null ? Shape.NONE : shape;
        fetch = fetch == null ? Fetch.NONE : fetch;
        Objects.requireNonNull(context, "context");
    }

    /** This request with another shape. */
    public DiffRequest withShape(Shape shape) {
        return new DiffRequest(target, selection, shape, fetch, context);
    }

    /**
     * The selected paths (--file, the paths after --, the tools' path and file).
     *
     * @param strict       a selected path that matches no changed file is an error (NO_MATCH), not a warning
     * @param pathsFromDir {@code files} are relative to the directory as a person typed them there (the CLI);
     *                     otherwise they are repo-relative (the MCP tools)
     */
    public record Selection(List<String> files, boolean strict, boolean pathsFromDir) {
        public static final Selection NONE = new Selection(List.of(), false, false);

        public Selection {
            files = files == null ? List.of() : List.copyOf(files);
        }

        /** Repo-relative paths, never strict: as the MCP tools take them. */
        public static Selection repoRelative(List<String> files) {
            return new Selection(files, false, false);
        }

        public boolean any() {
            return !files.isEmpty();
        }
    }

    /**
     * What the answer looks like.
     *
     * @param output       which changed files to show and how: filters, one page, limits, layout
     *                     ({@link OutputShape#NONE}: all, as git prints them)
     * @param contextLines lines of context around each change (git's -U), null for git's default; needs a diff
     *                     computed from git objects
     * @param stat         a diffstat as git diff --stat prints it, instead of the diff
     * @param log          the range's commits (hash, author, date, subject) instead of the diff
     * @param refetch      how markers and tables of contents name the call that fetches what a limit left out
     */
    public record Shape(OutputShape output, Integer contextLines, boolean stat, boolean log, Refetch refetch) {
        public static final Shape NONE = new Shape(OutputShape.NONE, null, false, false, Refetch.PLAIN);

        public Shape {
            output = output == null ? OutputShape.NONE : output;
            refetch = refetch == null ? Refetch.PLAIN : refetch;
            RequestRules.contextLines(contextLines);
        }

        public Shape withOutput(OutputShape output) {
            return new Shape(output, contextLines, stat, log, refetch);
        }

        /** This shape with its follow-up calls and the names its notices use in {@code refetch}'s form. */
        public Shape withRefetch(Refetch refetch) {
            return new Shape(output, contextLines, stat, log, refetch);
        }

        /** This shape as a diff's: neither a diffstat nor a list of commits. */
        public Shape asDiff() {
            return new Shape(output, contextLines, false, false, refetch);
        }
    }

    /**
     * Which commits of a pull request (or range) and where they come from.
     *
     * @param repo    OWNER/REPO or HOST/OWNER/REPO for pull requests (-R)
     * @param sha     pin a pull request diff to this head commit, computed from local objects
     * @param baseSha pin the base commit too
     * @param noFetch never fetch a missing commit
     * @param since   an earlier head of the pull request (or range): the answer is the interdiff from it (see
     *                {@link dev.prdiff.git.Interdiff}), or null
     * @param azure   ORG/PROJECT/REPO of an Azure DevOps pull request (--azure), or null
     * @param iteration      the Azure DevOps iteration to diff, null for the latest
     * @param sinceIteration an earlier Azure DevOps iteration: the interdiff from its head, as {@code since}; or null
     */
    public record Fetch(String repo, String sha, String baseSha, boolean noFetch, String since, String azure,
            Integer iteration, Integer sinceIteration) {
        public static final Fetch NONE = new Fetch(null, null, null, false, null);

        /** Without Azure DevOps' options (--azure, --iteration, --since-iteration). */
        public Fetch(String repo, String sha, String baseSha, boolean noFetch, String since) {
            this(repo, sha, baseSha, noFetch, since, null, null, null);
        }
    }

    /**
     * Where and how the call runs.
     *
     * @param dir      the repository to work in (the CLI's -C, the tools' repo_path), null for the working directory
     * @param dirGiven whether the caller named {@code dir} (-C, repo_path): then it must be a repository, with no
     *                 fallback; otherwise it is the default (the working directory) and may be no repository at all
     * @param timeout  of each git and gh command, null for {@link Git#DEFAULT_TIMEOUT}
     * @param env      the environment git and gh inherit (null: this process's); prdiff strips what it must not see
     * @param session  what lives as long as the CLI run or the MCP server: repositories are opened in it, and a
     *                 server's keeps pull request diffs in memory ({@link PullRequestDiffs})
     */
    public record Context(Path dir, boolean dirGiven, Duration timeout, Map<String, String> env, Session session) {
        public Context {
            env = env == null ? System.getenv() : Map.copyOf(env);
            Objects.requireNonNull(session, "session");
        }

        /** The directory to work in: the one given, else the working directory. */
        public Path dirOrHere() {
            return dir != null ? dir : Path.of("");
        }

        public Duration timeoutOrDefault() {
            return timeout != null ? timeout : Git.DEFAULT_TIMEOUT;
        }
    }
}
