package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * This process's own directory for git, readable only by the user and removed at exit: an empty HOME for every
 * git process, the user's carried-over trust settings, and the scratch git directories diffs are computed in.
 */
final class PrivateDir {
    private static PrivateDir instance;

    private final Path root;

    private PrivateDir(Path root) {
        this.root = root;
    }

    static synchronized PrivateDir get() {
        if (instance == null || !Files.isDirectory(instance.root)) {
            instance = new PrivateDir(create());
            Path root = instance.root;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(root), "prdiff-private-dir-cleanup"));
        }
        return instance;
    }

    /** A directory that exists and is empty: HOME and XDG_CONFIG_HOME for git, so no user file is found there. */
    Path emptyHome() {
        return ensureDir(root.resolve("home"));
    }

    Path resolve(String name) {
        return root.resolve(name);
    }

    static Path ensureDir(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Path create() {
        try {
            return Files.createTempDirectory("prdiff-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException | UnsupportedOperationException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create a private temporary directory: "
                    + e.getMessage(), e);
        }
    }

    static void deleteTree(Path dir) {
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
            // Best effort at exit: a leftover scratch directory holds no secrets, only paths.
        }
    }
}
