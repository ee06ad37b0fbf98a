import org.junit.jupiter.api.Test;
import support.Fixtures;
import support.Proc;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A range's rename pairs are kept on disk for the user, so that the next prdiff process reading another added or
 * renamed file of that range needs no whole-range similarity pass; off with PRDIFF_CACHE_DIR= , and a kept file that
 * is not a whole answer is ignored. Separate processes, as an agent's CLI calls are.
 */
class RenamePairsDiskTest {
    /** git diff --raw passes over the whole range with renames on: the similarity pass the kept pairs save. */
    static long wholeRenamePasses(RecordingGit git) {
        return git.callsWith("--raw").stream()
                .filter(c -> !c.contains("--no-renames") && c.get(c.size() - 1).equals("--")).count();
    }

    static byte[] prdiff(Map<String, String> env, Path cwd, String... args) throws Exception {
        Path out = Files.createTempFile(TempDirs.create("prdiff-out-"), "stdout-", ".diff");
        Proc.Result r = PrdiffCli.spawnInto(out, env, cwd, args);
        assertEquals(0, r.exit(), r.stderr());
        return Files.readAllBytes(out);
    }

    /** The recording git's environment with the disk caches on, kept under {@code cache} (XDG_CACHE_HOME). */
    static Map<String, String> cachedIn(Path cache, RecordingGit git) {
        Map<String, String> env = new HashMap<>(git.env());
        env.remove("PRDIFF_CACHE_DIR");
        env.put("XDG_CACHE_HOME", cache.toString());
        return env;
    }

    /** The one file in {@code folder}, which only the user can read: a 0700 folder, a 0600 file. */
    static Path onlyPrivateFile(Path folder) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.toList();
        }
        assertEquals(1, files.size(), files.toString());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.get(0))));
        return files.get(0);
    }

    @Test
    void theNextProcessReadsTheKeptPairs() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("kept.txt", Fixtures.lines("kept", 40)).write("old.txt", Fixtures.lines("moved", 40))
                    .write("gone.txt", Fixtures.lines("gone", 40));
            String a = r.commit("a");
            r.write("kept.txt", Fixtures.lines("kept", 40) + "more\n").delete("old.txt").delete("gone.txt")
                    .write("new.txt", Fixtures.lines("moved", 40) + "more\n")
                    .write("added.txt", Fixtures.lines("added", 40));
            String range = a + "..." + r.commit("b");
            RecordingGit git = RecordingGit.create();
            Path cache = TempDirs.create("prdiff-xdg-cache-");
            Map<String, String> env = cachedIn(cache, git);
            Path kept = cache.resolve("prdiff/rename-pairs");

            byte[] renamed = r.gitDiff(range, "--", "old.txt", "new.txt");
            assertArrayEquals(renamed, prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, wholeRenamePasses(git), git.calls().toString());
            Path keptFile = onlyPrivateFile(kept);

            git.clear();
            assertArrayEquals(r.gitDiff(range, "--", "added.txt"), prdiff(env, r.dir(), range, "--file", "added.txt"));
            assertArrayEquals(renamed, prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertArrayEquals(r.gitDiff(range, "--", "gone.txt"), prdiff(env, r.dir(), range, "--file", "gone.txt"));
            assertEquals(0, wholeRenamePasses(git), "the kept pairs serve every later process: " + git.calls());

            git.clear();
            Map<String, String> off = new HashMap<>(env);
            off.put("PRDIFF_CACHE_DIR", "");
            assertArrayEquals(renamed, prdiff(off, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, wholeRenamePasses(git), "PRDIFF_CACHE_DIR= turns the kept pairs off: " + git.calls());

            // A kept file that is not a whole answer (torn, or written by something else) is not read.
            byte[] whole = Files.readAllBytes(keptFile);
            Files.write(keptFile, java.util.Arrays.copyOf(whole, whole.length - 3));
            git.clear();
            assertArrayEquals(renamed, prdiff(env, r.dir(), range, "--file", "new.txt"));
            assertEquals(1, wholeRenamePasses(git), git.calls().toString());
            assertArrayEquals(whole, Files.readAllBytes(keptFile), "computed again and kept whole");
        }
    }
}
