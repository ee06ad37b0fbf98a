package support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** ./jbang as a whole process, the way a user starts a script with it. */
public final class Wrapper {
    public static final Duration TIMEOUT = Duration.ofSeconds(240);

    private Wrapper() {}

    /** {@code ROOT/jbang SCRIPT ARGS...} in ROOT; stdin null for none; past {@link #TIMEOUT} the test fails. */
    public static Proc.Result run(Path root, Path script, List<String> args, Map<String, String> env, byte[] stdin) {
        List<String> words = new ArrayList<>(List.of(script.toString()));
        words.addAll(args);
        return jbang(root, words, env, stdin);
    }

    /** {@code ROOT/jbang ARGS...} in ROOT (a URL or an alias as JBang takes them); as {@link #run}. */
    public static Proc.Result jbang(Path root, List<String> args, Map<String, String> env, byte[] stdin) {
        List<String> argv = new ArrayList<>(List.of(root.resolve("jbang").toString()));
        argv.addAll(args);
        Proc.Result r = Proc.attempt(argv, root, env, stdin, TIMEOUT);
        if (r.timedOut()) {
            throw new AssertionError(argv + " did not finish in " + TIMEOUT.toSeconds() + "s: " + r.stderr());
        }
        return r;
    }

    /** The launch record the wrapper keeps for {@code script} in the JBang cache of {@code jbangDir}. */
    public static Path launchRecord(Path jbangDir, Path script) {
        return jbangDir.resolve("cache/prdiff-launch/" + script.toString().replaceAll("[^A-Za-z0-9._-]", "_"));
    }

    /**
     * The caller's environment with a JBang cache of its own ({@code jbangDir}), no jbang on PATH (the pinned one
     * runs), none of the launcher's own settings, and the launcher saying which path it took.
     */
    public static Map<String, String> env(Path jbangDir) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(name -> name.startsWith("JBANG_") || name.startsWith("PRDIFF_LAUNCH")
                || name.equals("PRDIFF_FAST_LAUNCH") || name.equals("PRDIFF_RECOMPILE"));
        env.put("JBANG_DIR", jbangDir.toString());
        env.put("PRDIFF_LAUNCH_DEBUG", "1");
        env.put("PATH", String.join(":", Arrays.stream(System.getenv("PATH").split(":"))
                .filter(dir -> !dir.isEmpty() && !Files.exists(Path.of(dir, "jbang")))
                .toList()));
        return env;
    }
}
