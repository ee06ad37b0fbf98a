package dev.prdiff.exec;

import java.io.IOException;

/**
 * A stream that ends in this process's own standard output, which a child whose whole output goes there unchanged
 * may be given to write into itself: no pipe between them and no copy in this JVM.
 */
public interface DirectStdout {
    /**
     * Flushes what is buffered, so that a child's bytes follow it, and says whether a child may now write to this
     * process's standard output itself. Only where no reader can make the child wait: the time a child spends
     * waiting for a slow reader must not count against its timeout, and from here that wait cannot be told apart
     * from a hang.
     */
    boolean handOver() throws IOException;
}
