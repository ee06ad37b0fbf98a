package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One step that a file section's bytes pass through on their way out: it sees whole lines ({@link LineWriter}'s,
 * with their newline when they have one) and writes what it keeps to the next step. A section arrives line by
 * line as the parser reads it, so a step holds at most what it chooses to; {@link #finish} tells it the section
 * ended, with the section's counts, and then finishes the next step.
 */
abstract class SectionStage extends LineWriter {
    protected final OutputStream out;

    SectionStage(OutputStream out) {
        this.out = out;
    }

    /** The section ended; {@code section} has its counts. Markers that need the counts are written here. */
    protected void end(FileSection section) throws IOException {}

    /** Ends the section here and in every step after this one. */
    final void finish(FileSection section) throws IOException {
        endLine();
        end(section);
        if (out instanceof SectionStage next) {
            next.finish(section);
        }
    }

    static boolean startsWith(byte[] b, int len, byte[] prefix) {
        if (len < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
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
