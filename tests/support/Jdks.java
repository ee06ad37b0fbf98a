package support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** JDKs on this machine other than the one running the tests, found by the release file every JDK has. */
public final class Jdks {
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    private Jdks() {}

    /**
     * A JDK of feature release {@code feature} or later: PRDIFF_TEST_JDK when it names one, else the newest under
     * /usr/lib/jvm (where Debian's packages and Temurin's put them).
     */
    public static Optional<Path> atLeast(int feature) {
        String named = System.getenv("PRDIFF_TEST_JDK");
        if (named != null && !named.isEmpty()) {
            return Optional.of(Path.of(named)).filter(home -> feature(home) >= feature);
        }
        try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
            return homes.filter(home -> feature(home) >= feature && Files.isExecutable(home.resolve("bin/java")))
                    .max(Comparator.comparingInt(Jdks::feature));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The feature release of the JDK at {@code home} (25 for 25.0.3), or 0 where it has no readable release file. */
    static int feature(Path home) {
        try {
            Matcher m = VERSION.matcher(Files.readString(home.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
