package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.LocalDiffs;

import java.util.List;
import java.util.stream.Stream;

/**
 * Every rule on what a call may combine, worded once (INVALID_INPUT). The front ends check {@link #answers} and
 * {@link #widthNeedsSideBySide} before they make a request, each naming its own options ({@link Words}: the CLI
 * reports a failure as a usage error); the services check the rules on a {@link DiffRequest}, naming the CLI's
 * option and MCP's argument together. The rules on how the command line names its target ({@link #oneTarget},
 * {@link #workTree}) have no MCP counterpart: each MCP tool takes one kind of target.
 */
public final class RequestRules {
    private static final int MAX_CONTEXT_LINES = 20;

    private RequestRules() {}

    /** -U and context_lines: 0 to {@link #MAX_CONTEXT_LINES}, or null for git's 3. */
    static void contextLines(Integer contextLines) {
        if (contextLines != null && (contextLines < 0 || contextLines > MAX_CONTEXT_LINES)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "context lines must be 0 to " + MAX_CONTEXT_LINES
                    + ", got " + contextLines);
        }
    }

    /**
     * The range's commits are an answer of their own: paths keep the commits touching them and top and skip page
     * them, but no filters, context or interdiff.
     */
    static void logAlone(DiffRequest request) {
        DiffRequest.Shape shape = request.shape();
        if (shape.log() && (!shape.output().filter().isEmpty() || shape.contextLines() != null
                || request.fetch().since() != null)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the list of commits (--log, log) is an answer of its"
                    + " own for the range (paths, top and skip choose its commits, --stat adds each one's diffstat):"
                    + " it does not combine with include, exclude, status, context lines or since");
        }
    }

    /**
     * A pull request's live diff from a source that serves its own (GitHub's): context lines and a log need the head
     * pinned (or --since). A source that serves none (Azure DevOps) computes every diff from objects.
     */
    static void liveDiffAllows(DiffRequest request, boolean sourceServesDiff) {
        boolean fromObjects = !sourceServesDiff || request.fetch().sha() != null || request.fetch().since() != null;
        if (!fromObjects && (request.shape().contextLines() != null || request.shape().log())) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, (request.shape().log()
                    ? "a list of commits (--log, log)" : "context lines (-U, context_lines)")
                    + " cannot apply to the live pull request diff, which GitHub computes;"
                    + " pin the head with --sha (MCP: sha) to have git compute it from objects: the head SHA is"
                    + " in prdiff --info");
        }
    }

    /** A file list is an answer of its own: not with a diffstat or a list of commits. */
    static void fileListAlone(DiffRequest request) {
        if (request.shape().stat() || request.shape().log()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, (request.shape().stat() ? "a diffstat"
                    : "a list of commits") + " and a file list are two answers: ask for one");
        }
    }

    /** A pull request's metadata needs a pull request. */
    static Target.PullRequest infoTarget(DiffRequest request) {
        if (!(request.target() instanceof Target.PullRequest pr)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--info needs a pull request number or URL");
        }
        return pr;
    }

    /** A local diff takes none of a pull request's options. */
    static void noPullRequestOptions(DiffRequest request) {
        DiffRequest.Fetch fetch = request.fetch();
        if (fetch.repo() != null || fetch.sha() != null || fetch.baseSha() != null || fetch.noFetch()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT,
                    "--repo, --sha, --base-sha and --no-fetch apply only to pull requests");
        }
        if (fetch.azure() != null || fetch.iteration() != null || fetch.sinceIteration() != null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT,
                    "--azure, --iteration and --since-iteration apply only to Azure DevOps pull requests");
        }
    }

    /** --since and --since-iteration both name the earlier head of an interdiff: one of them. */
    static void oneEarlierHead(DiffRequest request) {
        if (request.fetch().since() != null && request.fetch().sinceIteration() != null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--since (MCP: since) and --since-iteration (MCP:"
                    + " since_iteration) both name the earlier head; give one");
        }
    }

    /** --base-sha pins the base of a --sha diff, so it needs --sha. */
    static void baseShaNeedsSha(DiffRequest request) {
        if (request.fetch().baseSha() != null && request.fetch().sha() == null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--base-sha pins the base of a --sha diff; give --sha too");
        }
    }

    /**
     * TARGET, --commit and --base each name what is diffed: --commit stands alone, --base only with no TARGET. The
     * command line's alone: MCP's get_commit_diff takes a commit and get_diff a base and head, nothing else.
     */
    static void oneTarget(String target, String commit, String base) {
        if (commit != null && (target != null || base != null)) {
            throw invalid("--commit cannot be combined with a TARGET or --base");
        }
        if (target != null && base != null) {
            throw invalid("--base applies only when no TARGET is given (it means BASE...HEAD)");
        }
    }

    /**
     * {@code target} with --cached (the index only) or --untracked (the work tree with its new files): one of them,
     * and only for the branch since its merge base (no TARGET). The command line's alone: MCP has neither.
     */
    public static Target workTree(Target target, boolean cached, boolean untracked) {
        if (!cached && !untracked) {
            return target;
        }
        if (cached && untracked) {
            throw invalid("--cached shows the index only and --untracked the work tree: choose one");
        }
        if (!(target instanceof Target.Auto auto)) {
            throw invalid("--cached and --untracked apply only with no TARGET (the branch since its merge base)");
        }
        return new Target.Auto(auto.base(), cached ? LocalDiffs.WorkTree.STAGED : LocalDiffs.WorkTree.UNTRACKED);
    }

    /** Whose words a rule's message uses: the command line's options or the MCP tools' arguments. */
    public enum Words { CLI, MCP }

    /**
     * What a front end was asked for, before it makes a request: the answers that exclude each other and what
     * shapes one of them.
     *
     * @param layout line numbers, side by side or a width (MCP: format, line_numbers, width)
     * @param limits --max-bytes, --max-lines, --no-binary or --skip-generated given (MCP's limits are defaults that
     *               apply to diffs alone, so it never gives them)
     */
    public record Asked(boolean info, boolean filesOnly, boolean stat, boolean log, boolean json, boolean layout,
            boolean limits, boolean files, boolean sha, boolean since) {}

    /** An option as each front end names it. */
    private enum Name {
        INFO("--info", "info"),
        PULL_REQUEST("TARGET", "pr_number"),
        REPO("--repo", "repo"),
        DIR("-C", "repo_path"),
        MAX_BYTES("--max-bytes", "max_bytes"),
        ITERATION("--iteration", "iteration"),
        FILES_ONLY("--files-only", "files_only"),
        STAT("--stat", "stat"),
        LOG("--log", "log"),
        JSON("--json", "json"),
        FILE("--file", "file"),
        SHA("--sha", "sha"),
        SINCE("--since", "since"),
        LAYOUT("--line-numbers, --side-by-side, --width and --tab-width", "format, line_numbers and width"),
        LIMITS("--max-bytes, --max-lines, --no-binary and --skip-generated",
                "max_bytes, max_lines, no_binary and skip_generated"),
        SIDE_BY_SIDE("--side-by-side", "format side_by_side"),
        WIDTH("--width", "width"),
        /** MCP has no tab width (side by side there reads the head commit's .editorconfig): the CLI's name alone. */
        TAB_WIDTH("--tab-width");

        private final String cli;
        private final String mcp;

        Name(String cli, String mcp) {
            this.cli = cli;
            this.mcp = mcp;
        }

        Name(String cliOnly) {
            this(cliOnly, cliOnly);
        }

        String in(Words words) {
            return words == Words.CLI ? cli : mcp;
        }
    }

    /**
     * The answers a call may not combine, each rule worded once with the front end's names: INVALID_INPUT (the CLI
     * reports it as a usage error).
     */
    public static void answers(Asked a, Words words) {
        if (a.info() && (a.filesOnly() || a.files() || a.sha() || a.since() || a.log())) {
            throw invalid(n(Name.INFO, words) + " prints metadata only; it does not combine with "
                    + n(Name.FILES_ONLY, words) + ", " + n(Name.FILE, words) + ", " + n(Name.SHA, words) + ", "
                    + n(Name.SINCE, words) + " or " + n(Name.LOG, words));
        }
        if (a.limits() && (a.stat() || a.filesOnly() || a.log())) {
            throw invalid(n(Name.LIMITS, words) + " shape a diff; "
                    + n(a.stat() ? Name.STAT : a.filesOnly() ? Name.FILES_ONLY : Name.LOG, words) + " prints none");
        }
        if (a.stat() && a.filesOnly()) {
            throw invalid(n(Name.STAT, words) + " and " + n(Name.FILES_ONLY, words) + " are two answers: choose one");
        }
        if (a.layout() && (a.filesOnly() || a.stat() || a.info() || a.log())) {
            throw invalid(n(Name.LAYOUT, words) + " lay out the diff; they do not combine with " + n(a.filesOnly()
                    ? Name.FILES_ONLY : a.stat() ? Name.STAT : a.info() ? Name.INFO : Name.LOG, words));
        }
        // --log --stat is each commit with its diffstat; MCP's line budget cuts one line per item: there, two answers.
        if (a.log() && (a.filesOnly() || a.stat() && words == Words.MCP)) {
            throw invalid(n(Name.LOG, words) + " is an answer of its own: it does not combine with "
                    + n(a.stat() ? Name.STAT : Name.FILES_ONLY, words));
        }
        // On the command line, --files-only --json asks for the file list as JSON in a terminal too.
        boolean filesOnlyJson = a.filesOnly() && words == Words.MCP;
        if (a.json() && (a.info() || filesOnlyJson || a.stat() || a.log())) {
            throw invalid(n(Name.JSON, words) + " is the diff's envelope: it does not combine with " + n(a.info()
                    ? Name.INFO : filesOnlyJson ? Name.FILES_ONLY : a.stat() ? Name.STAT : Name.LOG, words));
        }
    }

    /**
     * A width (--width, --tab-width; MCP: width) sizes the side-by-side columns: only with --side-by-side (MCP:
     * format side_by_side). INVALID_INPUT (the CLI reports it as a usage error).
     */
    public static void widthNeedsSideBySide(boolean width, boolean tabWidth, boolean sideBySide, Words words) {
        if ((width || tabWidth) && !sideBySide) {
            throw invalid(n(width ? Name.WIDTH : Name.TAB_WIDTH, words) + " applies only with "
                    + n(Name.SIDE_BY_SIDE, words));
        }
    }

    /**
     * A pull request's metadata is an answer of its own: beside naming the pull request, its repository and clone,
     * it takes only a budget. {@code given}: the arguments as the front end names them (MCP's get_pull_request_diff
     * with info; the CLI's --info is held by {@link #answers}).
     */
    public static void infoTakesOnly(Iterable<String> given, Words words) {
        List<String> takes = Stream.of(Name.PULL_REQUEST, Name.INFO, Name.REPO, Name.DIR, Name.MAX_BYTES,
                Name.ITERATION).map(name -> name.in(words)).toList();
        for (String name : given) {
            if (!takes.contains(name)) {
                throw invalid(n(Name.INFO, words) + " answers the pull request's metadata, not a diff: it takes only "
                        + String.join(", ", takes) + "; drop " + name);
            }
        }
    }

    /** MCP's get_diff takes base...head: a head needs its base. */
    public static void headNeedsBase(String base, String head) {
        if (head != null && base == null) {
            throw invalid("head needs base: the diff is base...head");
        }
    }

    /** MCP's cursor continues a diff's sections: a diffstat or a list of commits has none. */
    public static void cursorContinuesDiff(boolean cursor, boolean stat, boolean log) {
        if (cursor && (stat || log)) {
            throw invalid("cursor continues a diff, not a" + (stat ? " diffstat: drop stat" : " list of commits: drop log")
                    + " or it");
        }
    }

    private static String n(Name name, Words words) {
        return name.in(words);
    }

    private static PrdiffException invalid(String message) {
        return new PrdiffException(ErrorCode.INVALID_INPUT, message);
    }
}
