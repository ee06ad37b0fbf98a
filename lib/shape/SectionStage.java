package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;

import java.io.IOException;

/**
 * One step that a file section's lines pass through on their way out: it gets each line with the kind the parser
 * read it as, and hands what it keeps to the next step. A section arrives line by line as the parser reads it, so
 * a step holds at most what it chooses to; {@link #finish} tells it the section ended, with the section's counts,
 * and then finishes the next step.
 */
abstract class SectionStage implements LineSink {
    protected final LineSink next;

    SectionStage(LineSink next) {
        this.next = next;
    }

    /** The section ended; {@code section} has its counts. Markers that need the counts are written here. */
    protected void end(FileSection section) throws IOException {}

    /** Ends the section here and in every step after this one. */
    final void finish(FileSection section) throws IOException {
        end(section);
        if (next instanceof SectionStage stage) {
            stage.finish(section);
        }
    }

    /** A line of prdiff's own, "# prdiff: ...", which no grammar of git's reads as part of a hunk. */
    static void marker(LineSink out, String text) throws IOException {
        byte[] line = ("# prdiff: " + text + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.line(LineKind.OTHER, line, 0, line.length);
    }
}
