package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * --max-lines N: a section shows at most N lines of hunks (hunk headers count). Whole hunks are kept while they
 * fit; the first hunk that does not is left out with all after it, so a cut falls between hunks. Only when
 * the first hunk alone is longer than N is it cut inside. A marker line says where and how to see the rest.
 * Holds at most one hunk's first N lines.
 */
final class LineCap extends SectionStage {
    private static final byte[] HUNK = ascii("@@ ");
    private final int max;
    private final Refetch refetch;
    private final ByteArrayOutputStream hunk = new ByteArrayOutputStream();
    private boolean inHunks;
    private int hunkLines;
    private int shown;
    private long total;
    private long bytes;
    private boolean cut;

    LineCap(OutputStream out, int max, Refetch refetch) {
        super(out);
        this.max = max;
        this.refetch = refetch;
    }

    /** True when the section was cut: the caller lists it in the warnings. */
    boolean cut() {
        return cut;
    }

    @Override
    protected void line(byte[] b, int len) throws IOException {
        bytes += len;
        if (!inHunks && !startsWith(b, len, HUNK)) {
            out.write(b, 0, len);
            return;
        }
        inHunks = true;
        total++;
        if (cut) {
            return;
        }
        if (startsWith(b, len, HUNK)) {
            flushHunk();
        }
        if (shown + hunkLines < max) {
            hunk.write(b, 0, len);
            hunkLines++;
        } else if (shown == 0) {
            // The first hunk alone is longer than the cap: show its first lines, cut inside it.
            flushHunk();
            cut = true;
        } else {
            hunk.reset();
            hunkLines = 0;
            cut = true;
        }
    }

    private void flushHunk() throws IOException {
        hunk.writeTo(out);
        shown += hunkLines;
        hunk.reset();
        hunkLines = 0;
    }

    @Override
    protected void end(FileSection section) throws IOException {
        if (!cut) {
            flushHunk();
            return;
        }
        marker(out, "cut at " + shown + " of " + total + " lines (--max-lines " + max + "; the file has +"
                + section.additions() + " -" + section.deletions() + "); all of it: " + refetch.whole(section.path(), bytes, false));
    }
}
