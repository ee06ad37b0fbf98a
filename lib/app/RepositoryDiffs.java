package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.git.Revisions;
import dev.prdiff.shape.Refetch;
import dev.prdiff.shape.SectionCollector;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Diffs of a local repository's targets: a range, a commit, one revision, or the branch against its base with
 * the work tree (auto-detection). Notices (the resolved range, warnings) go to {@code notices}, never into the diff.
 */
final class RepositoryDiffs {
    private final DiffRequest request;
    private final LocalDiffs local;
    /** The base prdiff with no TARGET compared HEAD with, once resolved; null for other targets. */
    private String autoBase;
    /** What the work tree adds or leaves out, told after the range it was resolved to. */
    private final List<String> workTreeNotes = new ArrayList<>();

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
            if (request.fetch().since() == null) {
                sayWhyEmpty(spec, true, notices);
            }
            resolved.accept(DiffEnvelope.Range.of(spec, RangeWording.local(request.target(), spec)));
            AnswerWriter.log(local, spec, oneCommit(request.target()), PathSelection.of(request, local.git()), request,
                    out, notices);
            return;
        }
        DiffSpec diffed = EarlierHead.since(local, spec, request.fetch().since(), notices);
        String how = RangeWording.local(request.target(), spec);
        resolved.accept(DiffEnvelope.Range.of(diffed, diffed == spec ? how : RangeWording.since(how, diffed)));
        // Why an answer is empty is asked of git only when the diff wrote nothing: a collector knows its sections,
        // and any other output is counted on its way.
        SectionCollector collector = out instanceof SectionCollector c ? c : null;
        CountedOutput counted = collector == null ? new CountedOutput(out) : null;
        AnswerWriter.fromObjects(local, diffed, PathSelection.of(request, local.git()), request,
                collector != null ? collector : counted, notices);
        boolean mayBeEmpty = collector != null ? collector.sections().isEmpty() : counted.mayBeEmpty();
        if (request.fetch().since() == null && mayBeEmpty) {
            sayWhyEmpty(spec, false, notices);
        }
    }

    /** The changed files with their counts, every page. */
    FileList files(Consumer<String> notices) {
        DiffSpec resolved = resolve(notices);
        DiffSpec spec = EarlierHead.since(local, resolved, request.fetch().since(), notices);
        var files = AnswerWriter.listed(local, spec, PathSelection.of(request, local.git()), request, notices);
        if (request.fetch().since() == null && files.isEmpty()) {
            sayWhyEmpty(resolved, false, notices);
        }
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    /**
     * Why a diff of commits is empty, when it is whatever its paths (a list of commits: when it has none). A
     * revision or no TARGET on the commit HEAD is on is warned of already, when it is resolved; so are paths and
     * filters that kept nothing.
     */
    private void sayWhyEmpty(DiffSpec spec, boolean log, Consumer<String> notices) {
        if (!request.selection().files().isEmpty() || !request.shape().output().filter().isEmpty()) {
            return; // a path or filter that kept nothing is warned of already, and the check is one more git call
        }
        Target target = request.target();
        Target.Range range = Target.rangeOf(target);
        String base = range != null ? range.base() : target instanceof Target.Auto ? autoBase : null;
        String head = range != null ? range.head() : target instanceof Target.Commit c ? c.rev()
                : target instanceof Target.Rev r ? r.rev() : "HEAD";
        boolean headOnBase = spec.baseSha() != null && spec.baseSha().equals(spec.headSha());
        if (!spec.objectsOnly() || (headOnBase && (target instanceof Target.Auto || target instanceof Target.Rev))
                || (log && (base == null || !(headOnBase || spec.headSha().equals(spec.mergeBaseSha()))))) {
            return;
        }
        String why = RangeNotes.whyEmpty(local, spec, base, head, range == null || range.threeDot(),
                request.shape().refetch());
        if (why != null) {
            boolean checkedTree = target instanceof Target.Auto a && a.base() == null;
            notices.accept(checkedTree ? why + "; the tree is clean" : why);
        }
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
        workTreeNotes.forEach(notices);
        return spec;
    }

    /** {@code prdiff REV}: an object id is that commit (as --commit), any other revision REV...HEAD. */
    private DiffSpec shorthand(String rev, Consumer<String> notices) {
        if (Revisions.isObjectId(rev)) {
            return local.commit(rev);
        }
        DiffSpec spec = local.range(rev, "HEAD", true);
        Git git = local.git();
        // A list of commits holds no uncommitted change, so it leaves none out. Asked for paths, the answer is the
        // caller's choice, and reading the work tree (git diff --quiet refreshes the index) would cost every call.
        boolean dirty = !request.shape().log() && request.selection().files().isEmpty() && !git.isBare()
                && git.enclosingWorkTree() == null && local.isDirty();
        if (spec.baseSha().equals(spec.headSha())) {
            notices.accept("warning: " + rev + " is the commit HEAD is on, so " + rev + "...HEAD is empty; for"
                    + " uncommitted changes run prdiff with no TARGET, for the last commit prdiff --commit HEAD");
        } else if (dirty) {
            workTreeNotes.add(RangeNotes.workTreeLeftOut(rev));
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
                Refetch words = request.shape().refetch();
                throw new PrdiffException(ErrorCode.INVALID_INPUT, git.workDir() + " is a bare repository: it has no"
                        + " work tree and no branch of yours to compare; name what to diff, e.g. "
                        + words.rangeCall("main", "feature") + ", " + words.commitCall("REV")
                        + ", or a pull request number");
            }
            return local.range(auto.base(), "HEAD", true);
        }
        if (!git.hasCommit("HEAD")) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "HEAD has no commit yet (a new repository or an orphan"
                    + " branch), so there is nothing to compare with; commit first, or name a range of existing"
                    + " commits, e.g. " + request.shape().refetch().rangeCall("main", "feature"));
        }
        String base = auto.base() != null ? auto.base() : local.defaultBase();
        autoBase = base;
        LocalDiffs.WorkTree mode = auto.workTree();
        boolean chosen = auto.base() == null && mode == null; // prdiff alone: prdiff reads the work tree to choose
        if (chosen && local.isDirty()) {
            mode = LocalDiffs.WorkTree.TRACKED;
        }
        if (mode != null && request.fetch().since() != null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--since compares the commits of two heads, and "
                    + (chosen ? "this tree has uncommitted changes, which prdiff with no TARGET includes"
                            : "--cached and --untracked add uncommitted changes")
                    + "; for the commits alone run prdiff " + (base != null ? base : "BASE") + " --since "
                    + request.fetch().since() + (chosen ? " (or commit or stash the changes first)" : ""));
        }
        if (chosen && !request.shape().log() && request.selection().files().isEmpty()) {
            String untracked = RangeNotes.untrackedLeftOut(local.untrackedNames(), request.shape().refetch());
            if (mode != null && base != null) {
                workTreeNotes.add(RangeNotes.workTreeIncluded(base, request.shape().refetch()));
            }
            if (untracked != null) {
                workTreeNotes.add(untracked);
            }
        }
        if (base == null) {
            notices.accept("warning: no base branch found (no upstream, origin/HEAD, origin/main, master or trunk,"
                    + " nor a local main, master or trunk), so only uncommitted changes against HEAD are shown;"
                    + " name the base with " + request.shape().refetch().option("--base") + " REF, or a range");
            return local.workingTree(mode != null ? mode : LocalDiffs.WorkTree.TRACKED);
        }
        DiffSpec spec = mode == null ? local.range(base, "HEAD", true) : local.workTreeSince(base, mode);
        if (mode == null && spec.baseSha().equals(spec.headSha())) {
            notices.accept("warning: HEAD is " + base + " itself and the tree is clean, so there is nothing to show;"
                    + " for the last commit run " + request.shape().refetch().commitCall("HEAD") + ", or name a range");
        }
        return spec;
    }
}
