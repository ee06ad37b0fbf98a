package dev.prdiff.diff;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A {@link LineSink} that also takes diff text as bytes (chunks of any size, cut anywhere): a {@link DiffLineWriter}
 * reads them with the one grammar and hands each line, with its kind, to {@link #line}. So a stage fed by the
 * parser and one fed raw bytes see the same lines.
 */
public abstract class LineStream extends OutputStream implements LineSink {
    private final DiffLineWriter bytesIn = new DiffLineWriter(this);

    @Override
    public void write(int b) throws IOException {
        bytesIn.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        bytesIn.write(b, off, len);
    }

    /** Hands on a last line that lacks its newline, if bytes hold one, and reads what follows as a new diff. */
    protected void finishLines() throws IOException {
        bytesIn.finish();
    }
}
