import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import support.GitHubStandIn;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.TempDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pull request diff is downloaded once per (repository, number, base and head SHA): reading it file by file
 * costs one download, a new head costs a new one, and the cache stays within its bound and whole under
 * concurrent writers. Real gh against the stand-in; the stand-in counts the diff downloads.
 */
class PullRequestCacheTest {
    static PullRequestScenario scenario;
    Path cacheDir;
    Map<String, String> env;

    @BeforeAll
    static void start() {
        scenario = PullRequestScenario.start();
    }

    @AfterAll
    static void stop() {
        if (scenario != null) {
            scenario.close();
        }
    }

    @BeforeEach
    void freshCache() throws IOException {
        cacheDir = TempDirs.create("prdiff-cache-");
        env = new HashMap<>(scenario.env);
        env.put("PRDIFF_CACHE_DIR", cacheDir.toString());
        scenario.github.clearRequests();
    }

    Proc.Result ok(Map<String, String> with, String... args) {
        Proc.Result r = PrdiffCli.run(with, args);
        assertEquals(0, r.exit(), r.stderr());
        return r;
    }

    static long diffDownloads() {
        return scenario.github.requests().stream()
                .filter(r -> r.accept() != null && r.accept().contains("diff")).count();
    }

    byte[] ghPrDiff() {
        Proc.Result gh = Proc.run(List.of("gh", "pr", "diff", "1", "-R", "octo/demo"), scenario.clone.dir(), scenario.env,
                java.time.Duration.ofSeconds(60));
        assertEquals(0, gh.exit(), gh.stderr());
        return gh.stdout();
    }

    List<Path> cached() throws IOException {
        try (Stream<Path> files = Files.list(cacheDir)) {
            return files.toList();
        }
    }

    @Test
    void readingFileByFileDownloadsTheDiffOnce() throws Exception {
        Proc.Result first = ok(env, "1", "-R", "octo/demo", "-v");
        byte[] whole = first.stdout();
        assertTrue(first.stderr().contains("pull request #1 (head " + scenario.pr.headSha() + ", base "
                + scenario.pr.baseSha() + ")"), "the answer names the SHAs it is of: " + first.stderr());
        assertEquals(1, diffDownloads());
        assertArrayEquals(ghPrDiff(), whole);
        scenario.github.clearRequests();
        for (String path : List.of("src/app.ts", "lib/a/index.ts", "new name.txt", "gone.txt")) {
            Proc.Result one = ok(env, "1", "-R", "octo/demo", "--file", path);
            assertArrayEquals(PathLimitTest.sectionsOf(whole, java.util.Set.of(path)), one.stdout(), path);
            assertTrue(one.stderr().contains("was read from prdiff's cache"), one.stderr());
            assertFalse(one.stderr().contains("(head "), "the SHAs of a named pull request only with -v: " + one.stderr());
        }
        assertEquals(0, diffDownloads(), scenario.github.requests().toString());
        assertFalse(scenario.github.requests().isEmpty(), "the head is still checked on every call");
    }

    @Test
    void aNewHeadIsDownloadedAgainAndNeverServedFromTheOldCopy() throws Exception {
        PullRequestFixture before = scenario.pr;
        byte[] first = ok(env, "1", "-R", "octo/demo").stdout();
        var work = scenario.origin.work();
        work.checkout("feature");
        work.write("src/app.ts", "pushed after the first review\n");
        work.commit("a new head");
        work.checkout("main");
        PullRequestFixture after = scenario.origin.refresh(1);
        try {
            assertFalse(before.headSha().equals(after.headSha()));
            scenario.github.clearRequests();
            byte[] second = ok(env, "1", "-R", "octo/demo").stdout();
            assertEquals(1, diffDownloads());
            assertFalse(java.util.Arrays.equals(first, second));
            assertArrayEquals(ghPrDiff(), second);
            assertEquals(2, cached().size(), "one entry per head: " + cached());
        } finally {
            work.checkout("feature");
            work.git("reset", "-q", "--hard", before.headSha());
            work.checkout("main");
            scenario.origin.refresh(1);
        }
    }

    @Test
    void theCacheStaysWithinItsBound() throws Exception {
        env.put("PRDIFF_CACHE_MAX_BYTES", "10");
        ok(env, "1", "-R", "octo/demo");
        ok(env, "1", "-R", "octo/demo", "--file", "src/app.ts");
        assertEquals(2, diffDownloads(), "a diff larger than the bound is not kept");
        assertEquals(List.of(), cached());
    }

    @Test
    void concurrentFirstReadsAllAnswerAndLeaveOneWholeEntry() throws Exception {
        byte[] expected = ghPrDiff();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Proc.Result>> runs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                runs.add(pool.submit(() -> PrdiffCli.run(env, "1", "-R", "octo/demo")));
            }
            for (Future<Proc.Result> run : runs) {
                Proc.Result r = run.get();
                assertEquals(0, r.exit(), r.stderr());
                assertArrayEquals(expected, r.stdout());
            }
        } finally {
            pool.shutdown();
        }
        List<Path> entries = cached();
        assertEquals(1, entries.size(), entries.toString());
        assertArrayEquals(expected, Files.readAllBytes(entries.get(0)));
        assertArrayEquals(expected, ok(env, "1", "-R", "octo/demo").stdout());
    }

    @Test
    void anEmptyCacheDirTurnsTheCacheOff() {
        env.put("PRDIFF_CACHE_DIR", "");
        ok(env, "1", "-R", "octo/demo");
        ok(env, "1", "-R", "octo/demo");
        assertEquals(2, diffDownloads());
        assertTrue(GitHubStandIn.HOST.length() > 0);
    }
}
