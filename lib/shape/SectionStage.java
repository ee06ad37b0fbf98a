package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One step that a file section's bytes pass through on their way out: it sees whole lines (with their newline,
 * when they have one) and writes what it keeps to the next step. A section arrives line by line as the parser
 * reads it, so a step holds at most what it chooses to; {@link #finish} tells it the section ended, with the
 * section's counts, and then finishes the next step.
 */
abstract class SectionStage extends OutputStream {
    protected final OutputStream out;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

    SectionStage(OutputStream out) {
        this.out = out;
    }

    /** One line of the section, {@code len} bytes from {@code off}, its newline included when it has one. */
    protected abstract void line(byte[] b, int off, int len) throws IOException;

    /** The section ended; {@code section} has its counts. Markers that need the counts are written here. */
    protected void end(FileSection section) throws IOException {}

    @Override
    public final void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public final void write(byte[] b, int off, int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] != '\n') {
                continue;
            }
            if (partial.size() == 0) {
                line(b, start, i + 1 - start);
            } else {
                partial.write(b, start, i + 1 - start);
                line(partial.toByteArray(), 0, partial.size());
                partial.reset();
            }
            start = i + 1;
        }
        partial.write(b, start, off + len - start);
    }

    /** Ends the section here and in every step after this one. */
    final void finish(FileSection section) throws IOException {
        if (partial.size() > 0) {
            line(partial.toByteArray(), 0, partial.size());
            partial.reset();
        }
        end(section);
        if (out instanceof SectionStage next) {
            next.finish(section);
        }
    }

    static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        if (len < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[off + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    static void marker(OutputStream out, String text) throws IOException {
        out.write(("# prdiff: " + text + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
