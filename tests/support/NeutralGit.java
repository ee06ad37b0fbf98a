package support;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs real git for the stand-in's server side: nothing inherited from the caller (no GIT_* variables, no user or
 * system config), so what the stand-in serves depends only on the repository.
 */
public final class NeutralGit {
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private NeutralGit() {}

    /** The settings a diff must not pick up from anywhere, pinned to git's defaults. */
    public static final List<String> DIFF_SETTINGS = List.of(
            "-c", "core.quotePath=true", "-c", "diff.noprefix=false", "-c", "diff.mnemonicPrefix=false");

    public static Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", "/nonexistent");
        env.put("LC_ALL", "C");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_TERMINAL_PROMPT", "0");
        return env;
    }

    /** Runs git, failing loudly on a non-zero exit; returns stdout. */
    public static byte[] run(Path dir, String... args) {
        Proc.Result r = Proc.attempt(argv(args), dir, env(), null, TIMEOUT);
        if (!r.ok()) {
            throw new IllegalStateException("git " + String.join(" ", args) + ": " + r.describe());
        }
        return r.stdout();
    }

    public static String text(Path dir, String... args) {
        return new String(run(dir, args), StandardCharsets.UTF_8).trim();
    }

    /** {@code git <args>} as an argument array. */
    public static List<String> argv(String... args) {
        List<String> argv = new ArrayList<>();
        argv.add("git");
        argv.addAll(List.of(args));
        return argv;
    }

    /** {@code git <neutral -c settings> diff --no-color --no-ext-diff --no-textconv <rest>}. */
    public static String[] diff(String... rest) {
        List<String> args = new ArrayList<>(DIFF_SETTINGS);
        args.addAll(List.of("diff", "--no-color", "--no-ext-diff", "--no-textconv"));
        args.addAll(List.of(rest));
        return args.toArray(String[]::new);
    }
}
