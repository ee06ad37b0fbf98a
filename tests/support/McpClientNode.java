package support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The official MCP TypeScript SDK client, pinned by tests/mcp-client/package-lock.json and installed by {@code npm ci}
 * into the ignored tests/.cache/mcp-client (.ci/run installs it the same way beforehand). Runs
 * tests/mcp-client/e2e.mjs, which starts a server, makes the given tool calls and reports what it saw.
 */
public final class McpClientNode {
    public static final Path SOURCE = RepoRoot.find().resolve("tests/mcp-client");
    public static final Path CACHE = RepoRoot.find().resolve("tests/.cache/mcp-client");
    static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(6);

    private static final ObjectMapper JSON = new ObjectMapper();

    private McpClientNode() {}

    /** What e2e.mjs printed, and the whole run for failure messages. */
    public record Report(JsonNode json, Proc.Result run) {
        public JsonNode call(String name) {
            for (JsonNode c : json.path("calls")) {
                if (c.path("name").asText().equals(name)) {
                    return c;
                }
            }
            throw new AssertionError("no call named " + name + " in the report:\n" + run.describe());
        }
    }

    /** The command line .ci/run uses too: installs exactly the locked versions, runs no package scripts. */
    public static List<String> npmCi(String npm) {
        return List.of(npm, "ci", "--prefix", CACHE.toString(), "--ignore-scripts", "--no-audit", "--no-fund");
    }

    /** Installs the client unless the cache already holds this lock file's install. */
    public static void ensureInstalled() {
        Requires.node();
        String npm = executable("npm");
        executable("node");
        try {
            Path lock = SOURCE.resolve("package-lock.json");
            Path cachedLock = CACHE.resolve("package-lock.json");
            boolean current = Files.isDirectory(CACHE.resolve("node_modules/@modelcontextprotocol/sdk"))
                    && Files.exists(cachedLock) && Files.mismatch(lock, cachedLock) == -1;
            if (current) {
                return;
            }
            Files.createDirectories(CACHE);
            Files.copy(SOURCE.resolve("package.json"), CACHE.resolve("package.json"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(lock, cachedLock, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // npm needs the user's own environment: its config, cache and any registry proxy.
        Proc.Result r = Proc.run(npmCi(npm), CACHE, System.getenv(), INSTALL_TIMEOUT);
        if (!r.ok()) {
            throw new AssertionError("npm ci in " + CACHE + " failed:\n" + r.describe());
        }
    }

    /**
     * Runs e2e.mjs: it starts {@code server} with exactly {@code env}, lists the tools and makes each call in
     * {@code cases} (see e2e.mjs for their shape). Fails if node exits non-zero or prints anything but one object.
     */
    public static Report run(List<? extends JsonNode> cases, List<String> server, Map<String, String> env) {
        ensureInstalled();
        try {
            Path script = CACHE.resolve("e2e.mjs");
            // Node resolves imports next to the script, so the script runs from beside the installed node_modules.
            Files.copy(SOURCE.resolve("e2e.mjs"), script, StandardCopyOption.REPLACE_EXISTING);
            Path casesFile = TempDirs.file("prdiff-mcp-cases-", ".json");
            try {
                JSON.writeValue(casesFile.toFile(), cases);
                List<String> argv = new ArrayList<>(List.of(executable("node"), script.toString(), casesFile.toString()));
                argv.addAll(server);
                Proc.Result r = Proc.run(argv, CACHE, env, RUN_TIMEOUT);
                if (r.exit() != 0) {
                    throw new AssertionError("the MCP client failed:\n" + r.describe());
                }
                return new Report(JSON.readTree(r.stdout()), r);
            } finally {
                Files.deleteIfExists(casesFile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** JBang's own locations, added to an environment whose HOME is not the user's, so no re-download happens. */
    public static Map<String, String> withJbangCaches(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        Map<String, String> mine = System.getenv();
        String home = mine.getOrDefault("HOME", System.getProperty("user.home"));
        all.put("XDG_CACHE_HOME", mine.getOrDefault("XDG_CACHE_HOME", home + "/.cache"));
        for (String k : List.of("JAVA_HOME", "JBANG_DIR", "JBANG_REPO", "JBANG_CACHE_DIR", "PRDIFF_JBANG_HOME",
                "PRDIFF_MAVEN_REPO")) {
            Optional.ofNullable(mine.get(k)).ifPresent(v -> all.put(k, v));
        }
        return all;
    }

    /** The absolute path of a program on PATH; {@link Requires#node()} has already skipped the test without it. */
    static String executable(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath().toString();
            }
        }
        throw new AssertionError("'" + name + "' is not on PATH: the MCP end-to-end test needs Node.js and npm"
                + " (Debian: apt-get install nodejs npm; .ci/run installs them)");
    }
}
