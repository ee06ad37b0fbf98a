package git;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.McpCalls;
import support.RenamePairsDisk;
import support.Fixtures;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An agent reading a range's added files one by one: the first proves its file has no rename partner, the second
 * waits for the whole range's rename pass, and every later one reads the pairs that pass kept, as a command-line
 * call (a process each) and through one MCP server, where the first call's pass runs on and keeps the pairs. The
 * whole pass is made slow here (two seconds), as it is on a large range next to a proof.
 */
@Timeout(120)
class AddedFilesOneByOneTest {
    /** Sleeps before a whole-range rename pass: --raw with renames on and no path after "--". */
    static final String SLOW_WHOLE_PASS = """
            last=; raw=; unpaired=
            for a in "$@"; do last=$a; [ "$a" = --raw ] && raw=1; [ "$a" = --no-renames ] && unpaired=1; done
            if [ -n "$raw" ] && [ -z "$unpaired" ] && [ "$last" = -- ]; then sleep 2; fi
            """;

    /** A range with a rename, a deletion and four added files, each unlike every other file. */
    static String range(TempRepo r) {
        r.write("kept.txt", Fixtures.lines("kept", 40)).write("old.txt", Fixtures.lines("moved", 40))
                .write("gone.txt", Fixtures.lines("gone", 40));
        String a = r.commit("a");
        r.delete("old.txt").delete("gone.txt").write("new.txt", Fixtures.lines("moved", 40) + "more\n");
        for (int i = 1; i <= 4; i++) {
            r.write("added" + i + ".txt", Fixtures.lines("added number " + i, 40));
        }
        return a + "..." + r.commit("b");
    }

    /** The calls that prove a lone added file partnerless: renames on, the deleted file among the paths. */
    static long proofs(RecordingGit git) {
        return git.callsWith("--raw", ":(literal)gone.txt").stream().filter(c -> !c.contains("--no-renames")).count();
    }

    /** Whether {@code dir} holds a whole kept answer (DiskAnswers writes a partial file first, then renames it). */
    static boolean holdsAnAnswer(Path dir) throws java.io.IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".answer"));
        }
    }


    @Test
    void commandLineCallsPayOneProofThenOneWholePass() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = range(r);
            RecordingGit git = RecordingGit.create(SLOW_WHOLE_PASS);
            Path cache = TempDirs.create("prdiff-xdg-cache-");
            Map<String, String> env = RenamePairsDisk.cachedIn(cache, git);
            for (int i = 1; i <= 4; i++) {
                String file = "added" + i + ".txt";
                assertArrayEquals(r.gitDiff(range, "--", file), RenamePairsDisk.prdiff(env, r.dir(), range,
                        "--file", file), file);
                if (i == 1) {
                    assertEquals(1, proofs(git), git.calls().toString());
                    assertTrue(Files.notExists(cache.resolve("prdiff/rename-pairs")),
                            "the first call's whole pass ends with it");
                }
                if (i == 2) {
                    RenamePairsDisk.onlyPrivateFile(cache.resolve("prdiff/rename-pairs"));
                }
                if (i == 3) {
                    git.clear();
                }
            }
            assertEquals(0, proofs(git) + RenamePairsDisk.wholeRenamePasses(git), git.calls().toString());
        }
    }

    @Test
    void aServersFirstCallLeavesItsWholePassToKeepThePairs() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = range(r);
            int dots = range.indexOf("...");
            RecordingGit git = RecordingGit.create(SLOW_WHOLE_PASS);
            Path cache = TempDirs.create("prdiff-xdg-cache-");
            try (McpSession s = McpSession.initialized(McpSession.config(r.dir()).withEnv(RenamePairsDisk.cachedIn(cache, git)))) {
                var args = McpCalls.args("base", range.substring(0, dots), "head", range.substring(dots + 3));
                assertEquals(McpCalls.git(r, range, "--", "added1.txt"),
                        McpCalls.ok(s, "get_diff", args.deepCopy().put("path", "added1.txt")));
                assertEquals(1, proofs(git), git.calls().toString());
                Path kept = cache.resolve("prdiff/rename-pairs");
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (!holdsAnAnswer(kept) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                RenamePairsDisk.onlyPrivateFile(kept);
                git.clear();
                for (String file : List.of("added2.txt", "added3.txt")) {
                    assertEquals(McpCalls.git(r, range, "--", file),
                            McpCalls.ok(s, "get_diff", args.deepCopy().put("path", file)));
                }
                assertEquals(0, proofs(git) + RenamePairsDisk.wholeRenamePasses(git), git.calls().toString());
            }
        }
    }
}
