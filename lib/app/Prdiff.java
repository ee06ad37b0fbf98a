package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;

import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * The operations behind both the CLI and the MCP tools. Notices (the resolved range, warnings) go to
 * {@code notices}, never into the diff.
 */
public final class Prdiff {
    private Prdiff() {}

    /** Writes the unified diff (or only the selected files' sections) to {@code out}. */
    public static void diff(DiffRequest request, OutputStream out, Consumer<String> notices) {
        if (request.target() instanceof Target.PullRequest) {
            throw notYet();
        }
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
        if (request.target() instanceof Target.PullRequest) {
            throw notYet();
        }
        LocalDiffs local = local(request);
        DiffSpec spec = resolve(local, request.target(), notices);
        var files = local.files(spec);
        if (request.selectsFiles()) {
            var wanted = PathSelection.of(request.files());
            files = files.stream()
                    .filter(f -> wanted.contains(f.path()) || (f.previousPath() != null && wanted.contains(f.previousPath())))
                    .toList();
        }
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    static LocalDiffs local(DiffRequest request) {
        var dir = request.dir() != null ? request.dir() : java.nio.file.Path.of("");
        var timeout = request.timeout() != null ? request.timeout() : Git.DEFAULT_TIMEOUT;
        return new LocalDiffs(Git.open(dir, timeout));
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
            throw notYet();
        }
        notices.accept("range " + spec.range());
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

    private static PrdiffException notYet() {
        return new PrdiffException(ErrorCode.INVALID_INPUT, "pull requests are not supported in this build");
    }
}
