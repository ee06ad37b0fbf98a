package dev.prdiff.app;

import dev.prdiff.core.CacheNotes;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.Pagination;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.Interdiff;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.git.Revisions;
import dev.prdiff.github.PullRequestInfo;
import dev.prdiff.shape.OutputShape;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The operations behind both the CLI and the MCP tools. Notices (the resolved range, warnings) go to
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
        try (CacheNotes.Heard heard = request.session().folders().notes().listen()) {
            try {
                diffHeard(request, out, notices, resolved);
            } finally {
                heard.tell(notices);
            }
        }
    }

    private static void diffHeard(DiffRequest request, OutputStream out, Consumer<String> notices,
            Consumer<DiffEnvelope.Range> resolved) {
        RequestRules.logAlone(request);
        if (request.target() instanceof Target.PullRequest pr) {
            RequestRules.liveDiffAllows(request);
            new PullRequestDiffs(request, pr).diff(out, notices, resolved);
            return;
        }
        RequestRules.noPullRequestOptions(request);
        LocalDiffs local = local(request);
        DiffSpec spec = resolve(local, request.target(), notices);
        if (request.log()) {
            resolved.accept(DiffEnvelope.Range.of(spec, RangeWording.local(request.target(), spec)));
            log(local, spec, oneCommit(request.target()), request, out, notices);
            return;
        }
        DiffSpec diffed = since(local, spec, request, notices);
        String how = RangeWording.local(request.target(), spec);
        resolved.accept(DiffEnvelope.Range.of(diffed, diffed == spec ? how : RangeWording.since(how, diffed)));
        write(local, diffed, selection(request, local.git()), request, out, notices);
    }

    /**
     * The range's commits, or those touching the request's paths, one page of them when it asks for one (top and
     * skip count commits here), the page told to {@code notices} as a file list's page is.
     */
    static void log(LocalDiffs local, DiffSpec spec, boolean oneCommit, DiffRequest request, OutputStream out,
            Consumer<String> notices) {
        PathSelection selection = selection(request, local.git());
        java.util.Collection<String> paths = selection == null ? List.of() : selection.paths();
        OutputShape shape = request.shape();
        local.log(spec, oneCommit, new LocalDiffs.LogPage(shape.skip(), shape.top(), paths), out);
        if (shape.paged()) {
            notices.accept(OutputShape.pageNotice(Pagination.of(local.logCount(spec, oneCommit, paths), shape.top(),
                    shape.skip())));
        }
    }

    /** --commit REV, or a revision that is an object id: the log is that one commit. */
    static boolean oneCommit(Target target) {
        return target instanceof Target.Commit || (target instanceof Target.Rev r && Revisions.isObjectId(r.rev()));
    }

    /** The interdiff since the request's earlier head when it asks for one (told to notices), else {@code spec}. */
    static DiffSpec since(LocalDiffs local, DiffSpec spec, DiffRequest request, Consumer<String> notices) {
        if (request.since() == null) {
            return spec;
        }
        Interdiff interdiff = local.since(spec, request.since());
        notices.accept(interdiff.described());
        interdiff.spec().warnings().forEach(w -> notices.accept("warning: " + w));
        return interdiff.spec();
    }

    /** The whole diff, or the selected paths' sections with a warning for each that matched nothing. */
    static void write(LocalDiffs local, DiffSpec spec, PathSelection selection, DiffRequest asked, OutputStream out,
            Consumer<String> notices) {
        if (asked.stat()) {
            stat(local, spec, selection, asked, out, notices);
            return;
        }
        DiffRequest request = selection == null
                ? GeneratedMarks.at(asked, local.git(), spec.headSha(), () -> local.changedNames(spec))
                : GeneratedMarks.askedFor(GeneratedMarks.forSelection(asked, local.git(), spec.headSha(),
                        selection.paths(), () -> local.changedNames(spec)), selection);
        if (selection == null && request.shape().passesThrough(out)) {
            local.write(spec, out);
            return;
        }
        // An inactive shape copies exactly the selected sections and reports nothing.
        List<String> touched = new ArrayList<>();
        OutputShape.Outcome[] outcome = {null};
        // Nothing to shape and a diff of the selected files alone: git's text as it is, no section parsed.
        LocalDiffs.OnlyWanted asItIs = selection == null || !request.shape().passesThrough(out) ? null
                : (in, sectionPaths) -> {
                    touched.addAll(sectionPaths);
                    in.transferTo(out);
                };
        local.read(spec, selection == null ? null : selection.paths(), asItIs, in -> outcome[0] = request.shape()
                .copy(in, out, s -> selection == null || selection.takes(s, touched), request.refetch()));
        if (selection != null) {
            selection.report(touched, () -> local.changedPaths(spec), request.strict(), request.timeoutOrDefault(),
                    notices);
        }
        if (outcome[0] != null) {
            request.shape().report(outcome[0], notices);
        }
    }

    /** git's diffstat of the whole range, or of the selected, filtered files of one page. */
    private static void stat(LocalDiffs local, DiffSpec spec, PathSelection selection, DiffRequest request,
            OutputStream out, Consumer<String> notices) {
        if (selection == null && !request.shape().selects()) {
            local.stat(spec, out);
            return;
        }
        List<FileEntry> files = list(local, spec, selection, request, notices);
        OutputShape.Shaped shaped = request.shape().list(files);
        request.shape().report(shaped.outcome(), notices);
        List<String> paths = new ArrayList<>();
        for (FileEntry f : shaped.files()) {
            paths.add(f.path());
            if (f.previousPath() != null) {
                paths.add(f.previousPath());
            }
        }
        local.stat(spec, paths, out);
    }

    /** The changed files, or the selected ones with a warning for each path that matched nothing. */
    static List<FileEntry> list(LocalDiffs local, DiffSpec spec, PathSelection selection, DiffRequest request,
            Consumer<String> notices) {
        if (selection == null) {
            return local.files(spec);
        }
        List<FileEntry> files = local.files(spec, selection.paths());
        selection.report(paths(files), () -> local.changedPaths(spec), request.strict(), request.timeoutOrDefault(),
                notices);
        return files;
    }

    static List<String> paths(List<FileEntry> files) {
        List<String> paths = new ArrayList<>();
        for (FileEntry f : files) {
            paths.add(f.path());
            paths.add(f.previousPath());
        }
        return paths;
    }

    /**
     * The request's paths, relative to the folder they were typed in when they come from the CLI; null when
     * nothing is selected or the selection is the whole tree.
     */
    static PathSelection selection(DiffRequest request, Git git) {
        if (!request.selectsFiles()) {
            return null;
        }
        PathSelection selection = request.pathsFromDir() && git != null
                ? PathSelection.of(request.files(), git.prefix(), git.topLevel())
                : PathSelection.of(request.files());
        return selection.everything() ? null : selection;
    }

    /** The changed files with their counts, no diff body. */
    public static FileList files(DiffRequest request, Consumer<String> notices) {
        RequestRules.fileListAlone(request);
        try (CacheNotes.Heard heard = request.session().folders().notes().listen()) {
            try {
                return shaped(unshaped(request, notices), request.shape(), notices);
            } finally {
                heard.tell(notices);
            }
        }
    }

    /** One page of the filtered list, with what was left out told to {@code notices}. */
    static FileList shaped(FileList list, OutputShape shape, Consumer<String> notices) {
        if (!shape.active()) {
            return list;
        }
        OutputShape.Shaped shaped = shape.list(list.files());
        shape.report(shaped.outcome(), notices);
        return list.with(shaped.files(), shaped.outcome().pagination());
    }

    private static FileList unshaped(DiffRequest request, Consumer<String> notices) {
        if (request.target() instanceof Target.PullRequest pr) {
            return new PullRequestDiffs(request, pr).files(notices);
        }
        RequestRules.noPullRequestOptions(request);
        LocalDiffs local = local(request);
        DiffSpec spec = since(local, resolve(local, request.target(), notices), request, notices);
        var files = list(local, spec, selection(request, local.git()), request, notices);
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    /** A pull request's metadata as GitHub reports it: head and base SHAs and refs, state, title, URL. */
    public static PullRequestInfo info(DiffRequest request) {
        Target.PullRequest pr = RequestRules.infoTarget(request);
        try {
            return new PullRequestDiffs(request, pr).info();
        } finally {
            request.session().folders().newUse(); // the next call checks the cache folders anew
        }
    }

    static LocalDiffs local(DiffRequest request) {
        Path dir = request.dir() != null ? request.dir() : Path.of("");
        // A range's revisions (a lone REV's too, REV...HEAD) are resolved with the repository, in one rev-parse.
        Target.Range r = Target.rangeOf(request.target());
        Git.RangeRevisions early = r == null ? null : new Git.RangeRevisions(r.base(), r.head(), r.threeDot());
        return new LocalDiffs(request.session().open(dir, request.timeoutOrDefault(), early), request.contextLines());
    }

    /** Turns a local target into a diff spec, telling the caller which range was chosen. */
    static DiffSpec resolve(LocalDiffs local, Target target, Consumer<String> notices) {
        DiffSpec spec;
        if (target instanceof Target.Range r) {
            spec = local.range(r.base(), r.head(), r.threeDot());
        } else if (target instanceof Target.Commit c) {
            spec = local.commit(c.rev());
        } else if (target instanceof Target.Rev r) {
            spec = shorthand(local, r.rev(), notices);
        } else if (target instanceof Target.Auto a) {
            spec = auto(local, a, notices);
        } else {
            throw new IllegalArgumentException("not a local target: " + target);
        }
        notices.accept("range " + spec.described());
        spec.warnings().forEach(w -> notices.accept("warning: " + w));
        return spec;
    }

    /** {@code prdiff REV}: an object id is that commit (as --commit), any other revision REV...HEAD. */
    private static DiffSpec shorthand(LocalDiffs local, String rev, Consumer<String> notices) {
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
    private static DiffSpec auto(LocalDiffs local, Target.Auto auto, Consumer<String> notices) {
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
