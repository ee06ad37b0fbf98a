package dev.prdiff.app;

import dev.prdiff.core.CacheNotes;
import dev.prdiff.core.FileList;
import dev.prdiff.source.PullRequestInfo;

import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * What both the CLI and the MCP tools ask for: a diff, a file list, a pull request's metadata. Each picks the
 * service for the request's target ({@link RepositoryDiffs} for a local one, {@link PullRequestDiffs} for a pull
 * request), which writes its answer through {@link AnswerWriter}. Notices (the resolved range, warnings) go to
 * {@code notices}, never into the diff.
 */
public final class Prdiff {
    private Prdiff() {}

    private static final java.util.regex.Pattern PULL_REQUEST_SHAS =
            java.util.regex.Pattern.compile("pull request #\\d+ \\(head ");

    /**
     * True for the notice naming what was diffed: a local range with its SHAs ("range A...B (base ...)"), or a
     * pull request's head and base. The CLI prints it when it chose the range itself, or with -v.
     */
    public static boolean namesTheDiff(String notice) {
        return notice.startsWith("range ") || PULL_REQUEST_SHAS.matcher(notice).lookingAt();
    }

    /** Writes the unified diff (or only the selected files' sections) to {@code out}. */
    public static void diff(DiffRequest request, OutputStream out, Consumer<String> notices) {
        diff(request, out, notices, range -> {});
    }

    /** As {@link #diff(DiffRequest, OutputStream, Consumer)}; {@code resolved} hears the range the diff is of. */
    public static void diff(DiffRequest request, OutputStream out, Consumer<String> notices,
            Consumer<DiffEnvelope.Range> resolved) {
        try (CacheNotes.Heard heard = request.context().session().folders().notes().listen()) {
            try {
                RequestRules.logAlone(request);
                if (request.target() instanceof Target.PullRequest pr) {
                    PullRequestDiffs diffs = new PullRequestDiffs(request, pr);
                    RequestRules.liveDiffAllows(request, diffs.servesItsOwnDiff());
                    diffs.diff(out, notices, resolved);
                } else {
                    new RepositoryDiffs(request).diff(out, notices, resolved);
                }
            } finally {
                heard.tell(notices);
            }
        }
    }

    /** The changed files with their counts, no diff body. */
    public static FileList files(DiffRequest request, Consumer<String> notices) {
        RequestRules.fileListAlone(request);
        try (CacheNotes.Heard heard = request.context().session().folders().notes().listen()) {
            try {
                FileList all = request.target() instanceof Target.PullRequest pr
                        ? new PullRequestDiffs(request, pr).files(notices)
                        : new RepositoryDiffs(request).files(notices);
                return AnswerWriter.page(all, request.shape().output(), notices);
            } finally {
                heard.tell(notices);
            }
        }
    }

    /** A pull request's metadata as its source reports it: head and base SHAs and refs, state, title, URL. */
    public static PullRequestInfo info(DiffRequest request) {
        Target.PullRequest pr = RequestRules.infoTarget(request);
        try {
            return new PullRequestDiffs(request, pr).info();
        } finally {
            request.context().session().folders().newUse(); // the next call checks the cache folders anew
        }
    }
}
