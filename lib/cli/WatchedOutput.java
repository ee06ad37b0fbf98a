package dev.prdiff.cli;

import dev.prdiff.exec.DirectStdout;

import java.io.IOException;
import java.io.OutputStream;

/** Our stdout, remembering the first write that failed; writes come from the git and gh output pumps too. */
final class WatchedOutput extends OutputStream implements DirectStdout {
    private volatile OutputStream out;
    private volatile IOException failure;
    private volatile Process pager;

    WatchedOutput(OutputStream out) {
        this.out = out;
    }

    /** From now on, writes go to {@code next}, the stdin of {@code pager}, instead. */
    void divert(OutputStream next, Process pager) {
        this.out = next;
        this.pager = pager;
    }

    /**
     * True once the pager has exited: the person quit it, or it needed no input (PAGER=true). The JDK closes a
     * child's stdin when it exits, so a write after that fails with "Stream closed" rather than a broken pipe.
     */
    boolean pagerExited() {
        return pager != null && !pager.isAlive();
    }

    /** Closes where writes go now (the pager's stdin), remembering a failure. */
    void closeCurrent() {
        try {
            out.close();
        } catch (IOException e) {
            failed(e);
        }
    }

    IOException failure() {
        return failure;
    }

    /** Hands stdout to a child only while it is still prdiff's own (not a pager's stdin). */
    @Override
    public boolean handOver() throws IOException {
        try {
            return out instanceof DirectStdout direct && direct.handOver();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }
}
