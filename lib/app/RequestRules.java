package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

/**
 * The rules on what a {@link DiffRequest} may combine, checked by the services for both front ends and worded once
 * (INVALID_INPUT, naming the CLI's option and MCP's argument where they differ). The CLI also rejects some of
 * these combinations as usage errors before a request is made (lib/cli's DiffCommand), and MCP a few of its own
 * arguments' (DiffTools); those stay in the front end's words.
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
        if (request.log() && (request.stat() || !request.shape().filter().isEmpty()
                || request.contextLines() != null || request.since() != null)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the list of commits (--log, log) is an answer of its"
                    + " own for the range (paths, top and skip choose its commits): it does not combine with stat,"
                    + " include, exclude, status, context lines or since");
        }
    }

    /** A pull request's live diff is GitHub's: context lines and a log need the head pinned (or --since). */
    static void liveDiffAllows(DiffRequest request) {
        boolean fromObjects = request.sha() != null || request.since() != null;
        if (!fromObjects && (request.contextLines() != null || request.log())) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, (request.log()
                    ? "a list of commits (--log, log)" : "context lines (-U, context_lines)")
                    + " cannot apply to the live pull request diff, which GitHub computes;"
                    + " pin the head with --sha (MCP: sha) to have git compute it from objects: the head SHA is"
                    + " in prdiff --info");
        }
    }

    /** A file list is an answer of its own: not with a diffstat or a list of commits. */
    static void fileListAlone(DiffRequest request) {
        if (request.stat() || request.log()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, (request.stat() ? "a diffstat" : "a list of commits")
                    + " and a file list are two answers: ask for one");
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
        if (request.repo() != null || request.sha() != null || request.baseSha() != null || request.noFetch()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT,
                    "--repo, --sha, --base-sha and --no-fetch apply only to pull requests");
        }
    }

    /** --base-sha pins the base of a --sha diff, so it needs --sha. */
    static void baseShaNeedsSha(DiffRequest request) {
        if (request.baseSha() != null && request.sha() == null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--base-sha pins the base of a --sha diff; give --sha too");
        }
    }
}
