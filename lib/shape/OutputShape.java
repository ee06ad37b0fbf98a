package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.JsonText;
import dev.prdiff.core.Pagination;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Which of the changed files an answer shows: a {@link FileFilter}, then one page of what is left, in diff
 * order (--top, --skip), and how much of each ({@link SectionLimits}). The same rules apply to diff sections
 * and to file-list entries, for the CLI and MCP alike, so page N of the diff holds exactly the files of page N
 * of the file list.
 *
 * @param top    how many files a page shows; null: all from {@code skip} on
 * @param skip   how many files (after filtering) come before the page
 * @param limits the byte and line budgets, binary and generated trimming; they shape diffs, never file lists
 */
public record OutputShape(FileFilter filter, Integer top, int skip, SectionLimits limits) {
    public static final OutputShape NONE = new OutputShape(FileFilter.NONE, null, 0);

    public OutputShape(FileFilter filter, Integer top, int skip) {
        this(filter, top, skip, SectionLimits.NONE);
    }

    public OutputShape {
        filter = filter == null ? FileFilter.NONE : filter;
        limits = limits == null ? SectionLimits.NONE : limits;
        if (top != null && top < 1) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "top must be at least 1, got " + top);
        }
        if (skip < 0) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "skip must be 0 or more, got " + skip);
        }
    }

    /** True when the answer is not simply every changed file, whole. */
    public boolean active() {
        return selects() || limits.active();
    }

    /**
     * True when git's (or GitHub's) diff can go to {@code out} as it is: nothing to shape, and {@code out} is not a
     * {@link SectionCollector}, which needs each section apart.
     */
    public boolean passesThrough(OutputStream out) {
        return !active() && !(out instanceof SectionCollector);
    }

    /** True when not every changed file is shown. */
    public boolean selects() {
        return !filter.isEmpty() || paged();
    }

    /** This shape with other limits. */
    public OutputShape limited(SectionLimits limits) {
        return new OutputShape(filter, top, skip, limits);
    }

    public boolean paged() {
        return top != null || skip > 0;
    }

    /**
     * What shaping left out: {@code removed} files by the filter; the page, when paged; the sections cut by
     * --max-lines, the generated files trimmed, and what the byte budget did (null without one); {@code words}: the
     * caller's, whose names of options the notices use.
     */
    public record Outcome(int removed, int before, Pagination pagination, List<String> cut, int generated,
            ByteBudget.Result budget, Refetch words) {
        Outcome(int removed, int before, Pagination pagination) {
            this(removed, before, pagination, List.of(), 0, null, Refetch.PLAIN);
        }

        /** The call that fetches a file the byte budget left out, with {@link Refetch#PATH} for it; null if none. */
        public String leftOutCall() {
            return budget == null ? null : budget.template();
        }

        /** The call that continues after what the byte budget showed; null when nothing follows. */
        public String nextCall() {
            return budget == null ? null : budget.next();
        }
    }

    /** The entries kept by the filter, then the page of them, with what was left out. */
    public Shaped list(List<FileEntry> files) {
        List<FileEntry> kept = files.stream()
                .filter(f -> filter.keeps(f.name(), f.previousName(), f.status()))
                .toList();
        Pagination page = Pagination.of(kept.size(), top, skip);
        int from = Math.min(skip, kept.size());
        List<FileEntry> shown = paged() ? kept.subList(from, from + page.showing()) : kept;
        return new Shaped(shown, new Outcome(files.size() - kept.size(), files.size(), paged() ? page : null));
    }

    public record Shaped(List<FileEntry> files, Outcome outcome) {}

    /**
     * Copies the sections of {@code diff} that {@code selected} accepts (the --file selection, judged first),
     * the filter keeps and the page holds, each byte for byte unless the limits trim it; counts as it reads and
     * holds no more than one section header, what a limit keeps back, and the sections a byte budget takes.
     * {@code refetch} names the calls that markers and the table of contents offer.
     */
    public Outcome copy(InputStream diff, OutputStream out, Predicate<FileSection> selected, Refetch refetch)
            throws IOException {
        DiffParser parser = new DiffParser(diff);
        SectionPipe pipe = new SectionPipe(limits, out, refetch);
        int[] counts = new int[2]; // selected, kept
        Predicate<FileSection> wanted = s -> {
            if (!selected.test(s)) {
                return false;
            }
            counts[0]++;
            if (!filter.keeps(s.path(), s.previousPath(), s.changeType().label())) {
                return false;
            }
            int index = counts[1]++;
            boolean onPage = index >= skip && (top == null || index < (long) skip + top);
            if (onPage) {
                pipe.open(s);
            }
            return onPage;
        };
        for (FileSection s; (s = parser.copyNext(wanted, pipe)) != null; ) {
            pipe.close(s);
        }
        int kept = counts[1];
        return pipe.outcome(counts[0] - kept, counts[0], paged() ? Pagination.of(kept, top, skip) : null);
    }

    /** The notice of a page: {@code pagination: {...}}, and the skip of the next page when there is one. */
    public static String pageNotice(Pagination p) {
        return "pagination: " + JsonText.compact(p) + (p.hasMore() ? "; next page: skip " + p.nextSkip() : "");
    }

    /** How the truncation warning ends for a text answer; an envelope, which has no table, words it its own way. */
    public static final String TABLE_OF_CONTENTS = "; the table of contents at the top lists the files left out";

    /**
     * Tells {@code notices} what shaping left out: a warning naming the filter and how many files it removed,
     * and the page as {@code pagination: {...}} JSON.
     */
    public void report(Outcome outcome, Consumer<String> notices) {
        if (!filter.isEmpty()) {
            notices.accept("warning: filter applied (" + filter.describe() + "): it removed "
                    + outcome.removed() + " of " + outcome.before() + " changed files");
        }
        if (outcome.pagination() != null) {
            notices.accept(pageNotice(outcome.pagination()));
        }
        if (!outcome.cut().isEmpty()) {
            notices.accept("warning: " + outcome.words().option("--max-lines") + " " + limits.maxLines() + " cut "
                    + outcome.cut().size() + " files: "
                    + String.join(", ", outcome.cut().stream().map(PathBytes::inLine).toList()));
        }
        if (outcome.generated() > 0) {
            notices.accept("warning: the changes of " + outcome.generated() + " generated files (lock files, generated"
                    + " code) are left out, each marked in its section");
        }
        ByteBudget.Result budget = outcome.budget();
        if (budget != null && budget.paged()) {
            if (budget.next() != null) {
                notices.accept("warning: the file's section is larger than max bytes " + limits.maxBytes() + ": it is"
                        + " shown a page of its lines at a time; the text's last line names the call for the next");
            }
        } else if (budget != null && budget.truncated()) {
            notices.accept("warning: truncated: " + budget.shown() + " of " + budget.total() + " files shown, "
                    + budget.shownBytes() + " of " + budget.originalBytes() + " bytes (max bytes " + limits.maxBytes()
                    + ")" + TABLE_OF_CONTENTS);
        }
    }

}
