package support;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run's one build of prdiff.java and mcp-shim.java from an empty JBang cache and user cache of the run's own (in
 * {@link TempDirs}: private to the run, removed with it, never the user's caches), made the way new users' first
 * calls make it: {@link #LAUNCHES} CLI and as many MCP first launches through ./jbang, all at once, each kept with how
 * it ended. LauncherTest asserts on those launches; every other whole-process test that needs a built prdiff seeds
 * its own fresh cache with a copy. The real wrapper and JBang still run on the real sources there (a URL launch still
 * fetches every //SOURCES file), and JBang, whose jars are named by a hash of the sources' content and not of their
 * path or URL, finds the jar it would build and skips javac. A test's cache stays its own, so what one test does is
 * never seen by another, whichever runs first.
 */
public final class SharedBuild {
    /**
     * How many CLI first launches, and how many MCP ones, start at once. Eight processes on the wrapper's one build
     * lock (both scripts take it) while JBang compiles every lib file for seconds: all of them start before the first
     * build ends, so most of them wait on the lock and then find the build another made.
     */
    public static final int LAUNCHES = 4;

    private SharedBuild() {}

    /**
     * The first launches: the JBang cache folder and the environment they ran in (JBANG_DIR, XDG_CACHE_HOME and
     * PRDIFF_JBANG_HOME set, the wrapper saying which path it took), the repository the CLI launches diffed
     * ({@code HEAD~1...HEAD}: a.txt modified, b.txt added), and how each CLI and each MCP launch ended. The CLI launches
     * ran {@link #CLI_ARGS}; the MCP launches read {@link McpSession#INITIALIZE_LINE} and then the end of input.
     */
    public record FirstLaunches(Path jbangDir, Map<String, String> env, Path repo, List<Proc.Result> cli,
            List<Proc.Result> mcp) {}

    /** The CLI first launches' arguments after {@code -C REPO}. */
    public static final List<String> CLI_ARGS = List.of("-v", "HEAD~1...HEAD", "--files-only");

    /** Made by the first test that asks, once per JVM (the class holder idiom: lazy, and safe across threads). */
    private static final class Once {
        static final Build BUILD = Build.make();
    }

    /** The folder the build used (its JBang cache and user cache) and its first launches. */
    private record Build(Path dir, FirstLaunches launches) {
        static Build make() {
            Path root = RepoRoot.find();
            Path dir = TempDirs.create("prdiff-shared-build-");
            Map<String, String> env = freshEnv(dir);
            TempRepo repo = TempRepo.init();
            repo.write("a.txt", "a\n").commit("a");
            repo.write("a.txt", "b\n").write("b.txt", "new\n").commit("b");
            List<String> cliArgs = new ArrayList<>(List.of("-C", repo.dir().toString()));
            cliArgs.addAll(CLI_ARGS);
            byte[] initialize = McpSession.INITIALIZE_LINE.getBytes(StandardCharsets.UTF_8);

            ExecutorService pool = Executors.newFixedThreadPool(2 * LAUNCHES);
            try {
                List<CompletableFuture<Proc.Result>> cli = new ArrayList<>();
                List<CompletableFuture<Proc.Result>> mcp = new ArrayList<>();
                for (int i = 0; i < LAUNCHES; i++) {
                    cli.add(CompletableFuture.supplyAsync(
                            () -> Wrapper.run(root, root.resolve("prdiff.java"), cliArgs, env, null), pool));
                    mcp.add(CompletableFuture.supplyAsync(
                            () -> Wrapper.run(root, root.resolve("mcp-shim.java"), List.of(), env, initialize), pool));
                }
                return new Build(dir, new FirstLaunches(dir.resolve("jbang-dir"), Map.copyOf(env), repo.dir(),
                        cli.stream().map(CompletableFuture::join).toList(),
                        mcp.stream().map(CompletableFuture::join).toList()));
            } finally {
                pool.shutdown();
            }
        }

        Path checked() {
            for (Proc.Result call : launches.cli()) {
                assertTrue(call.ok(), "the run's shared build of prdiff failed: " + call.describe());
            }
            for (Proc.Result call : launches.mcp()) {
                assertTrue(call.ok(), "the run's shared build of the MCP server failed: " + call.describe());
            }
            return dir;
        }
    }

    /** The run's first launches, made now if no test has asked yet. */
    public static FirstLaunches firstLaunches() {
        return Once.BUILD.launches();
    }

    /**
     * Copies what JBang built and resolved (its jars and dependency list) into {@code cacheDir}, a JBang cache folder
     * ({@code JBANG_DIR/cache}, or {@code ~/.jbang/cache}) that the test has not used yet. The wrapper's launch records
     * and CDS archives are left out: they name the paths they were made for, and the test's first launch makes its own.
     */
    public static void seedJBangCache(Path cacheDir) {
        Path built = Once.BUILD.checked().resolve("jbang-dir/cache");
        TreeCopy.of(built.resolve("jars"), cacheDir.resolve("jars"), StandardCopyOption.COPY_ATTRIBUTES);
        TreeCopy.of(built.resolve("dependency_cache.json"), cacheDir.resolve("dependency_cache.json"),
                StandardCopyOption.COPY_ATTRIBUTES);
    }

    /**
     * Copies the picocli the wrapper recompiled for the build (and the checksum beside it) into {@code recompiledDir},
     * the user cache's {@code prdiff/recompiled}, which the test has not used yet. Where the build could not
     * recompile it (no network, say), nothing is copied and the test's first launch tries again, as a user's would.
     */
    public static void seedRecompiledJars(Path recompiledDir) {
        Path built = Once.BUILD.checked().resolve("cache/prdiff/recompiled");
        if (Files.isDirectory(built)) {
            TreeCopy.of(built, recompiledDir, StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    /**
     * The wrapper's environment ({@link Wrapper#env}) with a JBang cache ({@code tmp/jbang-dir}) and a user cache
     * ({@code tmp/cache}) of their own, both empty, and the user's pinned JBang.
     */
    public static Map<String, String> freshEnv(Path tmp) {
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        env.put("PRDIFF_JBANG_HOME", PinnedJBang.home(RepoRoot.find()).toString());
        env.put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        return env;
    }

    /** As {@link #freshEnv}, with both caches seeded from this build. */
    public static Map<String, String> seededEnv(Path tmp) {
        Map<String, String> env = freshEnv(tmp);
        seedJBangCache(tmp.resolve("jbang-dir/cache"));
        seedRecompiledJars(tmp.resolve("cache/prdiff/recompiled"));
        return env;
    }
}
