package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Temporary folders and files for tests, all inside one folder of this test run's own, which RunTests removes at
 * the end, so a day of runs does not leave thousands of repositories, caches and configs in /tmp.
 */
public final class TempDirs {
    private static Path root;

    private TempDirs() {}

    /** A new empty folder whose name starts with {@code prefix}. */
    public static Path create(String prefix) {
        try {
            return Files.createTempDirectory(root(), prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new empty file whose name starts with {@code prefix} and ends with {@code suffix}. */
    public static Path file(String prefix, String suffix) {
        try {
            return Files.createTempFile(root(), prefix, suffix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized Path root() throws IOException {
        if (root == null) {
            root = Files.createTempDirectory("prdiff-tests-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        return root;
    }

    /**
     * Removes every folder and file made through this class; what cannot go is named on stderr and left, without
     * failing the run.
     */
    public static synchronized void removeAll() {
        if (root == null) {
            return;
        }
        try {
            deleteTree(root);
            root = null;
        } catch (IOException e) {
            System.err.println("could not remove the tests' temporary folder " + root + ": " + e);
        }
    }

    /**
     * Deletes {@code top} and everything below it, opening up folders a test made unreadable or read-only first.
     * Goes on past what cannot be deleted and throws the first such failure at the end.
     */
    public static void deleteTree(Path top) throws IOException {
        IOException[] first = {null};
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                dir.toFile().setReadable(true);
                dir.toFile().setWritable(true);
                dir.toFile().setExecutable(true);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                keep(e);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                keep(e);
                delete(dir);
                return FileVisitResult.CONTINUE;
            }

            private void delete(Path p) {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    keep(e);
                }
            }

            private void keep(IOException e) {
                if (first[0] == null) {
                    first[0] = e;
                }
            }
        });
        if (first[0] != null) {
            throw first[0];
        }
    }
}
