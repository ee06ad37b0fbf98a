package dev.prdiff.shape;

import dev.prdiff.diff.LineKind;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * One section's lines from a given line on, kept while they could fill a page of a byte budget: what a section too
 * large for any answer shows a page at a time. Lines are counted from the section's {@code diff --git} line (0), and
 * each keeps its cost as sent and whether it starts a hunk, so that a page can end between hunks. Holds at most
 * about one budget of bytes.
 */
final class SectionLines {
    /** A page: its bytes, its first line and how many it holds, and the hunks it shows part of. */
    record Page(byte[] bytes, int from, int count, int total, int firstHunk, int lastHunk, int hunks) {
        boolean last() {
            return from + count >= total;
        }
    }

    private final int from;
    private final long keep;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private int[] ends = new int[64];
    private long[] costs = new long[64];
    private boolean[] hunkStarts = new boolean[64];
    private int count;
    private int total;
    private int hunks;
    private int hunksBefore;
    private boolean full;

    /** Keeps lines {@code from} on while their cost is at most {@code keep} (one line at the least). */
    SectionLines(int from, long keep) {
        this.from = from;
        this.keep = keep;
    }

    /** The section's next line, of {@code cost} as sent. */
    void add(LineKind kind, byte[] b, int off, int len, long cost) {
        int index = total++;
        boolean hunk = kind == LineKind.HUNK_HEADER;
        hunks += hunk ? 1 : 0;
        if (index < from) {
            hunksBefore += hunk ? 1 : 0;
            return;
        }
        if (full) {
            return;
        }
        long sum = (count == 0 ? 0 : costs[count - 1]) + cost;
        if (sum > keep && count > 0) {
            full = true;
            return;
        }
        if (count == ends.length) {
            ends = Arrays.copyOf(ends, count * 2);
            costs = Arrays.copyOf(costs, count * 2);
            hunkStarts = Arrays.copyOf(hunkStarts, count * 2);
        }
        kept.write(b, off, len);
        ends[count] = kept.size();
        costs[count] = sum;
        hunkStarts[count] = hunk;
        count++;
    }

    /** The section's lines in all. */
    int total() {
        return total;
    }

    /** The first line kept. */
    int from() {
        return from;
    }

    /**
     * The lines from the first kept on that cost at most {@code room}, ended before a hunk's header when one
     * starts within their second half (else a hunk longer than that is cut between its lines); one line at the
     * least.
     */
    Page page(long room) {
        int n = 0;
        while (n < count && costs[n] <= room) {
            n++;
        }
        n = Math.max(n, Math.min(1, count));
        if (from + n < total) {
            // Between hunks when that still fills half the page; else between a long hunk's lines.
            for (int j = Math.min(n, count - 1); j >= 1 && costs[j - 1] >= room / 2; j--) {
                if (hunkStarts[j]) {
                    n = j;
                    break;
                }
            }
        }
        int shownHunks = 0;
        for (int i = 0; i < n; i++) {
            shownHunks += hunkStarts[i] ? 1 : 0;
        }
        int first = Math.max(Math.min(1, hunks), hunksBefore + (n > 0 && hunkStarts[0] ? 1 : 0));
        byte[] bytes = Arrays.copyOf(kept.toByteArray(), n == 0 ? 0 : ends[n - 1]);
        return new Page(bytes, from, n, total, first, hunksBefore + shownHunks, hunks);
    }
}
