package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;

import java.io.IOException;

/**
 * --skip-generated: a generated file's section keeps its header lines (so its name, change type and modes
 * stay), and its hunks or binary patch become one marker line with the counts and the call that shows them.
 */
final class GeneratedTrim extends SectionStage {
    private final Refetch refetch;
    private boolean dropping;
    private long dropped;

    GeneratedTrim(LineSink next, Refetch refetch) {
        super(next);
        this.refetch = refetch;
    }

    @Override
    public void line(LineKind kind, byte[] b, int off, int len) throws IOException {
        if (kind == LineKind.HUNK_HEADER || kind == LineKind.BINARY) {
            dropping = true;
        }
        if (dropping) {
            dropped += len;
        } else {
            next.line(kind, b, off, len);
        }
    }

    /** True when the section had changes to leave out. */
    boolean trimmed() {
        return dropping;
    }

    @Override
    protected void end(FileSection section) throws IOException {
        if (dropping) {
            marker(next, "generated file: its changes (+" + section.additions() + " -" + section.deletions() + ", "
                    + dropped + " bytes) are left out; to see them: " + refetch.whole(section.path(), dropped, true));
        }
    }
}
