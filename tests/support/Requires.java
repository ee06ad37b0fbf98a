package support;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Programs beyond a JDK and git that some tests run. Without one, those tests are skipped (a JUnit assumption, which
 * RunTests counts as skipped and explains once); with {@value #REQUIRE_ALL}=1, as .ci/run sets, they fail instead,
 * so CI always runs the whole suite.
 */
public final class Requires {
    public static final String REQUIRE_ALL = "PRDIFF_REQUIRE_ALL";
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(20);

    /** Per program: null when it runs, else why not. Probed once per JVM. */
    private static final Map<String, String> PROBLEMS = new ConcurrentHashMap<>();

    private Requires() {}

    /** The real gh CLI, which the GitHub tests run against the stand-in. */
    public static void gh() {
        require("gh", "install gh (Debian/Ubuntu: apt-get install gh)");
    }

    /** Node.js and npm, which install and run the official MCP client for the end-to-end test. */
    public static void node() {
        require("node", "install Node.js 18+ and npm (Debian/Ubuntu: apt-get install nodejs npm)");
        require("npm", "install Node.js 18+ and npm (Debian/Ubuntu: apt-get install nodejs npm)");
    }

    private static void require(String program, String remedy) {
        String problem = PROBLEMS.computeIfAbsent(program, p -> probe(p).orElse(""));
        if (problem.isEmpty()) {
            return;
        }
        String reason = problem + ": " + remedy;
        if ("1".equals(System.getenv(REQUIRE_ALL))) {
            throw new AssertionError(reason + " (" + REQUIRE_ALL + "=1 turns this skip into a failure)");
        }
        Assumptions.abort(reason);
    }

    /** Why {@code program --version} does not run from PATH, or empty when it does. */
    private static Optional<String> probe(String program) {
        String found = null;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                found = candidate.toAbsolutePath().toString();
                break;
            }
        }
        if (found == null) {
            return Optional.of(program + " is not on PATH");
        }
        try {
            Proc.Result r = Proc.attempt(List.of(found, "--version"), null, System.getenv(), null, PROBE_TIMEOUT);
            if (r.timedOut()) {
                return Optional.of(found + " --version did not finish in " + PROBE_TIMEOUT.toSeconds() + "s");
            }
            if (r.exit() != 0) {
                return Optional.of(found + " --version exited " + r.exit());
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(found + " does not run: " + e.getMessage());
        }
    }
}
