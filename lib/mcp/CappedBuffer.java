package dev.prdiff.mcp;

import dev.prdiff.core.PrdiffException;

import java.io.ByteArrayOutputStream;
import java.util.function.IntFunction;

/**
 * Keeps a tool's answer in memory up to the server's cap; past it the git call is stopped with the error
 * {@code tooLarge} makes from the cap, which says how to ask for less.
 */
final class CappedBuffer extends ByteArrayOutputStream {
    private final int cap;
    private final IntFunction<PrdiffException> tooLarge;

    CappedBuffer(int cap, IntFunction<PrdiffException> tooLarge) {
        this.cap = cap;
        this.tooLarge = tooLarge;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        if (count + len > cap) {
            // Thrown into the git or gh output pump, which kills the process and hands this on.
            throw tooLarge.apply(cap);
        }
        super.write(b, off, len);
    }

    @Override
    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }
}
