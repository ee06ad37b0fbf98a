package dev.prdiff.diff;

import java.io.IOException;
import java.io.OutputStream;

/** Takes a diff one line at a time with its kind: {@code b[off, off + len)}, with its newline unless it is a last line that lacks one. */
public interface LineSink {
    void line(LineKind kind, byte[] b, int off, int len) throws IOException;

    /** The lines' bytes written to {@code out}, their kinds dropped. */
    static LineSink bytes(OutputStream out) {
        return (kind, b, off, len) -> out.write(b, off, len);
    }
}
