package dev.prdiff.diff;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Reads the diff text written to it with the one {@link LineGrammar} and hands each line, with its kind, to a
 * {@link LineSink}. It takes chunks of any size, cut anywhere, holding at most one line in between.
 */
public final class DiffLineWriter extends OutputStream {
    /** A line longer than this is not kept in a buffer of its size once it has been handed on. */
    private static final int KEEP_BUFFER = 64 * 1024;

    private final LineSink sink;
    private final LineGrammar grammar = new LineGrammar();
    private byte[] held = new byte[256];
    private int length;

    public DiffLineWriter(LineSink sink) {
        this.sink = sink;
    }

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

    /** Hands on a last line that lacks its newline, if one is held, and reads what follows as a new diff. */
    public void finish() throws IOException {
        if (length > 0) {
            emit();
        }
        grammar.reset();
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
        sink.line(grammar.kind(held, 0, n), held, 0, n);
        if (held.length > KEEP_BUFFER) {
            held = new byte[256];
        }
    }
}
