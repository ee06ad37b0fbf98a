package dev.prdiff.shape;

import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineStream;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Colours a diffstat as {@code git diff --stat --color} does (diff.c's show_stats): on each file's line, after its
 * last {@code " | "}, the run of {@code +} green and the run of {@code -} red, and a binary file's
 * {@code Bin OLD -> NEW bytes} with OLD red and NEW green. The summary line and the names stay plain. It only adds
 * escape sequences: stripping them gives back the input byte for byte. Memory is one line.
 */
public final class StatColors extends LineStream {
    private static final byte[] BIN = {'B', 'i', 'n', ' '};
    private static final byte[] ARROW = {' ', '-', '>', ' '};
    private static final byte[] BYTES = {' ', 'b', 'y', 't', 'e', 's'};

    private final OutputStream out;

    public StatColors(OutputStream out) {
        this.out = out;
    }

    @Override
    public void line(LineKind kind, byte[] l, int off, int length) throws IOException {
        int end = off + length;
        if (end > off && l[end - 1] == '\n') {
            end--;
        }
        int bar = lastBar(l, off, end);
        if (bar < 0 || !(graph(l, off, bar + 3, end, off + length) || binary(l, off, bar + 3, end, off + length))) {
            out.write(l, off, length);
        }
    }

    /** " N +++---" after the bar: written coloured and true, or nothing written and false. */
    private boolean graph(byte[] l, int off, int from, int end, int lineEnd) throws IOException {
        int i = from;
        while (i < end && l[i] == ' ') {
            i++;
        }
        int digits = i;
        while (i < end && l[i] >= '0' && l[i] <= '9') {
            i++;
        }
        if (i == digits) {
            return false;
        }
        int plus = i < end && l[i] == ' ' ? i + 1 : i;
        int minus = plus;
        while (minus < end && l[minus] == '+') {
            minus++;
        }
        int last = minus;
        while (last < end && l[last] == '-') {
            last++;
        }
        if (last != end || (plus == i && end != i)) {
            return false;
        }
        out.write(l, off, plus - off);
        run(DiffColors.GREEN, l, plus, minus);
        run(DiffColors.RED, l, minus, end);
        out.write(l, end, lineEnd - end);
        return true;
    }

    /** "Bin OLD -> NEW bytes": written coloured and true, or nothing written and false. */
    private boolean binary(byte[] l, int off, int from, int end, int lineEnd) throws IOException {
        int i = from;
        while (i < end && l[i] == ' ') {
            i++;
        }
        if (!startsWith(l, i, end, BIN)) {
            return false;
        }
        int oldFrom = i + BIN.length;
        int oldEnd = digitsEnd(l, oldFrom, end);
        if (oldEnd == oldFrom || !startsWith(l, oldEnd, end, ARROW)) {
            return false;
        }
        int newFrom = oldEnd + ARROW.length;
        int newEnd = digitsEnd(l, newFrom, end);
        if (newEnd == newFrom || newEnd + BYTES.length != end || !startsWith(l, newEnd, end, BYTES)) {
            return false;
        }
        out.write(l, off, oldFrom - off);
        run(DiffColors.RED, l, oldFrom, oldEnd);
        out.write(ARROW);
        run(DiffColors.GREEN, l, newFrom, newEnd);
        out.write(l, newEnd, lineEnd - newEnd);
        return true;
    }

    private void run(byte[] color, byte[] l, int from, int to) throws IOException {
        if (to > from) {
            out.write(color);
            out.write(l, from, to - from);
            out.write(DiffColors.RESET);
        }
    }

    private static int lastBar(byte[] l, int off, int end) {
        for (int i = end - 3; i >= off; i--) {
            if (l[i] == ' ' && l[i + 1] == '|' && l[i + 2] == ' ') {
                return i;
            }
        }
        return -1;
    }

    private static int digitsEnd(byte[] l, int from, int end) {
        int i = from;
        while (i < end && l[i] >= '0' && l[i] <= '9') {
            i++;
        }
        return i;
    }

    private static boolean startsWith(byte[] l, int at, int end, byte[] prefix) {
        if (at + prefix.length > end) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (l[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    /** Writes out a last line without a newline; call once at the end. */
    public void finish() throws IOException {
        finishLines();
        out.flush();
    }
}
