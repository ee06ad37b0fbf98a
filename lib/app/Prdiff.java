package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.github.PullRequestInfo;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The operations behind both the CLI and the MCP tools. Notices (the resolved range, warnings) go to
 * {@code notices}, never into the diff.
 */
public final class Prdiff {
    private Prdiff() {}

    /** Writes the unified diff (or only the selected files' sections) to {@code out}. */
    public static void diff(DiffRequest request, OutputStream out, Consumer<String> notices) {
        if (request.target() instanceof Target.PullRequest pr) {
            new PullRequestDiffs(request, pr).diff(out, notices);
            return;
        }
        requireNoPullRequestOptions(request);
        LocalDiffs local = local(request);
        DiffSpec spec = resolve(local, request.target(), notices);
        if (request.selectsFiles()) {
            local.writeFiles(spec, PathSelection.of(request.files()), out);
        } else {
            local.write(spec, out);
        }
    }

    /** The changed files with their counts, no diff body. */
    public static FileList files(DiffRequest request, Consumer<String> notices) {
        if (request.target() instanceof Target.PullRequest pr) {
            return new PullRequestDiffs(request, pr).files(notices);
        }
        requireNoPullRequestOptions(request);
        LocalDiffs local = local(request);
        DiffSpec spec = resolve(local, request.target(), notices);
        var files = request.selectsFiles() ? local.files(spec, PathSelection.of(request.files())) : local.files(spec);
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    /** A pull request's metadata as GitHub reports it: head and base SHAs and refs, state, title, URL. */
    public static PullRequestInfo info(DiffRequest request) {
        if (!(request.target() instanceof Target.PullRequest pr)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--info needs a pull request number or URL");
        }
        return new PullRequestDiffs(request, pr).info();
    }

    private static void requireNoPullRequestOptions(DiffRequest request) {
        if (request.repo() != null || request.sha() != null || request.baseSha() != null || request.noFetch()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT,
                    "--repo, --sha, --base-sha and --no-fetch apply only to pull requests");
        }
    }

    static LocalDiffs local(DiffRequest request) {
        Path dir = request.dir() != null ? request.dir() : Path.of("");
        return new LocalDiffs(Git.open(dir, request.timeoutOrDefault(), request.env()));
    }

    /** Turns a local target into a diff spec, telling the caller which range was chosen. */
    static DiffSpec resolve(LocalDiffs local, Target target, Consumer<String> notices) {
        DiffSpec spec;
        if (target instanceof Target.Range r) {
            spec = local.range(r.base(), r.head(), r.threeDot());
        } else if (target instanceof Target.Commit c) {
            spec = local.commit(c.rev());
        } else if (target instanceof Target.Auto a) {
            spec = auto(local, a);
        } else {
            throw new IllegalArgumentException("not a local target: " + target);
        }
        notices.accept("range " + spec.described());
        spec.warnings().forEach(w -> notices.accept("warning: " + w));
        return spec;
    }

    private static DiffSpec auto(LocalDiffs local, Target.Auto auto) {
        if (auto.base() != null) {
            return local.range(auto.base(), "HEAD", true);
        }
        if (local.isDirty()) {
            return local.workingTree();
        }
        String base = local.defaultBase();
        if (base != null) {
            return local.range(base, "HEAD", true);
        }
        return local.workingTree();
    }
}
