package dev.prdiff.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing a directory prdiff made for itself. */
public final class FileTrees {
    private FileTrees() {}

    /** Deletes {@code dir} and everything below it, deepest first; best effort: a failure leaves the rest. */
    public static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // what is left stays: the callers' directories hold no secrets
        }
    }
}
