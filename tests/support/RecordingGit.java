package support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@code git} first on PATH that writes each of its argument lists to a log and then runs the real git: which git
 * processes a call started, and with what, is then a fact a test can read.
 */
public final class RecordingGit {
    private final Path log;
    private final Map<String, String> env;

    private RecordingGit(Path log, Map<String, String> env) {
        this.log = log;
        this.env = env;
    }

    /**
     * A recording git in a new folder, and the environment (this JVM's, PATH prefixed, disk caches off) that finds
     * it first.
     */
    public static RecordingGit create() {
        return create("");
    }

    /** As {@link #create()}, running {@code then} (sh lines) after recording each call and before git itself. */
    public static RecordingGit create(String then) {
        Path dir = TempDirs.create("recording-git-");
        Path log = dir.resolve("calls.log");
        // One line per call: the arguments separated by NUL bytes (a newline may be inside one; NUL never is). Each
        // line is written whole by one cat: prdiff runs gits at once, and two printfs each would interleave.
        ProgramOnPath.write(dir, "git", "t=$(mktemp '" + dir + "/call.XXXXXX') && { printf '%s\\0' \"$@\"; printf"
                + " '\\n'; } > \"$t\" && cat \"$t\" >> '" + log + "'; rm -f \"$t\"\n" + then);
        Map<String, String> env = new java.util.HashMap<>(ProgramOnPath.firstOnPath(dir, System.getenv()));
        // Answers kept on disk by earlier runs (keyed by content, and fixtures' ids repeat) would change the count.
        env.put("PRDIFF_CACHE_DIR", "");
        return new RecordingGit(log, Map.copyOf(env));
    }

    public Map<String, String> env() {
        return env;
    }

    /** Every call since the last {@link #clear}, each as its argument list. */
    public List<List<String>> calls() {
        try {
            List<List<String>> calls = new ArrayList<>();
            if (!Files.exists(log)) {
                return calls;
            }
            for (String line : Files.readString(log, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isEmpty()) {
                    calls.add(List.of(line.substring(0, line.length() - 1).split("\0", -1)));
                }
            }
            return calls;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The calls whose arguments include every one of {@code words}. */
    public List<List<String>> callsWith(String... words) {
        return calls().stream().filter(c -> c.containsAll(Set.of(words))).toList();
    }

    public void clear() {
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
