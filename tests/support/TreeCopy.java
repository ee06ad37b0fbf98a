package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A file or folder copied whole, for tests that need their own copy of the scripts or of a built cache. */
public final class TreeCopy {
    private TreeCopy() {}

    /** Copies {@code from} (a file, or a folder and all below it) to {@code to}, each file with {@code options}. */
    public static void of(Path from, Path to, CopyOption... options) {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target, options);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
