package dev.prdiff.shape;

import dev.prdiff.diff.HunkHeader;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The base of the renderers that rewrite a unified diff's hunk lines as the bytes stream past
 * ({@link LineNumbers}, {@link SideBySide}). It takes chunks of any size, cut anywhere, splits them into lines
 * (holding at most one), tells each line's part in the diff with the old and new line numbers it stands at, and
 * hands it to {@link #render}.
 *
 * <p>A hunk is what its header's counts say it is: inside one, a line starting with {@code ' '}, {@code '-'} or
 * {@code '+'} is context, removed or added while the counts last ({@code "-- x"} is a removed line, never a
 * header), and {@code "\ No newline at end of file"} belongs to the line before it. A hunk header counts only
 * after a {@code diff --git} line, so text before the first section is never read as one. Everything else
 * (section headers, {@code Binary files … differ}, {@code GIT binary patch} bodies, a line that breaks a hunk's
 * counts) is {@link Kind#OTHER}, which renderers pass through unchanged.
 *
 * <p>{@link #finish()} writes out a last line without a newline and anything a renderer holds, then starts afresh:
 * feeding a diff one section at a time with {@code finish()} after each gives the same bytes as feeding it whole.
 */
public abstract class HunkLines extends LineWriter {
    /** What a line is in the diff. */
    public enum Kind { OTHER, HUNK_HEADER, CONTEXT, REMOVED, ADDED, NO_NEWLINE }

    /** A line number a line does not have (the new number of a removed line, both of a no-newline marker). */
    public static final long NONE = -1;

    private static final byte[] DIFF_GIT = {'d', 'i', 'f', 'f', ' ', '-', '-', 'g', 'i', 't', ' '};

    protected final OutputStream out;
    /** After a "diff --git" line: a hunk header may follow. */
    private boolean inSection;
    /** After a hunk header, until a line that is not one of its lines (or a no-newline marker). */
    private boolean inHunk;
    private long oldLeft;
    private long newLeft;
    private long oldNext;
    private long newNext;
    private int numberWidth = MIN_NUMBER_WIDTH;

    /** Line-number fields are at least this wide, wider only for a hunk that reaches a larger number. */
    public static final int MIN_NUMBER_WIDTH = 4;

    protected HunkLines(OutputStream out) {
        this.out = out;
    }

    /**
     * Renders one line: its bytes are {@code line[0, length)}, with its {@code '\n'} unless it is the last line
     * and lacks one. The numbers are the line's in the old and new file, or {@link #NONE}.
     */
    protected abstract void render(Kind kind, byte[] line, int length, long oldNumber, long newNumber)
            throws IOException;

    /** Writes out whatever the renderer holds; called by {@link #finish()} after the last line. */
    protected void flushHeld() throws IOException {}

    /** Digits of the largest line number the current hunk reaches, at least {@link #MIN_NUMBER_WIDTH}. */
    protected int numberWidth() {
        return numberWidth;
    }

    /**
     * Writes out a last line without a newline and what the renderer holds, flushes (never closes) the stream
     * below, and starts afresh as before a first section. Call once after each diff or section.
     */
    public void finish() throws IOException {
        endLine();
        flushHeld();
        inSection = false;
        inHunk = false;
        out.flush();
    }

    @Override
    protected void line(byte[] l, int n) throws IOException {
        classifyAndRender(l, n);
    }

    private void classifyAndRender(byte[] l, int n) throws IOException {
        if (inHunk) {
            byte first = n == 0 || l[0] == '\n' ? (byte) ' ' : l[0]; // an empty line is context, as git apply reads it
            if (first == '\\') {
                render(Kind.NO_NEWLINE, l, n, NONE, NONE);
                return;
            }
            if (first == ' ' && oldLeft > 0 && newLeft > 0) {
                oldLeft--;
                newLeft--;
                render(Kind.CONTEXT, l, n, oldNext++, newNext++);
                return;
            }
            if (first == '-' && oldLeft > 0) {
                oldLeft--;
                render(Kind.REMOVED, l, n, oldNext++, NONE);
                return;
            }
            if (first == '+' && newLeft > 0) {
                newLeft--;
                render(Kind.ADDED, l, n, NONE, newNext++);
                return;
            }
            inHunk = false;
        }
        if (startsWith(l, n, DIFF_GIT)) {
            inSection = true;
        } else if (inSection && startHunk(l, n)) {
            render(Kind.HUNK_HEADER, l, n, NONE, NONE);
            return;
        }
        render(Kind.OTHER, l, n, NONE, NONE);
    }

    /** Reads a hunk header's ranges; false when the line is no well-formed one. */
    private boolean startHunk(byte[] l, int n) {
        long[] r = HunkHeader.ranges(l, 0, n > 0 && l[n - 1] == '\n' ? n - 1 : n);
        if (r == null) {
            return false;
        }
        oldNext = r[0];
        oldLeft = r[1];
        newNext = r[2];
        newLeft = r[3];
        inHunk = true;
        long last = Math.max(lastLine(r[0], r[1]), lastLine(r[2], r[3]));
        numberWidth = Math.max(MIN_NUMBER_WIDTH, Long.toString(last).length());
        return true;
    }

    private static long lastLine(long start, long count) {
        return start > Long.MAX_VALUE - count ? Long.MAX_VALUE : start + Math.max(count - 1, 0);
    }

    private static boolean startsWith(byte[] l, int n, byte[] prefix) {
        if (n < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (l[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Puts {@code number} right-aligned in {@code width} columns (blanks for {@link #NONE}) into {@code to} at
     * {@code at}; returns the index after it. {@code to} must have room for {@code max(width, 19)} bytes there.
     */
    protected static int putNumber(byte[] to, int at, long number, int width) {
        String digits = number == NONE ? "" : Long.toString(number);
        for (int i = digits.length(); i < width; i++) {
            to[at++] = ' ';
        }
        for (int i = 0; i < digits.length(); i++) {
            to[at++] = (byte) digits.charAt(i);
        }
        return at;
    }
}
