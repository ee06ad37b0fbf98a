package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * --max-lines N: a section shows at most N lines of hunks (hunk headers count). Whole hunks are kept while they
 * fit; the first hunk that does not is left out with all after it, so a cut falls between hunks. Only when
 * the first hunk alone is longer than N is it cut inside. A marker line says where and how to see the rest.
 * Holds at most one hunk's first N lines.
 */
final class LineCap extends SectionStage {
    private final int max;
    private final Refetch refetch;
    /** The current hunk's lines so far: their bytes one after another, and each one's kind and end. */
    private final ByteArrayOutputStream hunk = new ByteArrayOutputStream();
    private final List<LineKind> kinds = new ArrayList<>();
    private int[] ends = new int[64];
    private boolean inHunks;
    private int shown;
    private long total;
    private long bytes;
    private boolean cut;

    LineCap(LineSink next, int max, Refetch refetch) {
        super(next);
        this.max = max;
        this.refetch = refetch;
    }

    /** True when the section was cut: the caller lists it in the warnings. */
    boolean cut() {
        return cut;
    }

    @Override
    public void line(LineKind kind, byte[] b, int off, int len) throws IOException {
        bytes += len;
        if (!inHunks && kind != LineKind.HUNK_HEADER) {
            next.line(kind, b, off, len);
            return;
        }
        inHunks = true;
        total++;
        if (cut) {
            return;
        }
        if (kind == LineKind.HUNK_HEADER) {
            flushHunk();
        }
        if (shown + kinds.size() < max) {
            hold(kind, b, off, len);
        } else if (shown == 0) {
            // The first hunk alone is longer than the cap: show its first lines, cut inside it.
            flushHunk();
            cut = true;
        } else {
            dropHunk();
            cut = true;
        }
    }

    private void hold(LineKind kind, byte[] b, int off, int len) {
        hunk.write(b, off, len);
        if (kinds.size() == ends.length) {
            ends = java.util.Arrays.copyOf(ends, ends.length * 2);
        }
        ends[kinds.size()] = hunk.size();
        kinds.add(kind);
    }

    private void flushHunk() throws IOException {
        byte[] held = hunk.toByteArray();
        int from = 0;
        for (int i = 0; i < kinds.size(); i++) {
            next.line(kinds.get(i), held, from, ends[i] - from);
            from = ends[i];
        }
        shown += kinds.size();
        dropHunk();
    }

    private void dropHunk() {
        hunk.reset();
        kinds.clear();
    }

    @Override
    protected void end(FileSection section) throws IOException {
        if (!cut) {
            flushHunk();
            return;
        }
        marker(next, "cut at " + shown + " of " + total + " lines (" + refetch.option("--max-lines") + " " + max
                + "; the file has +" + section.additions() + " -" + section.deletions() + "); all of it: "
                + refetch.whole(section.path(), bytes, false));
    }
}
