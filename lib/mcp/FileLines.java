package dev.prdiff.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * get_file_at_sha's part of a file: passes on the lines from {@code start} to {@code end} (1-based, inclusive;
 * null: to the last), each numbered as {@code cat -n} numbers it when asked, and counts every line it sees so
 * the answer can say how many the file has. It also notes a NUL in the first 8000 bytes, git's test for binary
 * content, as the part passed on may not hold the file's start.
 */
final class FileLines extends OutputStream {
    /** git's own test for binary content: a NUL in the first 8000 bytes. */
    static final int BINARY_PROBE = 8000;

    private final OutputStream out;
    private final long start;
    private final Long end;
    private final boolean numbered;
    private long line = 1;
    private boolean atLineStart = true;
    private boolean partial;
    private long seen;
    private boolean binary;

    FileLines(OutputStream out, long start, Long end, boolean numbered) {
        this.out = out;
        this.start = start;
        this.end = end;
        this.numbered = numbered;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int stop = off + len;
        for (int i = off; i < stop; ) {
            int nl = i;
            while (nl < stop && b[nl] != '\n') {
                nl++;
            }
            int to = nl < stop ? nl + 1 : stop; // this line's bytes in b, its newline included when it is here
            probe(b, i, to);
            if (line >= start && (end == null || line <= end)) {
                if (atLineStart && numbered) {
                    out.write(String.format("%6d\t", line).getBytes(StandardCharsets.US_ASCII));
                }
                out.write(b, i, to - i);
            }
            atLineStart = nl < stop;
            partial = !atLineStart;
            if (atLineStart) {
                line++;
            }
            i = to;
        }
    }

    private void probe(byte[] b, int from, int to) {
        for (int i = from; i < to && seen < BINARY_PROBE; i++, seen++) {
            binary |= b[i] == 0;
        }
    }

    /** The lines the file has: a last line without a newline counts. */
    long lines() {
        return partial ? line : line - 1;
    }

    boolean binary() {
        return binary;
    }
}
