package git;

import dev.prdiff.core.CacheNotes;
import dev.prdiff.cache.DiskAnswers;
import dev.prdiff.cache.PullRequestDiskCache;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.git.AnswerStore;
import org.junit.jupiter.api.Test;
import support.RenamePairsDisk;
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
import java.nio.file.attribute.PosixFilePermissions;
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
@support.Parallel
class PrivateFolderTest {
    /** This test's checks of the cache folders (a session's): what one use found usable, and the notes. */
    private final PrivateFolder folders = new PrivateFolder();

    /** The user's disk answers of one kind, as a test names them. */
    private record Answers(AnswerStore store) {
        void put(String key, byte[] answer) {
            store.put(new AnswerStore.Key("test-answers", key), answer);
        }

        byte[] get(String key) {
            return store.get(new AnswerStore.Key("test-answers", key));
        }
    }

    private Answers answers(Map<String, String> env) {
        return new Answers(DiskAnswers.forUser(env, folders));
    }

    /** The uid no process of these tests runs as. */
    private static final int NOBODY = 65534;

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
        Answers answers = answers(env);
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
        assumeTrue(support.Uid.isRoot(), "giving a file to another user needs root");
        Files.setAttribute(file, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
        assertNull(answers.get("key"), "another user's file");
    }

    @Test
    void aCachedPullRequestDiffIsReadOnlyFromTheUsersOwnRegularFile() throws Exception {
        Path dir = TempDirs.create("pr-cache-").resolve("diffs");
        PullRequestDiskCache cache = PullRequestDiskCache.forUser(Map.of("PRDIFF_CACHE_DIR", dir.toString()), null, folders);
        PullRequestDiskCache.Key key = new PullRequestDiskCache.Key("github.com", "octo/demo", 7, "a".repeat(40), "b".repeat(40));
        byte[] diff = "diff --git a/x b/x\n".getBytes(StandardCharsets.UTF_8);
        try (PullRequestDiskCache.Entry entry = cache.begin(key)) {
            entry.write(diff, 0, diff.length);
            entry.commit();
        }
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertArrayEquals(diff, read(cache.open(key)));
        Path file = onlyFile(dir, "*.diff");
        byte[] whole = Files.readAllBytes(file);

        replaceWithLink(file, "diff --git a/planted b/planted\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(cache.open(key).isEmpty(), "a link is not the user's download");
        replaceWithFifo(file);
        assertTrue(cache.open(key).isEmpty(), "a FIFO is not read (it would block)");
        Files.delete(file);
        Files.write(file, whole);
        assertArrayEquals(diff, read(cache.open(key)));
        assumeTrue(support.Uid.isRoot(), "giving a file to another user needs root");
        Files.setAttribute(file, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
        assertTrue(cache.open(key).isEmpty(), "another user's file");
    }

    private static void put(PullRequestDiskCache cache, PullRequestDiskCache.Key key, String diff) {
        byte[] bytes = diff.getBytes(StandardCharsets.UTF_8);
        try (PullRequestDiskCache.Entry entry = cache.begin(key)) {
            entry.write(bytes, 0, bytes.length);
            entry.commit();
        }
    }

    private static List<Path> files(Path folder) throws Exception {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    private static PullRequestDiskCache.Key pr(long number, char head) {
        return new PullRequestDiskCache.Key("github.com", "octo/demo", number, "a".repeat(40), String.valueOf(head).repeat(40));
    }

    /** Every entry begins with its whole key: pull request 1's entry renamed to 2's name is a miss, not 1's diff. */
    @Test
    void aPullRequestEntryRenamedToAnotherKeysNameIsAMiss() throws Exception {
        Path dir = TempDirs.create("pr-cache-").resolve("diffs");
        PullRequestDiskCache cache = PullRequestDiskCache.forUser(Map.of("PRDIFF_CACHE_DIR", dir.toString()), null, folders);
        put(cache, pr(1, 'b'), "diff --git a/one b/one\n");
        Path one = onlyFile(dir, "*.diff");
        put(cache, pr(2, 'c'), "diff --git a/two b/two\n");
        Path two = files(dir).stream().filter(f -> !f.equals(one)).findFirst().orElseThrow();
        assertArrayEquals("diff --git a/two b/two\n".getBytes(StandardCharsets.UTF_8), read(cache.open(pr(2, 'c'))));

        Files.move(one, two, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertTrue(cache.open(pr(2, 'c')).isEmpty(), "pull request 1's diff under 2's name");
        Files.copy(two, one);
        assertArrayEquals("diff --git a/one b/one\n".getBytes(StandardCharsets.UTF_8), read(cache.open(pr(1, 'b'))),
                "the control: under its own name it answers");
    }

    /**
     * A folder that others can write to anywhere on a cache's path (group or others, on the folder itself or above
     * it) could have its entries swapped under a reader: nothing is read from or written to it, and the call hears
     * a note naming it. A sticky folder above (as /tmp) is no such folder.
     */
    @Test
    void aCacheFolderOthersCanWriteToIsNotUsedAndANoteNamesIt() throws Exception {
        for (String mode : List.of("rwxrwx---", "rwx---rwx")) {
            Path shared = TempDirs.create("shared-");
            Path dir = shared.resolve("diffs");
            PullRequestDiskCache cache = PullRequestDiskCache.forUser(Map.of("PRDIFF_CACHE_DIR", dir.toString()), null, folders);
            put(cache, pr(1, 'b'), "diff --git a/x b/x\n");
            assertTrue(cache.open(pr(1, 'b')).isPresent());

            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString(mode));
            assertRefused(dir, shared + " is writable by others", () -> {
                assertTrue(cache.open(pr(1, 'b')).isEmpty(), mode + " above");
                put(cache, pr(2, 'c'), "diff --git a/y b/y\n");
            });
            assertEquals(1, files(dir).size(), "nothing written: " + files(dir));

            Files.setAttribute(shared, "unix:mode", 01777); // PosixFilePermissions has no sticky bit
            assertTrue(cache.open(pr(1, 'b')).isPresent(), "a sticky folder of the user's above is safe");
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx------"));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
            assertRefused(dir, dir + " is writable by others", () -> assertTrue(cache.open(pr(1, 'b')).isEmpty()));
        }

        Path shared = TempDirs.create("shared-");
        Path xdg = shared.resolve("xdg");
        Answers answers = answers(Map.of("XDG_CACHE_HOME", xdg.toString()));
        answers.put("key", new byte[] {1});
        assertArrayEquals(new byte[] {1}, answers.get("key"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertRefused(xdg.resolve("prdiff/test-answers"), shared + " is writable by others", () -> {
            assertNull(answers.get("key"));
            answers.put("other", new byte[] {2});
        });
        assertEquals(1, files(xdg.resolve("prdiff/test-answers")).size());
    }

    /** A link on the path is followed, and the folders its target lies in obey the same rule. */
    @Test
    void aLinkOnTheCachePathIsJudgedByWhereItLeads() throws Exception {
        Path shared = TempDirs.create("shared-");
        Path real = Files.createDirectories(shared.resolve("real"));
        Path xdg = Files.createSymbolicLink(TempDirs.create("link-").resolve("xdg"), real);
        Answers answers = answers(Map.of("XDG_CACHE_HOME", xdg.toString()));
        answers.put("key", new byte[] {1});
        assertArrayEquals(new byte[] {1}, answers.get("key"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx---rwx"));
        assertRefused(xdg.resolve("prdiff/test-answers"), shared + " is writable by others",
                () -> assertNull(answers.get("key")));
    }

    /** A cache folder made by someone else (as root: given to uid 65534) is refused, however closed it is. */
    @Test
    void aCacheFolderOfAnotherUserIsNotUsed() throws Exception {
        assumeTrue(support.Uid.isRoot(), "giving a folder to another user needs root");
        Path dir = TempDirs.create("pr-cache-").resolve("diffs");
        PullRequestDiskCache cache = PullRequestDiskCache.forUser(Map.of("PRDIFF_CACHE_DIR", dir.toString()), null, folders);
        put(cache, pr(1, 'b'), "diff --git a/x b/x\n");
        for (Path p : files(dir)) {
            Files.setAttribute(p, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
        }
        Files.setAttribute(dir, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
        assertRefused(dir, dir + " belongs to another user (uid 65534)", () -> {
            assertTrue(cache.open(pr(1, 'b')).isEmpty());
            put(cache, pr(2, 'c'), "diff --git a/y b/y\n");
        });
        assertEquals(1, files(dir).size());
    }

    /** Runs {@code use} as a new call and checks that it heard one note: {@code dir} refused for {@code reason}. */
    private void assertRefused(Path dir, String reason, Use use) throws Exception {
        List<String> notes = new java.util.ArrayList<>();
        folders.newUse(); // a new call: within one, a folder found usable is not walked again
        try (CacheNotes.Heard heard = folders.notes().listen()) {
            use.run();
            heard.tell(notes::add);
        }
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("note: prdiff's cache folder " + dir + " is not used: " + reason)
                && notes.get(0).endsWith("; the answer was computed without it"), notes.get(0));
    }

    private interface Use {
        void run() throws Exception;
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
            Map<String, String> env = RenamePairsDisk.cachedIn(cache, git);
            byte[] renamed = r.gitDiff(range, "--", "old.txt", "new.txt");
            assertArrayEquals(renamed, RenamePairsDisk.prdiff(env, r.dir(), range, "--file", "new.txt"));
            Path kept = RenamePairsDisk.onlyPrivateFile(cache.resolve("prdiff/rename-pairs"));
            byte[] whole = Files.readAllBytes(kept);
            int nul = 0;
            while (whole[nul] != 0) {
                nul++;
            }
            byte[] noPairs = Arrays.copyOf(whole, nul + 1); // the same key, no pairs

            replaceWithLink(kept, noPairs);
            git.clear();
            assertArrayEquals(renamed, RenamePairsDisk.prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, RenamePairsDisk.wholeRenamePasses(git), "a link is not read: " + git.calls());

            Files.delete(kept);
            Files.write(kept, noPairs);
            byte[] misled = RenamePairsDisk.prdiff(env, r.dir(), range, "--file", "new.txt");
            assertFalse(Arrays.equals(renamed, misled), "the control: the user's own file is read, and it decides");
            assertTrue(new String(misled, StandardCharsets.UTF_8).contains("new file mode"), new String(misled, StandardCharsets.UTF_8));
            assumeTrue(support.Uid.isRoot(), "giving a file to another user needs root");
            Files.setAttribute(kept, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
            git.clear();
            assertArrayEquals(renamed, RenamePairsDisk.prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, RenamePairsDisk.wholeRenamePasses(git), "another user's file is not read: " + git.calls());
        }
    }
}
