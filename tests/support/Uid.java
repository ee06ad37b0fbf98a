package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The user the tests run as: giving a file or folder to another user (to test that it is refused) needs root. */
public final class Uid {
    private Uid() {}

    public static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
