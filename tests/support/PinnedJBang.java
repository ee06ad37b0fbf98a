package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The JBang version ./jbang pins, and where the wrapper installs it for this user. */
public final class PinnedJBang {
    private PinnedJBang() {}

    /** JBANG_VERSION as the wrapper at {@code root} sets it. */
    public static String version(Path root) {
        try {
            Matcher m = Pattern.compile("(?m)^JBANG_VERSION=(\\S+)$").matcher(Files.readString(root.resolve("jbang")));
            if (!m.find()) {
                throw new AssertionError("JBANG_VERSION not found in " + root.resolve("jbang"));
            }
            return m.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The wrapper's install directory: PRDIFF_JBANG_HOME, else the user cache (which may not exist yet). */
    public static Path home(Path root) {
        String home = System.getenv("PRDIFF_JBANG_HOME");
        String cacheHome = System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache");
        return Path.of(home != null ? home : cacheHome + "/prdiff/jbang-" + version(root));
    }
}
