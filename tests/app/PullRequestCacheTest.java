package app;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.DiffSections;
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
@support.Parallel
class PullRequestCacheTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    Path cacheDir;
    Map<String, String> env;

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
            assertArrayEquals(DiffSections.sectionsOf(whole, java.util.Set.of(path)), one.stdout(), path);
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
        byte[] entry = Files.readAllBytes(entries.get(0));
        int key = 0;
        while (entry[key] != 0) {
            key++;
        }
        assertTrue(new String(entry, 0, key, java.nio.charset.StandardCharsets.UTF_8).endsWith(
                "\n1\n" + scenario.pr.baseSha() + "\n" + scenario.pr.headSha()), "the entry begins with its key");
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(entry, key + 1, entry.length));
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

    /**
     * Every entry begins with its whole key: the old head's entry renamed to the new head's file name is a miss, and
     * the new head's diff is downloaded again, never the old one printed "from prdiff's cache".
     */
    @Test
    void anEntryRenamedToAnotherKeysNameIsAMiss() throws Exception {
        PullRequestFixture before = scenario.pr;
        byte[] old = ok(env, "1", "-R", "octo/demo").stdout();
        Path oldEntry = cached().get(0);
        var work = scenario.origin.work();
        work.checkout("feature");
        work.write("src/app.ts", "pushed after the first review\n");
        work.commit("a new head");
        work.checkout("main");
        scenario.origin.refresh(1);
        try {
            byte[] current = ok(env, "1", "-R", "octo/demo").stdout();
            Path newEntry = cached().stream().filter(p -> !p.equals(oldEntry)).findFirst().orElseThrow();
            Files.move(oldEntry, newEntry, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            scenario.github.clearRequests();
            Proc.Result again = ok(env, "1", "-R", "octo/demo");
            assertFalse(java.util.Arrays.equals(old, again.stdout()), "the old head's diff was served");
            assertArrayEquals(current, again.stdout());
            assertFalse(again.stderr().contains("was read from prdiff's cache"), again.stderr());
            assertEquals(1, diffDownloads());
        } finally {
            work.checkout("feature");
            work.git("reset", "-q", "--hard", before.headSha());
            work.checkout("main");
            scenario.origin.refresh(1);
        }
    }

    /**
     * A cache folder others can write to (here: group-writable), or one another user made (as root: given to uid
     * 65534), is not used: the diff is downloaded and right, nothing is written there, and a note names the folder.
     */
    @Test
    void aCacheFolderOthersCanChangeIsRefusedWithANote() throws Exception {
        byte[] expected = ok(env, "1", "-R", "octo/demo").stdout();
        assertEquals(1, cached().size());
        Files.setPosixFilePermissions(cacheDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwx---"));
        scenario.github.clearRequests();
        Proc.Result refused = ok(env, "1", "-R", "octo/demo", "--file", "src/app.ts");
        assertArrayEquals(DiffSections.sectionsOf(expected, java.util.Set.of("src/app.ts")), refused.stdout());
        assertEquals(1, diffDownloads(), "downloaded again");
        assertTrue(refused.stderr().contains("prdiff: note: prdiff's cache folder " + cacheDir + " is not used: "
                + cacheDir + " is writable by others (mode 770)"), refused.stderr());
        assertEquals(1, cached().size(), "nothing written: " + cached());

        org.junit.jupiter.api.Assumptions.assumeTrue(support.Uid.isRoot(), "giving a folder to another user needs root");
        Files.setPosixFilePermissions(cacheDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        for (Path p : cached()) {
            Files.setAttribute(p, "unix:uid", 65534, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        }
        Files.setAttribute(cacheDir, "unix:uid", 65534, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        scenario.github.clearRequests();
        Proc.Result theirs = ok(env, "1", "-R", "octo/demo");
        assertArrayEquals(expected, theirs.stdout());
        assertEquals(1, diffDownloads());
        assertTrue(theirs.stderr().contains("prdiff: note: prdiff's cache folder " + cacheDir + " is not used: "
                + cacheDir + " belongs to another user (uid 65534)"), theirs.stderr());
    }
}
