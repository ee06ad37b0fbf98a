import dev.prdiff.cache.DiskAnswers;
import dev.prdiff.cache.PullRequestDiffCache;
import org.junit.jupiter.api.Test;
import support.Fixtures;
import support.Proc;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The disk caches live where the environment says (XDG_CACHE_HOME, PRDIFF_CACHE_DIR), which may be a folder others
 * can write to: an entry answers only when it is a regular file of this process's user, so that no one else's file
 * (another user's, a link to elsewhere, a FIFO that would block the read) changes or stalls an answer.
 */
class UserOwnedCachesTest {
    /** The uid no process of these tests runs as. */
    private static final int NOBODY = 65534;

    private static boolean root() throws Exception {
        return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    }

    private static Path onlyFile(Path folder, String glob) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            List<Path> files = s.filter(p -> p.getFileSystem().getPathMatcher("glob:" + glob).matches(p.getFileName())).toList();
            assertEquals(1, files.size(), files.toString());
            return files.get(0);
        }
    }

    /** Puts {@code other}'s bytes where {@code file} was, as a link to a copy of the user's own elsewhere. */
    private static void replaceWithLink(Path file, byte[] other) throws Exception {
        Path elsewhere = Files.write(TempDirs.create("link-target-").resolve("target"), other);
        Files.delete(file);
        Files.createSymbolicLink(file, elsewhere);
    }

    private static void replaceWithFifo(Path file) throws Exception {
        Files.delete(file);
        Proc.Result made = Proc.run(List.of("mkfifo", file.toString()), file.getParent(), System.getenv(), Duration.ofSeconds(10));
        assertEquals(0, made.exit(), made.stderr());
    }

    @Test
    void aKeptAnswerIsReadOnlyFromTheUsersOwnRegularFile() throws Exception {
        Path cache = TempDirs.create("xdg-");
        Map<String, String> env = Map.of("XDG_CACHE_HOME", cache.toString());
        DiskAnswers answers = DiskAnswers.forUser(env, "test-answers");
        byte[] answer = "the answer".getBytes(StandardCharsets.UTF_8);
        answers.put("key", answer);
        assertArrayEquals(answer, answers.get("key"));
        Path file = onlyFile(cache.resolve("prdiff/test-answers"), "*.answer");
        byte[] whole = Files.readAllBytes(file);

        replaceWithLink(file, whole);
        assertNull(answers.get("key"), "a link, even to a file of the user's");
        replaceWithFifo(file);
        assertNull(answers.get("key"), "a FIFO is not read (it would block)");
        Files.delete(file);
        Files.write(file, whole);
        assertArrayEquals(answer, answers.get("key"));
        if (root()) {
            Files.setAttribute(file, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
            assertNull(answers.get("key"), "another user's file");
        }
    }

    @Test
    void aCachedPullRequestDiffIsReadOnlyFromTheUsersOwnRegularFile() throws Exception {
        Path dir = TempDirs.create("pr-cache-").resolve("diffs");
        PullRequestDiffCache cache = PullRequestDiffCache.forUser(Map.of("PRDIFF_CACHE_DIR", dir.toString()), null);
        PullRequestDiffCache.Key key = new PullRequestDiffCache.Key("github.com", "octo/demo", 7, "a".repeat(40), "b".repeat(40));
        byte[] diff = "diff --git a/x b/x\n".getBytes(StandardCharsets.UTF_8);
        try (PullRequestDiffCache.Entry entry = cache.begin(key)) {
            entry.write(diff, 0, diff.length);
            entry.commit();
        }
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertArrayEquals(diff, read(cache.open(key)));
        Path file = onlyFile(dir, "*.diff");

        replaceWithLink(file, "diff --git a/planted b/planted\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(cache.open(key).isEmpty(), "a link is not the user's download");
        replaceWithFifo(file);
        assertTrue(cache.open(key).isEmpty(), "a FIFO is not read (it would block)");
        Files.delete(file);
        Files.write(file, diff);
        assertArrayEquals(diff, read(cache.open(key)));
        if (root()) {
            Files.setAttribute(file, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
            assertTrue(cache.open(key).isEmpty(), "another user's file");
        }
    }

    private static byte[] read(Optional<InputStream> in) throws Exception {
        assertTrue(in.isPresent());
        try (InputStream s = in.get()) {
            return s.readAllBytes();
        }
    }

    /**
     * The kept rename pairs decide how a later call pairs an added file; pairs that leave a rename out would print
     * it as added. Planted by someone else, they are not read: the call pays the whole pass and prints git's section.
     * The same bytes as the user's own file are read, which is what makes the planted file matter.
     */
    @Test
    void renamePairsPlantedByAnotherUserDoNotChangeTheAnswer() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("old.txt", Fixtures.lines("moved", 40)).write("gone.txt", Fixtures.lines("gone", 40));
            String a = r.commit("a");
            r.delete("old.txt").delete("gone.txt").write("new.txt", Fixtures.lines("moved", 40) + "more\n");
            String range = a + "..." + r.commit("b");
            RecordingGit git = RecordingGit.create();
            Path cache = TempDirs.create("prdiff-xdg-cache-");
            Map<String, String> env = RenamePairsDiskTest.cachedIn(cache, git);
            byte[] renamed = r.gitDiff(range, "--", "old.txt", "new.txt");
            assertArrayEquals(renamed, RenamePairsDiskTest.prdiff(env, r.dir(), range, "--file", "new.txt"));
            Path kept = RenamePairsDiskTest.onlyPrivateFile(cache.resolve("prdiff/rename-pairs"));
            byte[] whole = Files.readAllBytes(kept);
            int nul = 0;
            while (whole[nul] != 0) {
                nul++;
            }
            byte[] noPairs = Arrays.copyOf(whole, nul + 1); // the same key, no pairs

            replaceWithLink(kept, noPairs);
            git.clear();
            assertArrayEquals(renamed, RenamePairsDiskTest.prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, RenamePairsDiskTest.wholeRenamePasses(git), "a link is not read: " + git.calls());

            Files.delete(kept);
            Files.write(kept, noPairs);
            byte[] misled = RenamePairsDiskTest.prdiff(env, r.dir(), range, "--file", "new.txt");
            assertFalse(Arrays.equals(renamed, misled), "the control: the user's own file is read, and it decides");
            assertTrue(new String(misled, StandardCharsets.UTF_8).contains("new file mode"), new String(misled, StandardCharsets.UTF_8));
            assumeTrue(root(), "giving a file to another user needs root");
            Files.setAttribute(kept, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
            git.clear();
            assertArrayEquals(renamed, RenamePairsDiskTest.prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, RenamePairsDiskTest.wholeRenamePasses(git), "another user's file is not read: " + git.calls());
        }
    }
}
