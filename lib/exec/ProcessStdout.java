package dev.prdiff.exec;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's standard output, buffered. When it is a regular file or /dev/null, a child may write to it
 * directly ({@link DirectStdout}): there no reader can make the child wait. A pipe or a terminal keeps the copy
 * through this JVM, which gives a slow reader's time back to the child's timeout.
 */
public final class ProcessStdout extends BufferedOutputStream implements DirectStdout {
    private Boolean neverWaits;

    public ProcessStdout() {
        super(new FileOutputStream(FileDescriptor.out), 1 << 16);
    }

    @Override
    public synchronized boolean handOver() throws IOException {
        flush();
        if (neverWaits == null) {
            neverWaits = neverWaits(Path.of("/proc/self/fd/1"));
        }
        return neverWaits;
    }

    /** Whether writes to the file behind this descriptor link never wait for a reader; false where /proc is not. */
    static boolean neverWaits(Path descriptor) {
        try {
            int type = (Integer) Files.getAttribute(descriptor, "unix:mode") & 0170000;
            return type == 0100000 || (type == 0020000 && Files.isSameFile(descriptor, Path.of("/dev/null")));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
