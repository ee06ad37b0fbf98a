package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * --max-bytes N (MCP max_bytes): the answer, table of contents included, costs at most N bytes as the caller sends
 * it ({@link Refetch#cost}), and no section is ever cut. The sections shown are the smallest that fit, so a range far
 * over its budget shows as many files as it can and leaves out the largest; they are shown in diff order. When any
 * is left out, the answer opens with a table of contents: one line stating the call that fetches a file (its path in
 * place of {@link Refetch#PATH}), then one line per file left out (change type, counts, path, bytes; a file that call
 * would not fetch whole has its own call). When the caller has a cursor, the last line is the call that continues
 * with the next smallest sections ({@link BudgetCursor}). A table too long for the budget gives back the largest
 * sections taken; a table that could not list every file even with no section shown gets half the room at most, and
 * lists what fits and ends with the call that lists every file.
 * An answer that is one section too large for it (MCP's get_diff with one path) shows the section in pages of its
 * lines instead, ended between hunks where one fits, the last line naming the call with the cursor of the next page
 * ("@LINE"), so that the pages joined are the section. Holds at most twice N bytes of sections.
 */
final class ByteBudget {
    /** Larger first: the order in which sections taken are given back. */
    private static final Comparator<Entry> LARGEST_FIRST = (a, b) -> a.size != b.size ? Long.compare(b.size, a.size)
            : Integer.compare(b.index, a.index);

    private final long max;
    private final Refetch refetch;
    private final BudgetCursor after;
    /** A section too large for the answer may be shown in pages of its lines. */
    private final boolean pages;
    /** The first section's lines from the cursor's on, while it is the only one. */
    private SectionLines lines;
    private final List<Entry> entries = new ArrayList<>();
    private final PriorityQueue<Entry> taken = new PriorityQueue<>(LARGEST_FIRST);
    /** The most sections may cost beside a table: the budget less the table's fixed lines at their longest. */
    private final long room;
    private long takenSize;
    private long original;

    /** One section: its bytes when taken (else null), its cost, its place in the diff. */
    private static final class Entry {
        FileSection section;
        byte[] bytes;
        /** The bytes' length without escape sequences, which a budget does not count. */
        long raw;
        long size;
        int index;
        /** Shown by an answer before the cursor. */
        boolean covered;
        /** Named with its own call, though small enough for a page: no section fitted beside the table. */
        boolean own;
    }

    /**
     * {@code after}: the cursor this answer continues from, or null for the start; {@code plain}: the lines are
     * git's, not laid out, so that pages of them join into the section.
     */
    ByteBudget(long max, Refetch refetch, BudgetCursor after, boolean plain) {
        this.max = max;
        this.refetch = refetch;
        this.after = after;
        this.pages = plain && refetch.pagesLines();
        this.room = Math.max(0, max - cost(header(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE,
                Integer.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE)) - cost(rest(Integer.MAX_VALUE))
                - cost(nextLine(new BudgetCursor(Long.MAX_VALUE, Integer.MAX_VALUE))));
    }

    /** Where the next section's bytes go: kept while they could fit the budget, counted past it. */
    Slot open() {
        lines = pages && entries.isEmpty()
                ? new SectionLines(after != null && after.withinSection() ? after.line() : 0, max) : null;
        return new Slot(max, lines);
    }

    /** The section written to {@code slot} ended. */
    void close(Slot slot, FileSection section) {
        Entry e = new Entry();
        e.section = section;
        e.index = entries.size();
        e.size = slot.cost + refetch.shownCost(section);
        e.raw = slot.raw;
        original += slot.raw;
        entries.add(e);
        if (after != null && after.covers(e.size, e.index)) {
            e.covered = true;
            return;
        }
        if (slot.over || e.size > max) {
            return;
        }
        e.bytes = slot.toByteArray();
        taken.add(e);
        takenSize += e.size;
        // The smallest sections seen so far that fit: give back the largest until they do.
        while (takenSize > max) {
            giveBack();
        }
    }

    private Entry giveBack() {
        Entry largest = taken.poll();
        largest.bytes = null;
        takenSize -= largest.size;
        return largest;
    }

    final class Slot extends ByteArrayOutputStream implements LineSink {
        private final long room;
        private final SectionLines lines;
        private long cost;
        private long raw;
        private boolean over;

        private Slot(long room, SectionLines lines) {
            this.room = room;
            this.lines = lines;
        }

        /** A line of the section, with its kind: kept for a page too when pages may be asked. */
        @Override
        public void line(LineKind kind, byte[] b, int off, int len) {
            long before = cost;
            write(b, off, len);
            if (lines != null) {
                lines.add(kind, b, off, len, cost - before);
            }
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            raw += len;
            cost += refetch.cost(b, off, len);
            if (over) {
                return;
            }
            if (cost > room) {
                over = true;
                reset();
                return;
            }
            super.write(b, off, len);
        }

        /** Keeps {@code b} with the section without counting it (a colour's escape sequence). */
        void writeUncounted(byte[] b) {
            if (!over) {
                super.write(b, 0, b.length);
            }
        }
    }

    /**
     * What the budget did: how many sections were shown, and the bytes of the whole and of what was shown;
     * {@code template} and {@code next}: the call that fetches a file left out, and the call that continues (null
     * when nothing follows).
     */
    record Result(int shown, int total, long shownBytes, long originalBytes, String template, String next,
            boolean paged) {
        Result(int shown, int total, long shownBytes, long originalBytes, String template, String next) {
            this(shown, total, shownBytes, originalBytes, template, next, false);
        }

        boolean truncated() {
            return shown < total;
        }
    }

    /**
     * After {@link #finish}: tells {@code collector} which sections it kept and the call for each it left out (for
     * an envelope, where each change names its own call).
     */
    void placements(SectionCollector collector) {
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            collector.placed(i, e.bytes, e.size, e.bytes == null && !e.covered
                    ? refetch.whole(e.section.path(), e.size, false) : null);
        }
    }

    /** Writes the table of contents of what is left out, the sections taken, and the call that continues. */
    Result finish(OutputStream out) throws IOException {
        if (paging()) {
            return page(out);
        }
        long reserve = refetch.reserve();
        if (after == null && taken.size() == entries.size() && takenSize + reserve <= max) {
            // All of it fits: no table.
            for (Entry e : entries) {
                out.write(e.bytes);
            }
            return new Result(entries.size(), entries.size(), original, original, null, null);
        }
        long limit = room - reserve;
        // The table must fit too: give back the largest sections taken while that makes room for it. A table that
        // cannot list every file even with no section shown gets half the room at most: the sections keep the rest.
        List<Entry> left = leftOut();
        long tocCost = 0;
        for (Entry e : left) {
            tocCost += cost(tocLine(e));
        }
        long everyLine = tocCost;
        for (Entry e : taken) {
            everyLine += cost(tocLine(e));
        }
        boolean whole = everyLine <= limit;
        while (!taken.isEmpty() && takenSize + tocCost > limit && (whole || takenSize > limit / 2)) {
            Entry e = taken.peek();
            long line = cost(tocLine(e));
            if (taken.size() == 1 && e.size <= limit) {
                break;
            }
            if (e.size <= line && takenSize <= limit) {
                break;
            }
            giveBack();
            tocCost += line;
        }
        BudgetCursor next = cursor();
        List<Entry> shown = new ArrayList<>();
        left = new ArrayList<>();
        int covered = 0;
        long shownBytes = 0;
        for (Entry e : entries) {
            if (e.bytes != null) {
                shown.add(e);
                shownBytes += e.raw;
            } else if (e.covered) {
                covered++;
            } else {
                left.add(e);
            }
        }
        String nextCall = next == null ? null : refetch.next(next);
        if (!left.isEmpty() || covered > 0) {
            StringBuilder toc = new StringBuilder(header(shown.size(), entries.size(), left.size(), covered, shownBytes,
                    original));
            // The header, the closing line and the cursor's line are paid for already (room).
            long budget = limit - takenSize;
            int listed = 0;
            for (Entry e : left) {
                String line = tocLine(e);
                long c = cost(line);
                if (c > budget) {
                    break;
                }
                toc.append(line);
                budget -= c;
                listed++;
            }
            if (listed < left.size()) {
                toc.append(rest(left.size() - listed));
            }
            out.write(PathBytes.encode(toc.toString()));
        }
        for (Entry e : shown) {
            out.write(e.bytes);
        }
        if (nextCall != null) {
            out.write(PathBytes.encode(nextLine(next)));
        }
        return new Result(shown.size(), entries.size(), shownBytes, original, left.isEmpty() ? null
                : refetch.template(), nextCall);
    }

    /**
     * True when the answer is a page of one section's lines: asked by its cursor, or the one section is too large
     * for the answer with what is said beside it (else its table would name the very call that gave it).
     */
    private boolean paging() {
        if (after != null && after.withinSection()) {
            if (entries.size() != 1 || lines == null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "cursor " + after + " continues one file's"
                        + " section, as the call that gave it did; this call's diff has " + entries.size() + " files"
                        + (lines == null ? " or lays its lines out" : ""));
            }
            return true;
        }
        return lines != null && after == null && entries.size() == 1
                && (entries.get(0).bytes == null || takenSize + refetch.reserve() > max);
    }

    /** The page of the one section's lines from the cursor's on that fits, and the line that continues it. */
    private Result page(OutputStream out) throws IOException {
        FileSection section = entries.get(0).section;
        if (lines.from() >= lines.total()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "cursor " + after + " is past the end of "
                    + PathBytes.inLine(section.path()) + "'s section, " + lines.total() + " lines");
        }
        SectionLines.Page longest = new SectionLines.Page(new byte[0], Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2,
                Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
        long room = max - refetch.reserve()
                - cost(pageLine(section, longest, refetch.next(BudgetCursor.lines(Integer.MAX_VALUE))));
        SectionLines.Page page = lines.page(room);
        String next = page.last() ? null : refetch.next(BudgetCursor.lines(page.from() + page.count()));
        out.write(page.bytes());
        out.write(PathBytes.encode(pageLine(section, page, next)));
        return new Result(0, 1, page.bytes().length, original, null, next, true);
    }

    private String pageLine(FileSection section, SectionLines.Page page, String next) {
        String hunks = page.hunks() == 0 ? "" : " (hunks " + page.firstHunk() + " to " + page.lastHunk() + " of "
                + page.hunks() + ")";
        return "# prdiff: lines " + (page.from() + 1) + " to " + (page.from() + page.count()) + " of " + page.total()
                + " of " + PathBytes.inLine(section.path()) + "'s section" + hunks + " shown, budget " + max
                + (next == null ? "; that is its end" : "; the next lines: " + next) + "\n";
    }

    /**
     * The cursor after this answer: the last section shown in (size, place) order, when sections that would fit a
     * page remain after it. When none was shown though some would fit alone, the smallest is named with its own call
     * and the cursor passes it, so that following cursors always ends.
     */
    private BudgetCursor cursor() {
        Entry last = null;
        for (Entry e : taken) {
            if (last == null || LARGEST_FIRST.compare(e, last) < 0) {
                last = e;
            }
        }
        Entry smallest = null;
        for (Entry e : entries) {
            if (e.bytes == null && !e.covered && e.size <= room
                    && (last == null || LARGEST_FIRST.compare(e, last) < 0)
                    && (smallest == null || LARGEST_FIRST.compare(e, smallest) > 0)) {
                smallest = e;
            }
        }
        if (smallest == null) {
            return null;
        }
        if (last == null) {
            smallest.own = true;
            last = smallest;
            // Nothing else remains: the file is named with its own call, and there is no next page.
            boolean more = false;
            for (Entry e : entries) {
                more |= e != smallest && e.bytes == null && !e.covered && e.size <= room;
            }
            if (!more) {
                return null;
            }
        }
        return new BudgetCursor(last.size, last.index);
    }

    private List<Entry> leftOut() {
        List<Entry> left = new ArrayList<>();
        for (Entry e : entries) {
            if (e.bytes == null && !e.covered) {
                left.add(e);
            }
        }
        return left;
    }

    /** The call for a file left out when the table's template would not fetch it whole; null when it would. */
    private String own(Entry e) {
        String call = refetch.whole(e.section.path(), e.size, false);
        return e.own || !call.equals(refetch.whole(e.section.path(), 0, false)) ? call : null;
    }

    private String header(int shown, int total, int left, int covered, long shownBytes, long original) {
        String before = covered == 0 ? "" : ", " + covered + " before the cursor";
        if (left == 0) {
            return "# prdiff: " + shown + " of " + total + " files shown" + before + "; none left out\n";
        }
        return "# prdiff: " + shown + " of " + total + " files shown (" + shownBytes + " of " + original
                + " bytes, budget " + max + ")" + before + "; the " + left + " left out are listed, each fetched by "
                + refetch.template() + "\n";
    }

    private String rest(int more) {
        return "# ... and " + more + " more files left out; list them all: " + refetch.list() + "\n";
    }

    private String nextLine(BudgetCursor cursor) {
        String call = refetch.next(cursor);
        return call == null ? "" : "# prdiff: the next files: " + call + "\n";
    }

    private String tocLine(Entry e) {
        FileSection s = e.section;
        String name = PathBytes.inLine(s.path());
        String from = s.previousPath() == null ? "" : " (from " + PathBytes.inLine(s.previousPath()) + ")";
        String own = own(e);
        return "# " + s.changeType().label() + " +" + s.additions() + " -" + s.deletions() + " " + name + from + ", "
                + e.size + " bytes" + (own == null ? "" : ": " + own) + "\n";
    }

    private long cost(String s) {
        byte[] b = PathBytes.encode(s);
        return refetch.cost(b, 0, b.length);
    }
}
