package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;

import java.io.IOException;
import java.io.OutputStream;

/**
 * --skip-generated: a generated file's section keeps its header lines (so its name, change type and modes
 * stay), and its hunks or binary patch become one marker line with the counts and the call that shows them.
 */
final class GeneratedTrim extends SectionStage {
    private static final byte[] HUNK = ascii("@@ ");
    private static final byte[] PATCH = ascii("GIT binary patch");
    private final Refetch refetch;
    private boolean dropping;
    private long dropped;

    GeneratedTrim(OutputStream out, Refetch refetch) {
        super(out);
        this.refetch = refetch;
    }

    @Override
    protected void line(byte[] b, int len) throws IOException {
        if (!dropping && (startsWith(b, len, HUNK) || startsWith(b, len, PATCH))) {
            dropping = true;
        }
        if (dropping) {
            dropped += len;
        } else {
            out.write(b, 0, len);
        }
    }

    /** True when the section had changes to leave out. */
    boolean trimmed() {
        return dropping;
    }

    @Override
    protected void end(FileSection section) throws IOException {
        if (dropping) {
            marker(out, "generated file: its changes (+" + section.additions() + " -" + section.deletions() + ", "
                    + dropped + " bytes) are left out; to see them: " + refetch.whole(section.path(), dropped, true));
        }
    }
}
