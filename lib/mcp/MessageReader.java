package dev.prdiff.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The stdio transport's input side: one message per line, lines ended by LF (a CR before it is dropped).
 * A line longer than the cap is skipped up to its end and reported as {@link #OVERSIZED}, so one bad message
 * never costs more than the cap in memory and the next line is read as usual.
 */
final class MessageReader {
    /** Returned instead of a line whose bytes went past the cap. */
    static final byte[] OVERSIZED = new byte[0];

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int end;

    MessageReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its terminator, {@link #OVERSIZED}, or null at end of input. */
    byte[] next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean oversized = false;
        boolean any = false;
        while (true) {
            if (pos == end) {
                int n = in.read(buf);
                if (n < 0) {
                    // A last line without LF (a client that died mid-message) still counts as a message.
                    return !any ? null : oversized ? OVERSIZED : strip(line.toByteArray());
                }
                pos = 0;
                end = n;
            }
            any = true;
            int lf = pos;
            while (lf < end && buf[lf] != '\n') {
                lf++;
            }
            int len = lf - pos;
            if (!oversized && line.size() + len > maxBytes) {
                oversized = true;
                line = new ByteArrayOutputStream();
            }
            if (!oversized) {
                line.write(buf, pos, len);
            }
            if (lf < end) {
                pos = lf + 1;
                return oversized ? OVERSIZED : strip(line.toByteArray());
            }
            pos = end;
        }
    }

    private static byte[] strip(byte[] line) {
        if (line.length > 0 && line[line.length - 1] == '\r') {
            return java.util.Arrays.copyOf(line, line.length - 1);
        }
        return line;
    }
}
