package dev.prdiff.shape;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output filter that works line by line: it takes chunks of any size, cut anywhere, and hands each complete
 * line (with its {@code '\n'}) to {@link #line}, holding at most one line in between.
 */
abstract class LineWriter extends OutputStream {
    /** A line longer than this is not kept in a buffer of its size once it has been handed on. */
    private static final int KEEP_BUFFER = 64 * 1024;

    private byte[] held = new byte[256];
    private int length;

    /** One line: {@code line[0, length)}, with its {@code '\n'} unless it is a last line that lacks one. */
    protected abstract void line(byte[] line, int length) throws IOException;

    @Override
    public void write(int b) throws IOException {
        append(new byte[] {(byte) b}, 0, 1);
        if (b == '\n') {
            emit();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                append(b, start, i + 1 - start);
                emit();
                start = i + 1;
            }
        }
        append(b, start, off + len - start);
    }

    /** Hands on a last line that lacks its newline, if one is held. */
    protected void endLine() throws IOException {
        if (length > 0) {
            emit();
        }
    }

    private void append(byte[] b, int off, int len) {
        if (length + len > held.length) {
            byte[] grown = new byte[Math.max(held.length * 2, length + len)];
            System.arraycopy(held, 0, grown, 0, length);
            held = grown;
        }
        System.arraycopy(b, off, held, length, len);
        length += len;
    }

    private void emit() throws IOException {
        int n = length;
        length = 0;
        line(held, n);
        if (held.length > KEEP_BUFFER) {
            held = new byte[256];
        }
    }
}
