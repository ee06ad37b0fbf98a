package dev.prdiff.shape;

import dev.prdiff.diff.HunkHeader;
import dev.prdiff.diff.LineGrammar;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;
import dev.prdiff.diff.LineStream;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The base of the renderers that rewrite a unified diff's hunk lines ({@link LineNumbers}, {@link SideBySide}).
 * It takes the diff's lines with the kinds the one grammar of {@code diff} gave them, either from the parser (as a
 * {@link LineSink}) or as bytes written to it (chunks of any size, cut anywhere, read by the same grammar: a {@link LineStream}),
 * and hands each to {@link #render} with the old and new line numbers it stands at, counted from its hunk header.
 * Lines that are no hunk's (section headers, {@code Binary files … differ}, binary patches, a line past a hunk's
 * counts) keep their kind, and renderers pass them through unchanged.
 *
 * <p>{@link #finish()} writes out a last line without a newline and anything a renderer holds, then starts afresh:
 * feeding a diff one section at a time with {@code finish()} after each gives the same bytes as feeding it whole.
 */
public abstract class HunkLines extends LineStream {
    /** A line number a line does not have (the new number of a removed line, both of a no-newline marker). */
    public static final long NONE = -1;

    /** Line-number fields are at least this wide, wider only for a hunk that reaches a larger number. */
    public static final int MIN_NUMBER_WIDTH = 4;

    protected final OutputStream out;
    private long oldNext;
    private long newNext;
    private int numberWidth = MIN_NUMBER_WIDTH;
    private int digits = 1;

    protected HunkLines(OutputStream out) {
        this.out = out;
    }

    /**
     * Renders one line: its bytes are {@code line[off, off + length)}, with its {@code '\n'} unless it is the last
     * line and lacks one. The numbers are the line's in the old and new file, or {@link #NONE}.
     */
    protected abstract void render(LineKind kind, byte[] line, int off, int length, long oldNumber, long newNumber)
            throws IOException;

    /** Writes out whatever the renderer holds; called by {@link #finish()} after the last line. */
    protected void flushHeld() throws IOException {}

    /** Digits of the largest line number the current hunk reaches, at least {@link #MIN_NUMBER_WIDTH}. */
    protected int numberWidth() {
        return numberWidth;
    }

    /** Digits of the largest line number the current hunk reaches. */
    protected int digits() {
        return digits;
    }

    /**
     * Writes a terminal's escape sequence: bytes that take no column, so a byte budget does not count them and a
     * coloured answer holds the same sections as a plain one.
     */
    protected void writeEscape(byte[] escape) throws IOException {
        if (out instanceof ByteBudget.Slot slot) {
            slot.writeUncounted(escape);
        } else {
            out.write(escape);
        }
    }

    /**
     * Writes out a last line without a newline and what the renderer holds, flushes (never closes) the stream
     * below, and starts afresh as before a first section. Call once after each diff or section.
     */
    public void finish() throws IOException {
        finishLines();
        flushHeld();
        out.flush();
    }

    @Override
    public void line(LineKind kind, byte[] b, int off, int len) throws IOException {
        switch (kind) {
            case HUNK_HEADER -> {
                startHunk(b, off, len);
                render(kind, b, off, len, NONE, NONE);
            }
            case CONTEXT -> render(kind, b, off, len, oldNext++, newNext++);
            case REMOVED -> render(kind, b, off, len, oldNext++, NONE);
            case ADDED -> render(kind, b, off, len, NONE, newNext++);
            default -> render(kind, b, off, len, NONE, NONE);
        }
    }

    /** The hunk's first line numbers, and the width of the largest it reaches. */
    private void startHunk(byte[] b, int off, int len) {
        long[] r = HunkHeader.ranges(b, off, LineGrammar.contentEnd(b, off, off + len));
        oldNext = r[0];
        newNext = r[2];
        long last = Math.max(lastLine(r[0], r[1]), lastLine(r[2], r[3]));
        digits = Long.toString(last).length();
        numberWidth = Math.max(MIN_NUMBER_WIDTH, digits);
    }

    private static long lastLine(long start, long count) {
        return start > Long.MAX_VALUE - count ? Long.MAX_VALUE : start + Math.max(count - 1, 0);
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
