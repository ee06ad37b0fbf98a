package dev.prdiff.mcp;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines written to it from line {@code skip} on, kept while they fit {@code room} bytes; every line is
 * counted, kept or not, so that a page can say how many there are. Memory is {@code room} and one line.
 */
final class LinePage extends OutputStream {
    private final int skip;
    private final long room;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private final List<byte[]> kept = new ArrayList<>();
    private long keptBytes;
    private boolean full;
    private int total;

    LinePage(int skip, long room) {
        this.skip = skip;
        this.room = room;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                take(b, start, i + 1);
                start = i + 1;
            }
        }
        take(b, start, off + len);
    }

    /** Ends a last line without a newline; call once, after the last write. */
    void finish() {
        if (line.size() > 0) {
            line.write('\n');
            end();
        }
    }

    private void take(byte[] b, int from, int to) {
        boolean ends = to > from && b[to - 1] == '\n';
        if (!full && total >= skip) {
            line.write(b, from, to - from);
            if (keptBytes + line.size() > room) {
                full = true;
                line.reset();
            }
        }
        if (ends) {
            end();
        }
    }

    private void end() {
        if (!full && total >= skip) {
            kept.add(line.toByteArray());
            keptBytes += line.size();
        }
        line.reset();
        total++;
    }

    /** The lines kept, each with its newline. */
    List<byte[]> kept() {
        return kept;
    }

    /** Every line written, kept or not. */
    int total() {
        return total;
    }
}
