package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.git.Revisions;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Diffs of a local repository's targets: a range, a commit, one revision, or the branch against its base with
 * the work tree (auto-detection). Notices (the resolved range, warnings) go to {@code notices}, never into the diff.
 */
final class RepositoryDiffs {
    private final DiffRequest request;
    private final LocalDiffs local;

    /** Opens the request's repository; a local target takes none of a pull request's options. */
    RepositoryDiffs(DiffRequest request) {
        RequestRules.noPullRequestOptions(request);
        this.request = request;
        Path dir = request.context().dirOrHere();
        // A range's revisions (a lone REV's too, REV...HEAD) are resolved with the repository, in one rev-parse.
        Target.Range r = Target.rangeOf(request.target());
        Git.RangeRevisions early = r == null ? null : new Git.RangeRevisions(r.base(), r.head(), r.threeDot());
        this.local = new LocalDiffs(request.context().session().open(dir, request.context().timeoutOrDefault(), early),
                request.shape().contextLines());
    }

    /** The diff (or its stat, or the range's commits) to {@code out}; {@code resolved} hears the range it is of. */
    void diff(OutputStream out, Consumer<String> notices, Consumer<DiffEnvelope.Range> resolved) {
        DiffSpec spec = resolve(notices);
        if (request.shape().log()) {
            resolved.accept(DiffEnvelope.Range.of(spec, RangeWording.local(request.target(), spec)));
            local.log(spec, oneCommit(request.target()), out);
            return;
        }
        DiffSpec diffed = EarlierHead.since(local, spec, request.fetch().since(), notices);
        String how = RangeWording.local(request.target(), spec);
        resolved.accept(DiffEnvelope.Range.of(diffed, diffed == spec ? how : RangeWording.since(how, diffed)));
        AnswerWriter.fromObjects(local, diffed, PathSelection.of(request, local.git()), request, out, notices);
    }

    /** The changed files with their counts, every page. */
    FileList files(Consumer<String> notices) {
        DiffSpec spec = EarlierHead.since(local, resolve(notices), request.fetch().since(), notices);
        var files = AnswerWriter.listed(local, spec, PathSelection.of(request, local.git()), request, notices);
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    /** --commit REV, or a revision that is an object id: the log is that one commit. */
    private static boolean oneCommit(Target target) {
        return target instanceof Target.Commit || (target instanceof Target.Rev r && Revisions.isObjectId(r.rev()));
    }

    /** Turns the target into a diff spec, telling the caller which range was chosen. */
    private DiffSpec resolve(Consumer<String> notices) {
        Target target = request.target();
        DiffSpec spec;
        if (target instanceof Target.Range r) {
            spec = local.range(r.base(), r.head(), r.threeDot());
        } else if (target instanceof Target.Commit c) {
            spec = local.commit(c.rev());
        } else if (target instanceof Target.Rev r) {
            spec = shorthand(r.rev(), notices);
        } else if (target instanceof Target.Auto a) {
            spec = auto(a, notices);
        } else {
            throw new IllegalArgumentException("not a local target: " + target);
        }
        notices.accept("range " + spec.described());
        spec.warnings().forEach(w -> notices.accept("warning: " + w));
        return spec;
    }

    /** {@code prdiff REV}: an object id is that commit (as --commit), any other revision REV...HEAD. */
    private DiffSpec shorthand(String rev, Consumer<String> notices) {
        if (Revisions.isObjectId(rev)) {
            return local.commit(rev);
        }
        DiffSpec spec = local.range(rev, "HEAD", true);
        if (spec.baseSha().equals(spec.headSha())) {
            notices.accept("warning: " + rev + " is the commit HEAD is on, so " + rev + "...HEAD is empty; for"
                    + " uncommitted changes run prdiff with no TARGET, for the last commit prdiff --commit HEAD");
        }
        return spec;
    }

    /**
     * The range a reviewer would pick: HEAD against the given base or {@link LocalDiffs#defaultBase()}, from
     * their merge base, with the uncommitted changes when the tree is dirty (unless a base was given) or
     * --cached/--untracked ask for them.
     */
    private DiffSpec auto(Target.Auto auto, Consumer<String> notices) {
        Git git = local.git();
        if (git.isBare()) {
            if (auto.base() == null || auto.workTree() != null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, git.workDir() + " is a bare repository: it has no"
                        + " work tree and no branch of yours to compare; name what to diff, e.g. prdiff main...feature,"
                        + " prdiff --commit REV, or a pull request number");
            }
            return local.range(auto.base(), "HEAD", true);
        }
        if (!git.hasCommit("HEAD")) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "HEAD has no commit yet (a new repository or an orphan"
                    + " branch), so there is nothing to compare with; commit first, or name a range of existing"
                    + " commits, e.g. prdiff main...feature");
        }
        String base = auto.base() != null ? auto.base() : local.defaultBase();
        LocalDiffs.WorkTree mode = auto.workTree();
        if (mode == null && auto.base() == null && local.isDirty()) {
            mode = LocalDiffs.WorkTree.TRACKED;
        }
        if (base == null) {
            notices.accept("warning: no base branch found (no upstream, origin/HEAD, origin/main, master or trunk,"
                    + " nor a local main, master or trunk), so only uncommitted changes against HEAD are shown;"
                    + " name the base with --base REF, or a range");
            return local.workingTree(mode != null ? mode : LocalDiffs.WorkTree.TRACKED);
        }
        DiffSpec spec = mode == null ? local.range(base, "HEAD", true) : local.workTreeSince(base, mode);
        if (mode == null && spec.baseSha().equals(spec.headSha())) {
            notices.accept("warning: HEAD is " + base + " itself and the tree is clean, so there is nothing to show;"
                    + " for the last commit run prdiff --commit HEAD, or name a range");
        }
        return spec;
    }
}
