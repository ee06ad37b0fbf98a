package dev.prdiff.app;

import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.Pagination;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.shape.DiffStat;
import dev.prdiff.shape.OutputShape;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The one writer of a diff answer, for local diffs and pull requests alike: the whole diff or the selected files'
 * sections through the request's shape (filters, pages, limits and their table of contents, layout), a diffstat,
 * or a file list; a warning for each selected path that matched nothing, and what shaping left out, go to
 * {@code notices}. A diff comes either from git objects or as a source served it.
 */
final class AnswerWriter {
    private AnswerWriter() {}

    /** The diff of {@code spec} from git objects, or its diffstat; {@code selection} null: every file. */
    static void fromObjects(LocalDiffs local, DiffSpec spec, PathSelection selection, DiffRequest asked,
            OutputStream out, Consumer<String> notices) {
        if (asked.shape().stat()) {
            statFromObjects(local, spec, selection, asked, out, notices);
            return;
        }
        DiffRequest tabbed = EditorConfigTabs.at(asked, local.git(), spec.headSha());
        DiffRequest request = selection == null
                ? GeneratedMarks.at(tabbed, local.git(), spec.headSha(), () -> local.changedNames(spec))
                : GeneratedMarks.askedFor(GeneratedMarks.forSelection(tabbed, local.git(), spec.headSha(),
                        selection.paths(), () -> local.changedNames(spec)), selection);
        if (selection == null && request.shape().output().passesThrough(out)) {
            local.write(spec, out);
            return;
        }
        // An inactive shape copies exactly the selected sections and reports nothing.
        List<String> touched = new ArrayList<>();
        OutputShape.Outcome[] outcome = {null};
        // Nothing to shape and a diff of the selected files alone: git's text as it is, no section parsed.
        LocalDiffs.OnlyWanted asItIs = selection == null || !request.shape().output().passesThrough(out) ? null
                : (in, sectionPaths) -> {
                    touched.addAll(sectionPaths);
                    in.transferTo(out);
                };
        OutputShape shape = request.shape().output();
        local.read(spec, selection == null ? null : selection.paths(), asItIs, in -> outcome[0] = shape
                .copy(in, out, s -> selection == null || selection.takes(s, touched), request.shape().refetch()));
        if (selection != null) {
            selection.report(touched, () -> local.changedPaths(spec), request.selection().strict(),
                    request.context().timeoutOrDefault(), notices);
        }
        if (outcome[0] != null) {
            request.shape().output().report(outcome[0], notices);
        }
    }

    /**
     * The range's commits, or those touching the selected paths ({@code selection} null: any), one page of them
     * when the request asks for one (top and skip count commits here), the page told to {@code notices} as a file
     * list's page is; with stat, each commit's diffstat after it. Merges are listed as git log --first-parent
     * lists them, and a notice says so.
     */
    static void log(LocalDiffs local, DiffSpec spec, boolean oneCommit, PathSelection selection, DiffRequest request,
            OutputStream out, Consumer<String> notices) {
        Collection<String> paths = selection == null ? List.of() : selection.paths();
        OutputShape shape = request.shape().output();
        local.log(spec, oneCommit, new LocalDiffs.LogPage(shape.skip(), shape.top(), paths), request.shape().stat(),
                out);
        LocalDiffs.LogMerges merges = local.logMerges(spec, oneCommit, paths);
        if (merges.leftOut() > 0) {
            notices.accept(mergesNotice(merges, oneCommit));
        }
        if (shape.paged()) {
            notices.accept(OutputShape.pageNotice(Pagination.of(local.logCount(spec, oneCommit, paths), shape.top(),
                    shape.skip())));
        }
    }

    /**
     * What the first-parent list leaves out, in one line; said only when it leaves out a commit (a merge of the
     * base's own commits lists as git log does).
     */
    static String mergesNotice(LocalDiffs.LogMerges merges, boolean oneCommit) {
        String which = oneCommit ? "the merge" : merges.merges() == 1 ? "1 merge"
                : merges.merges() + " merges";
        String commits = merges.leftOut() == 1 ? "1 commit" : merges.leftOut() + " commits";
        return "log: listed as git log --first-parent lists it, each merge as one line: " + which + " brought in "
                + commits + " not listed";
    }

    /** git's diffstat of the whole range, or of the selected, filtered files of one page. */
    private static void statFromObjects(LocalDiffs local, DiffSpec spec, PathSelection selection,
            DiffRequest request, OutputStream out, Consumer<String> notices) {
        if (selection == null && !request.shape().output().selects()) {
            local.stat(spec, out);
            return;
        }
        List<FileEntry> files = listed(local, spec, selection, request, notices);
        OutputShape.Shaped shaped = request.shape().output().list(files);
        request.shape().output().report(shaped.outcome(), notices);
        List<String> paths = new ArrayList<>();
        for (FileEntry f : shaped.files()) {
            paths.add(f.path());
            if (f.previousPath() != null) {
                paths.add(f.previousPath());
            }
        }
        local.stat(spec, paths, out);
    }

    /** The changed files from git objects, or the selected ones with a warning for each path that matched nothing. */
    static List<FileEntry> listed(LocalDiffs local, DiffSpec spec, PathSelection selection, DiffRequest request,
            Consumer<String> notices) {
        if (selection == null) {
            return local.files(spec);
        }
        List<FileEntry> files = local.files(spec, selection.paths());
        selection.report(PathSelection.paths(files), () -> local.changedPaths(spec), request.selection().strict(),
                request.context().timeoutOrDefault(), notices);
        return files;
    }

    /**
     * A diff as {@code source} served it ("GitHub"): the whole diff, only the selected files' sections, or its
     * diffstat.
     */
    static void served(String source, InputStream diff, PathSelection selection, DiffRequest asked,
            OutputStream out, Consumer<String> notices) throws IOException {
        DiffRequest request = GeneratedMarks.askedFor(asked, selection);
        if (request.shape().stat()) {
            statOfServed(source, diff, selection, request, out, notices);
            return;
        }
        if (selection == null && request.shape().output().passesThrough(out)) {
            diff.transferTo(out);
            return;
        }
        // An inactive shape copies exactly the selected sections and reports nothing.
        List<String> touched = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        var outcome = request.shape().output().copy(diff, out, s -> {
            changed.add(s.oldPath());
            changed.add(s.newPath());
            return selection == null || selection.takes(s, touched);
        }, request.shape().refetch());
        if (selection != null) {
            selection.report(touched, () -> changed.stream().filter(Objects::nonNull).toList(),
                    request.selection().strict(), request.context().timeoutOrDefault(), notices);
        }
        request.shape().output().report(outcome, notices);
    }

    /**
     * The diffstat of a served diff (or of its selected, filtered files of one page), laid out as git diff --stat
     * lays it out; a binary file's sizes are not in a text diff, so its line reads Bin alone.
     */
    private static void statOfServed(String source, InputStream diff, PathSelection selection, DiffRequest request,
            OutputStream out, Consumer<String> notices) throws IOException {
        DiffParser parser = new DiffParser(diff, false);
        List<String> touched = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        Map<FileEntry, FileSection> sections = new IdentityHashMap<>();
        List<FileEntry> entries = new ArrayList<>();
        for (FileSection s; (s = parser.next()) != null; ) {
            changed.add(s.oldPath());
            changed.add(s.newPath());
            if (selection == null || selection.takes(s, touched)) {
                FileEntry e = FileEntry.of(s.path(), s.additions(), s.deletions(), s.changeType().label(),
                        s.previousPath(), s.binary());
                entries.add(e);
                sections.put(e, s);
            }
        }
        if (selection != null) {
            selection.report(touched, () -> changed.stream().filter(Objects::nonNull).toList(),
                    request.selection().strict(), request.context().timeoutOrDefault(), notices);
        }
        OutputShape.Shaped shaped = request.shape().output().list(entries);
        request.shape().output().report(shaped.outcome(), notices);
        List<DiffStat.File> files = new ArrayList<>();
        for (FileEntry e : shaped.files()) {
            FileSection s = sections.get(e);
            files.add(new DiffStat.File(s.oldPath(), s.newPath(), s.binary(), s.additions(), s.deletions(), null,
                    null));
        }
        out.write(DiffStat.render(files));
        if (files.stream().anyMatch(DiffStat.File::binary)) {
            notices.accept("warning: " + source + "'s diff does not carry the sizes of binary files, so their lines"
                    + " read 'Bin' where git diff --stat prints 'Bin OLD -> NEW bytes'; pin the head with "
                    + request.shape().refetch().option("--sha") + " for git's own diffstat");
        }
    }

    /** One page of the filtered list, with what was left out told to {@code notices}. */
    static FileList page(FileList list, OutputShape shape, Consumer<String> notices) {
        if (!shape.active()) {
            return list;
        }
        OutputShape.Shaped shaped = shape.list(list.files());
        shape.report(shaped.outcome(), notices);
        return list.with(shaped.files(), shaped.outcome().pagination());
    }
}
