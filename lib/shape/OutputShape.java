package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.Json;
import dev.prdiff.core.Pagination;
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
 * order (--top, --skip). The same rules apply to diff sections and to file-list entries, for the CLI and MCP
 * alike, so page N of the diff holds exactly the files of page N of the file list.
 *
 * @param top  how many files a page shows; null: all from {@code skip} on
 * @param skip how many files (after filtering) come before the page
 */
public record OutputShape(FileFilter filter, Integer top, int skip) {
    public static final OutputShape NONE = new OutputShape(FileFilter.NONE, null, 0);

    public OutputShape {
        filter = filter == null ? FileFilter.NONE : filter;
        if (top != null && top < 1) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "top must be at least 1, got " + top);
        }
        if (skip < 0) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "skip must be 0 or more, got " + skip);
        }
    }

    /** True when the answer is not simply every changed file. */
    public boolean active() {
        return !filter.isEmpty() || paged();
    }

    public boolean paged() {
        return top != null || skip > 0;
    }

    /** What shaping left out: {@code removed} files by the filter; the page, when paged. */
    public record Outcome(int removed, int before, Pagination pagination) {}

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
     * the filter keeps and the page holds, each byte for byte; counts as it reads and never holds more than
     * one section header.
     */
    public Outcome copy(InputStream diff, OutputStream out, Predicate<FileSection> selected) throws IOException {
        DiffParser parser = new DiffParser(diff);
        int[] counts = new int[3]; // selected, kept, written
        Predicate<FileSection> wanted = s -> {
            if (!selected.test(s)) {
                return false;
            }
            counts[0]++;
            if (!filter.keeps(s.path(), s.previousPath(), s.changeType().label())) {
                return false;
            }
            int index = counts[1]++;
            return index >= skip && (top == null || index < (long) skip + top);
        };
        while (parser.copyNext(wanted, out) != null) {
            // each call writes its section when wanted
        }
        int kept = counts[1];
        return new Outcome(counts[0] - kept, counts[0], paged() ? Pagination.of(kept, top, skip) : null);
    }

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
            Pagination p = outcome.pagination();
            String next = p.hasMore() ? "; next page: skip " + p.nextSkip() : "";
            notices.accept("pagination: " + Json.write(p) + next);
        }
    }

}
