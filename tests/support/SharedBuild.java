package support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * prdiff.java and mcp-shim.java built once per test run by ./jbang, from an empty JBang cache of the run's own (in
 * {@link TempDirs}: private to the run, removed with it, never the user's caches), for the whole-process tests whose
 * point is not the first build itself. A test seeds its own fresh cache with a copy: the real wrapper and JBang still
 * run on the real sources, and JBang, whose jars are named by a hash of the sources' content and not of their path or
 * URL, finds the jar it would build and skips javac. A test's cache stays its own, so what one test does is never
 * seen by another, whichever runs first. The cold build from an empty cache is LauncherTest's first-launches test.
 */
public final class SharedBuild {
    private SharedBuild() {}

    /** Built by the first test that asks, once per JVM (the class holder idiom: lazy, and safe across threads). */
    private static final class Once {
        static final Build BUILD = Build.make();
    }

    /** The folder the build used (its JBang cache and user cache) and how each ./jbang call ended. */
    private record Build(Path dir, List<Proc.Result> calls) {
        static Build make() {
            Path root = RepoRoot.find();
            Path dir = TempDirs.create("prdiff-shared-build-");
            Map<String, String> env = Wrapper.env(dir.resolve("jbang-dir"));
            env.put("PRDIFF_JBANG_HOME", PinnedJBang.home(root).toString());
            env.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
            // Run through the wrapper's launch path, which also recompiles picocli into the user cache; the MCP server
            // needs only JBang's build.
            return new Build(dir, List.of(
                    Wrapper.run(root, root.resolve("prdiff.java"), List.of("--version"), env, null),
                    Wrapper.jbang(root, List.of("build", root.resolve("mcp-shim.java").toString()), env, null)));
        }

        Path checked() {
            for (Proc.Result call : calls) {
                assertTrue(call.ok(), "the run's shared build of prdiff failed: " + call.describe());
            }
            return dir;
        }
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
}
