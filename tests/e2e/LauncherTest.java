package e2e;

import support.Proc;
import support.McpSession;
import support.RepoRoot;
import support.SharedBuild;
import support.TempRepo;
import support.TreeCopy;
import support.Wrapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ./jbang's launch records as whole processes: the fast path (java started directly from a record)
 * while nothing changed, a rebuild when a //SOURCES file changes, and parallel first launches that
 * all succeed on an empty JBang cache. Each test has a JBANG_DIR of its own; the pinned JBang and
 * the Maven repository are the user's, so nothing is downloaded. The first-launches test is the suite's
 * build of prdiff from an empty JBang cache; the other starts from a copy of the run's shared build.
 */
class LauncherTest {
    private static final Duration TIMEOUT = Wrapper.TIMEOUT;
    private static final String FAST = "[jbang wrapper] fast path:";
    private static final String BUILD = "[jbang wrapper] building under ";

    private static Path root;
    private static TempRepo repo;

    @BeforeAll
    static void fixture() {
        root = RepoRoot.find();
        repo = TempRepo.init();
        repo.write("a.txt", "a\n");
        repo.commit("a");
        repo.write("a.txt", "b\n");
        repo.write("b.txt", "new\n");
        repo.commit("b");
    }

    @AfterAll
    static void cleanup() {
        repo.close();
    }

    @Test
    void editingAFileListedByLibSourcesRebuildsOnTheNextRun(@TempDir Path tmp) throws IOException {
        Path copy = copyOfTheScripts(tmp.resolve("prdiff"));
        // JBang finds the jar of these sources already built; the launch record is this copy's own, made now.
        SharedBuild.seedJBangCache(tmp.resolve("jbang-dir/cache"));
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        Path script = copy.resolve("prdiff.java");

        Proc.Result before = prdiff(script, env);
        assertEquals(0, before.exit(), before.describe());
        assertTrue(before.stderr().contains(BUILD), "no launch record before the first run: " + before.stderr());
        assertTrue(before.stderr().contains("prdiff: range HEAD~1...HEAD"), before.stderr());
        Proc.Result warm = prdiff(script, env);
        assertTrue(warm.stderr().startsWith(FAST), warm.stderr());

        // lib/app/RepositoryDiffs.java is reached only through lib/Sources.java's //SOURCES list.
        Path source = copy.resolve("lib/app/RepositoryDiffs.java");
        String text = Files.readString(source);
        assertTrue(text.contains("\"range \" + spec.described()"), "the edit below no longer applies");
        Files.writeString(source, text.replace("\"range \" + spec.described()", "\"edited range \" + spec.described()"));

        Proc.Result after = prdiff(script, env);
        assertEquals(0, after.exit(), after.describe());
        assertTrue(after.stderr().contains(BUILD), "no rebuild after the edit: " + after.stderr());
        assertTrue(after.stderr().contains("prdiff: edited range HEAD~1...HEAD"), after.stderr());
        assertArrayEquals(before.stdout(), after.stdout());

        Proc.Result warmAgain = prdiff(script, env);
        assertTrue(warmAgain.stderr().startsWith(FAST), warmAgain.stderr());
        assertTrue(warmAgain.stderr().contains("prdiff: edited range HEAD~1...HEAD"), warmAgain.stderr());
    }

    /**
     * Eight CLI and eight MCP first launches at once on an empty cache all succeed, one of them building; then,
     * nothing having changed, the next launch takes the fast path and prints what JBang prints. (One test, so that
     * the suite builds prdiff.java once for both: a build is most of their time.)
     */
    @Test
    void firstLaunchesAtOnceAllSucceedOnAnEmptyCacheThenTheFastPathPrintsWhatJBangPrints(@TempDir Path tmp) {
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        Proc.Result expected = Proc.run(List.of("git", "-C", repo.dir().toString(), "diff", "--numstat", "HEAD~1...HEAD"),
                null, System.getenv(), TIMEOUT);
        assertEquals("1\t1\ta.txt\n1\t0\tb.txt\n", expected.out());

        List<CompletableFuture<Proc.Result>> cli = new ArrayList<>();
        List<CompletableFuture<Proc.Result>> mcp = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            cli.add(CompletableFuture.supplyAsync(() -> prdiff(root.resolve("prdiff.java"), env)));
            mcp.add(CompletableFuture.supplyAsync(() -> Wrapper.run(root, root.resolve("mcp-shim.java"), List.of(), env,
                    McpSession.INITIALIZE_LINE.getBytes(StandardCharsets.UTF_8))));
        }
        for (CompletableFuture<Proc.Result> f : cli) {
            Proc.Result r = f.join();
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.out().startsWith("{\"files\":[{\"path\":\"a.txt\",\"additions\":1,\"deletions\":1,"
                    + "\"status\":\"modified\"},{\"path\":\"b.txt\",\"additions\":1,\"deletions\":0,\"status\":\"added\"}]"),
                    r.describe());
        }
        for (CompletableFuture<Proc.Result> f : mcp) {
            Proc.Result r = f.join();
            assertEquals(0, r.exit(), r.describe());
            String[] lines = r.out().split("\n");
            assertEquals(1, lines.length, r.describe());
            assertTrue(lines[0].startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\""),
                    r.describe());
        }
        assertTrue(cli.stream().anyMatch(f -> f.join().stderr().contains(BUILD)), "no first launch built");

        // Nothing changed since: the next launch starts java directly, and prints what JBang prints.
        Path script = root.resolve("prdiff.java");
        Proc.Result fast = prdiff(script, env);
        assertEquals(0, fast.exit(), fast.describe());
        assertTrue(fast.stderr().startsWith(FAST), "expected the fast path: " + fast.stderr());
        assertFalse(fast.stderr().contains("[jbang]"), "JBang ran: " + fast.stderr());

        Map<String, String> viaJBang = new HashMap<>(env);
        viaJBang.put("PRDIFF_FAST_LAUNCH", "0");
        viaJBang.remove("PRDIFF_LAUNCH_DEBUG");
        Map<String, String> quietFast = new HashMap<>(env);
        quietFast.remove("PRDIFF_LAUNCH_DEBUG");
        for (List<String> args : List.of(
                List.of("-C", repo.dir().toString(), "HEAD~1...HEAD", "--files-only"),
                List.of("-C", repo.dir().toString(), "HEAD~1...HEAD"),
                List.of("-C", repo.dir().toString(), "no-such-revision...HEAD"))) {
            Proc.Result jbang = Wrapper.run(root, script, args, viaJBang, null);
            Proc.Result direct = Wrapper.run(root, script, args, quietFast, null);
            assertEquals(jbang.exit(), direct.exit(), args + "\n" + direct.describe());
            assertArrayEquals(jbang.stdout(), direct.stdout(), args.toString());
            assertEquals(jbang.stderr(), direct.stderr(), args.toString());
        }
    }

    private static Proc.Result prdiff(Path script, Map<String, String> env) {
        return Wrapper.run(root, script, List.of("-C", repo.dir().toString(), "-v", "HEAD~1...HEAD", "--files-only"),
                env, null);
    }

    /** The entry points and everything they compile in, so a test can edit a source. */
    private static Path copyOfTheScripts(Path to) {
        for (String top : List.of("prdiff.java", "mcp-shim.java", "openapi.yaml", "lib")) {
            TreeCopy.of(root.resolve(top), to.resolve(top));
        }
        return to;
    }
}
