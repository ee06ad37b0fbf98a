package git;

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
import static support.RenamePairsDisk.cachedIn;
import static support.RenamePairsDisk.onlyPrivateFile;
import static support.RenamePairsDisk.prdiff;
import static support.RenamePairsDisk.wholeRenamePasses;

/**
 * A range's rename pairs are kept on disk for the user, so that the next prdiff process reading another added or
 * renamed file of that range needs no whole-range similarity pass; off with PRDIFF_CACHE_DIR= , and a kept file that
 * is not a whole answer is ignored. Separate processes, as an agent's CLI calls are.
 */
@support.Parallel
class RenamePairsDiskTest {
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
