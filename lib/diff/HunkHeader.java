package dev.prdiff.diff;

/** Reads the line ranges of a hunk header {@code @@ -a[,b] +c[,d] @@}; an omitted count means 1. */
public final class HunkHeader {
    private HunkHeader() {}

    /** Returns {oldCount, newCount}, or null when the line is not a well-formed hunk header. */
    static long[] parse(byte[] b, int from, int to) {
        long[] ranges = ranges(b, from, to);
        return ranges == null ? null : new long[] {ranges[1], ranges[3]};
    }

    /**
     * Returns {oldStart, oldCount, newStart, newCount} of the hunk header in {@code b[from, to)} (without its
     * newline), or null when it is not a well-formed one.
     */
    public static long[] ranges(byte[] b, int from, int to) {
        if (to - from < 4 || b[from] != '@' || b[from + 1] != '@' || b[from + 2] != ' ' || b[from + 3] != '-') {
            return null;
        }
        int i = from + 4; // past "@@ -"
        long[] out = new long[4];
        i = range(b, i, to, out, 0);
        if (i < 0 || i + 1 >= to || b[i] != ' ' || b[i + 1] != '+') {
            return null;
        }
        i = range(b, i + 2, to, out, 2);
        if (i < 0 || i + 2 >= to || b[i] != ' ' || b[i + 1] != '@' || b[i + 2] != '@') {
            return null;
        }
        boolean sectionHeadingOrEnd = i + 3 == to || b[i + 3] == ' ';
        return sectionHeadingOrEnd ? out : null;
    }

    /**
     * Parses "start[,count]" at i, storing start in out[slot] and count in out[slot + 1]; returns the index after
     * it, or -1.
     */
    private static int range(byte[] b, int i, int to, long[] out, int slot) {
        int digits = i;
        long start = 0;
        while (i < to && isDigit(b[i])) {
            // A start too large for a long is kept at the largest: only counts decide what a hunk holds.
            start = start > (Long.MAX_VALUE - 9) / 10 ? Long.MAX_VALUE : start * 10 + (b[i] - '0');
            i++;
        }
        if (i == digits) {
            return -1;
        }
        out[slot] = start;
        slot++;
        if (i < to && b[i] == ',') {
            int countStart = ++i;
            long count = 0;
            while (i < to && isDigit(b[i])) {
                if (count > (Long.MAX_VALUE - 9) / 10) {
                    return -1; // a count that would wrap around is no count git writes
                }
                count = count * 10 + (b[i] - '0');
                i++;
            }
            if (i == countStart) {
                return -1;
            }
            out[slot] = count;
        } else {
            out[slot] = 1;
        }
        return i;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
