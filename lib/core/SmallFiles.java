package dev.prdiff.core;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A small file read whole through java.io, which every JVM has loaded: {@code Files.readAllBytes} opens a FileChannel,
 * whose NIO classes a short-lived process otherwise never needs (about a millisecond of its start to load).
 */
public final class SmallFiles {
    private SmallFiles() {}

    public static byte[] read(Path file) throws IOException {
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            return in.readAllBytes();
        }
    }
}
