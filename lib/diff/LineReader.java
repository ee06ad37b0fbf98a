package dev.prdiff.diff;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads an input stream one line at a time without decoding it. A line is its bytes up to and including
 * {@code '\n'}; the last line may lack it. The current line stays valid until {@link #advance()}.
 */
final class LineReader {
    private final InputStream in;
    private byte[] buf = new byte[1024 * 1024];
    private int mark = -1; // first byte kept across fills (a section being collected), or -1
    private int start;   // first byte of the current line
    private int end;     // one past the current line's last byte
    private int limit;   // one past the last byte read from the stream
    private boolean eof;
    private boolean hasLine;
    private long lineNumber;

    LineReader(InputStream in) throws IOException {
        this.in = in;
        advance();
    }

    /** Moves to the next line; afterwards {@link #hasLine()} is false at the end of input. */
    void advance() throws IOException {
        start = end;
        int scanFrom = start;
        while (true) {
            int nl = indexOfNewline(scanFrom, limit);
            if (nl >= 0) {
                end = nl + 1;
                break;
            }
            scanFrom = limit;
            if (eof) {
                end = limit;
                break;
            }
            scanFrom -= fill();
        }
        hasLine = end > start;
        if (hasLine) {
            lineNumber++;
        }
    }

    boolean hasLine() {
        return hasLine;
    }

    /** 1-based number of the current line. */
    long lineNumber() {
        return lineNumber;
    }

    byte[] buffer() {
        return buf;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }

    int length() {
        return end - start;
    }

    boolean startsWith(byte[] prefix) {
        if (end - start < prefix.length) {
            return false;
        }
        return Arrays.equals(buf, start, start + prefix.length, prefix, 0, prefix.length);
    }

    byte byteAt(int i) {
        return buf[start + i];
    }

    /** Length of the current line without its trailing {@code "\n"} (and a {@code "\r"} before it). */
    int contentLength() {
        int e = end;
        if (e > start && buf[e - 1] == '\n') {
            e--;
            if (e > start && buf[e - 1] == '\r') {
                e--;
            }
        }
        return e - start;
    }

    /** Eight bytes at a time (SWAR): the scan for '\n' is the parser's hottest loop. */
    private int indexOfNewline(int from, int to) {
        byte[] b = buf;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long word = (long) LONGS.get(b, i) ^ NEWLINES;
            long found = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0a0a0a0a0a0a0a0aL;

    /**
     * Keeps the current line from {@link #mark()} on: until {@link #unmark()}, every line read stays in the buffer,
     * so a section can be taken out with one copy ({@link #marked()}) instead of being copied line by line.
     */
    void mark() {
        mark = start;
    }

    void unmark() {
        mark = -1;
    }

    /** The bytes from the mark up to (not including) the current line. */
    byte[] marked() {
        return Arrays.copyOfRange(buf, mark, start);
    }

    /** Where the marked bytes begin in {@link #buffer()}; they end where the current line starts. */
    int markStart() {
        return mark;
    }

    /**
     * Shifts the kept bytes (the marked ones, else the current partial line) to the front, grows the buffer if
     * they fill it, and reads more. Returns how far the kept bytes moved.
     */
    private int fill() throws IOException {
        int keep = mark >= 0 ? mark : start;
        int partial = limit - keep;
        if (keep > 0) {
            System.arraycopy(buf, keep, buf, 0, partial);
        } else if (partial == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        start -= keep;
        if (mark >= 0) {
            mark = 0;
        }
        end = start;
        limit = partial;
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
        return keep;
    }
}
