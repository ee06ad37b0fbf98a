package dev.prdiff.app;

import dev.prdiff.exec.DirectStdout;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An answer's output that knows whether anything was written through it, so that only an answer that may be empty
 * asks git why. Where git may write to this process's stdout itself ({@link DirectStdout}), it still may; what it
 * writes there is not counted, so such an answer may be empty as far as this knows.
 */
final class CountedOutput extends OutputStream implements DirectStdout {
    private final OutputStream out;
    private long written;

    CountedOutput(OutputStream out) {
        this.out = out;
    }

    /** True when nothing was written through this stream. */
    boolean mayBeEmpty() {
        return written == 0;
    }

    @Override
    public boolean handOver() throws IOException {
        return out instanceof DirectStdout direct && direct.handOver();
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        written++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        written += len;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }
}
