package git;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.BareOracle;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --files-only on a big range runs numstat in parallel shards (lib/git/ShardedNumstat.java); the list must be
 * git's own, entry for entry in git's order, with renames across shards, a file replaced by a directory, and a
 * range past the rename limit (where pairing within a shard would differ, so one process answers).
 */
@support.Parallel
class ShardedNumstatTest {
    /** A session of this test's own: nothing it remembers is seen by another test. */
    private final dev.prdiff.git.Session session = dev.prdiff.app.Sessions.forOneCall(System.getenv());

    @AfterEach
    void closeSession() {
        session.close();
    }

    static void assertSameAsGit(TempRepo r, String range) throws Exception {
        List<BareOracle.Change> expected;
        try (BareOracle oracle = BareOracle.cloneOf(r.dir())) {
            expected = oracle.changes(List.of(range));
        }
        Proc.Result res = PrdiffCli.run("-C", r.dir().toString(), range, "--files-only");
        assertEquals(0, res.exit(), res.stderr());
        JsonNode files = new ObjectMapper().readTree(res.stdout()).get("files");
        assertTrue(expected.size() >= 256, "big enough to be sharded: " + expected.size());
        assertEquals(expected.size(), files.size());
        for (int i = 0; i < expected.size(); i++) {
            BareOracle.Change want = expected.get(i);
            JsonNode got = files.get(i);
            assertEquals(want.path(), got.get("path").asText(), "entry " + i);
            assertEquals(want.additions(), got.get("additions").asLong(), want.path());
            assertEquals(want.deletions(), got.get("deletions").asLong(), want.path());
            String previous = got.has("previous_path") ? got.get("previous_path").asText() : null;
            assertEquals(want.status() == 'R' || want.status() == 'C' ? want.oldPath() : null, previous, want.path());
        }
    }

    static void importStream(TempRepo r, String stream) {
        Proc.Result imported = Proc.attempt(List.of("git", "fast-import", "--quiet"), r.dir(),
                Map.of("PATH", System.getenv("PATH")), stream.getBytes(StandardCharsets.UTF_8),
                java.time.Duration.ofSeconds(120));
        assertEquals(0, imported.exit(), imported.stderr());
    }

    static String file(String path, String content) {
        return "M 100644 inline " + path + "\ndata " + content.getBytes(StandardCharsets.UTF_8).length + "\n" + content + "\n";
    }

    @Test
    void aBigRangeListsExactlyWhatGitLists() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            StringBuilder s = new StringBuilder("commit refs/heads/main\ncommitter T <t@example.com> 1000000000 +0000\ndata 2\na\n");
            for (int i = 0; i < 600; i++) {
                s.append(file("d" + (i % 7) + "/sub" + (i % 3) + "/f" + i + ".txt", Fixtures.lines("file " + i, 40)));
            }
            s.append(file("top.txt", "top\n")).append(file("becomes-dir", "a file first\n"));
            s.append("\ncommit refs/heads/feature\ncommitter T <t@example.com> 1000000060 +0000\ndata 2\nb\nfrom refs/heads/main\n");
            for (int i = 0; i < 600; i++) {
                String path = "d" + (i % 7) + "/sub" + (i % 3) + "/f" + i + ".txt";
                if (i % 25 == 0) {
                    // Renamed into another top-level directory (another shard), half of them edited: +3 -1, so
                    // additions and deletions swapped on a rename would show.
                    s.append("D ").append(path).append('\n');
                    String content = Fixtures.lines("file " + i, 40);
                    s.append(file("moved/g" + i + ".txt", i % 50 == 0 ? content.replace(" 9\n", " nine\nten\neleven\n") : content));
                } else if (i % 31 == 0) {
                    s.append("D ").append(path).append('\n');
                } else {
                    s.append(file(path, Fixtures.lines("file " + i, 40).replace(" 3\n", " three\n")));
                }
            }
            s.append("D becomes-dir\n").append(file("becomes-dir/inside.txt", "now a directory\n"));
            s.append(file("added/new.txt", "new\n"));
            importStream(r, s.append('\n').toString());
            assertSameAsGit(r, "main...feature");
            assertSameAsGit(r, "main..feature");
            // The shards answered, rather than the one-process fallback, and agree with it entry for entry.
            dev.prdiff.git.Git git = session.open(r.dir(), java.time.Duration.ofSeconds(60));
            String base = r.text("merge-base", "main", "feature").trim();
            String head = r.text("rev-parse", "feature").trim();
            var sharded = new dev.prdiff.git.ShardedNumstat(git, List.of(base, head), 3).files(1);
            assertTrue(sharded != null, "the shards did not line up");
            var local = new dev.prdiff.git.LocalDiffs(git);
            var spec = local.range(base, head, false);
            assertEquals(sharded, local.files(spec, new java.util.LinkedHashSet<>(sharded.stream()
                    .map(dev.prdiff.core.FileEntry::path).toList())));
        }
    }

    @Test
    void pastTheRenameLimitTheListIsStillGits() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            StringBuilder s = new StringBuilder("commit refs/heads/main\ncommitter T <t@example.com> 1000000000 +0000\ndata 2\na\n");
            for (int i = 0; i < 1100; i++) {
                s.append(file("old" + (i % 5) + "/" + i + ".txt", Fixtures.lines("file " + i, 30)));
            }
            s.append("\ncommit refs/heads/main\ncommitter T <t@example.com> 1000000060 +0000\ndata 2\nb\n");
            for (int i = 0; i < 1100; i++) {
                s.append("D old").append(i % 5).append('/').append(i).append(".txt\n");
                s.append(file("new" + (i % 3) + "/" + i + "-moved.txt", Fixtures.lines("file " + i, 30).replace(" 7\n", " seven\n")));
            }
            importStream(r, s.append('\n').toString());
            assertSameAsGit(r, "main~1..main");
        }
    }

    /**
     * A range found too small to shard is remembered (its full ids cannot change), but only for that range and
     * threshold: a bigger range in the same repository, or the same range under a lower threshold, still shards,
     * and every list equals git's.
     */
    @Test
    void aRangeRememberedAsSmallIsThatRangeOnly() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            for (int i = 0; i < 6; i++) {
                r.write("d" + i + "/f.txt", "one " + i + "\n");
            }
            String base = r.commit("six files");
            r.write("d0/f.txt", "two\n");
            String small = r.commit("one file changed");
            for (int i = 1; i < 6; i++) {
                r.write("d" + i + "/f.txt", "two " + i + "\n");
            }
            String big = r.commit("five more changed");
            dev.prdiff.git.Git git = session.open(r.dir(), java.time.Duration.ofSeconds(60));
            var local = new dev.prdiff.git.LocalDiffs(git);
            for (int round = 0; round < 2; round++) {
                assertEquals(null, new dev.prdiff.git.ShardedNumstat(git, List.of(base, small), 2).files(3), "round " + round);
            }
            var sharded = new dev.prdiff.git.ShardedNumstat(git, List.of(base, big), 2).files(3);
            assertTrue(sharded != null, "a bigger range must not take the small one's answer");
            assertEquals(6, sharded.size());
            assertEquals(local.files(local.range(base, big, false)), sharded);
            assertEquals(null, new dev.prdiff.git.ShardedNumstat(git, List.of(base, big), 2).files(10));
            assertTrue(new dev.prdiff.git.ShardedNumstat(git, List.of(base, big), 2).files(3) != null,
                    "the same range under another threshold is another question");
            assertEquals(local.files(local.range(base, small, false)).size(), 1);
            // Three-dot revisions (A...B of full ids, as a three-dot range passes them) are kept by both ids too.
            assertEquals(null, new dev.prdiff.git.ShardedNumstat(git, List.of(base + "..." + small), 2).files(3));
            assertEquals(sharded, new dev.prdiff.git.ShardedNumstat(git, List.of(base + "..." + big), 2).files(3));
        }
    }
}
