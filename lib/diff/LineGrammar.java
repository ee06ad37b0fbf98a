package dev.prdiff.diff;

/**
 * The one grammar of git's diff lines: fed a diff line after line, it tells each line's {@link LineKind}.
 * {@link DiffParser} reads every diff through it, and whatever reads diff text a second time (colours, a renderer
 * fed bytes) does so through {@link DiffLineWriter}, which uses it too.
 *
 * <p>A hunk is what its header's counts say: inside one, a line is context ({@code ' '} first, or empty, as
 * {@code git apply} reads a trimmed line) while both counts last, removed ({@code '-'}) while the old count lasts,
 * added ({@code '+'}) while the new one lasts, and {@code '\'} marks the line before it; so {@code "-- x"} is a
 * removed line, never a header, and a {@code '-'} or {@code '+'} line past the counts is no part of the hunk. Any
 * other line ends the hunk. A hunk header counts only in a section (after a {@code diff --git} line), so text
 * before the first section is never read as one. A line's newline, and a {@code '\r'} before it, are not its
 * content.
 */
public final class LineGrammar {
    private static final byte[] DIFF_GIT = {'d', 'i', 'f', 'f', ' ', '-', '-', 'g', 'i', 't', ' '};

    /** After a "diff --git" line: a hunk header may follow. */
    private boolean inSection;
    /** After a "diff --git" line, until its first hunk header. */
    private boolean inHeader;
    /** After a "GIT binary patch" line, until the next section. */
    private boolean inBinary;
    /** After a hunk header, until a line that is not one of its lines (or a no-newline marker). */
    private boolean inHunk;
    private long oldLeft;
    private long newLeft;

    /** The kind of the line {@code b[from, to)} (its newline included), read after the lines fed before it. */
    public LineKind kind(byte[] b, int from, int to) {
        // The hunk's lines are most of a diff: this part is kept small so that it inlines into the parser's loop.
        if (inHunk) {
            int first = from == to ? ' ' : b[from];
            if (first == '\n' || (first == '\r' && to - from == 2 && b[from + 1] == '\n')) {
                first = ' '; // an empty line
            }
            if (first == ' ') {
                if (oldLeft > 0 && newLeft > 0) {
                    oldLeft--;
                    newLeft--;
                    return LineKind.CONTEXT;
                }
            } else if (first == '+') {
                if (newLeft > 0) {
                    newLeft--;
                    return LineKind.ADDED;
                }
            } else if (first == '-') {
                if (oldLeft > 0) {
                    oldLeft--;
                    return LineKind.REMOVED;
                }
            } else if (first == '\\') {
                return LineKind.NO_NEWLINE;
            }
            inHunk = false;
        }
        return outsideHunk(b, from, to);
    }

    private LineKind outsideHunk(byte[] b, int from, int to) {
        int end = contentEnd(b, from, to);
        if (startsWith(b, from, end, DIFF_GIT)) {
            inSection = true;
            inHeader = true;
            inBinary = false;
            return LineKind.SECTION;
        }
        if (inBinary) {
            return LineKind.BINARY;
        }
        if (inSection) {
            long[] r = HunkHeader.ranges(b, from, end);
            if (r != null) {
                oldLeft = r[1];
                newLeft = r[3];
                inHunk = true;
                inHeader = false;
                return LineKind.HUNK_HEADER;
            }
        }
        if (inHeader) {
            if (SectionHeader.startsBinaryPatch(b, from, end)) {
                inBinary = true;
                return LineKind.BINARY;
            }
            return LineKind.HEADER;
        }
        return LineKind.OTHER;
    }

    /** Back to the state before a first section. */
    public void reset() {
        inSection = false;
        inHeader = false;
        inBinary = false;
        inHunk = false;
    }

    /** Where the content of the line {@code b[from, to)} ends: before its {@code '\n'} and a {@code '\r'} before that. */
    public static int contentEnd(byte[] b, int from, int to) {
        int e = to;
        if (e > from && b[e - 1] == '\n') {
            e--;
            if (e > from && b[e - 1] == '\r') {
                e--;
            }
        }
        return e;
    }

    private static boolean startsWith(byte[] b, int from, int end, byte[] prefix) {
        if (end - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
