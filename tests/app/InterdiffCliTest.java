package app;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.BareOracle;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --since on local ranges: the interdiff between an earlier head and the current one, checked against git's own
 * diff of the right objects in a bare clone: the two heads when the merge base stayed, the rebased-only head when
 * the base moved, and the two heads for the pull request's files when the replay conflicts.
 */
@support.Parallel
class InterdiffCliTest {
    TempRepo repo;
    /** The pull request's first head, reviewed; main at the time is {@code fork}. */
    String fork;
    String old;

    @BeforeEach
    void history() {
        repo = TempRepo.init();
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            lines.append("line ").append(i).append('\n');
        }
        repo.write("shared.txt", lines.toString()).write("other.txt", "other\n").write("gone.txt", "to be removed\n");
        fork = repo.commit("base");
        repo.checkout("-b", "feature");
        repo.write("shared.txt", lines.toString().replace("line 2\n", "line two\n"))
                .write("feature.txt", "feature v1\n").delete("gone.txt");
        old = repo.commit("feature v1");
        repo.checkout("main");
    }

    @AfterEach
    void cleanup() {
        repo.close();
    }

    /** main moves on in files the pull request does not touch. */
    String mainMovesOn() {
        repo.checkout("main");
        repo.write("other.txt", "other, changed on main\n").write("upstream.txt", "new on main\n");
        return repo.commit("main moves on");
    }

    /** The feature's first commit replayed onto main, as git rebase does; returns the rebased head. */
    String rebased(String branch) {
        repo.checkout("-b", branch, old);
        repo.git("rebase", "-q", "main");
        return repo.text("rev-parse", "HEAD").strip();
    }

    static byte[] oracle(TempRepo repo, String... args) {
        try (BareOracle bare = BareOracle.cloneOf(repo.dir())) {
            return bare.diff(List.of(args), List.of());
        }
    }

    @Test
    void sameMergeBaseIsTheDiffOfTheTwoHeads() {
        repo.checkout("feature");
        repo.write("feature.txt", "feature v2\n");
        String now = repo.commit("feature v2");
        Proc.Result r = PrdiffCli.ok(repo.dir(), "main...feature", "--since", old);
        assertArrayEquals(oracle(repo, old, now), r.stdout());
        assertTrue(r.stderr().contains("prdiff: interdiff since " + old + " (merge base " + fork + ") to " + now
                + " (merge base " + fork + "): same merge base"), r.stderr());
        // A short earlier head, and the range given as one revision (feature...HEAD from main's point of view).
        assertArrayEquals(r.stdout(), PrdiffCli.ok(repo.dir(), "main...feature", "--since", old.substring(0, 9)).stdout());
    }

    @Test
    void aRebaseAloneIsAnEmptyInterdiff() {
        String newBase = mainMovesOn();
        String now = rebased("rebased");
        assertNotEquals(0, oracle(repo, old, now).length, "the two heads differ by main's own changes");
        Proc.Result r = PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old);
        assertEquals("", r.out());
        assertTrue(r.stderr().contains("(merge base " + fork + ") to " + now + " (merge base " + newBase
                + "): the base moved, so the old pull request's changes were replayed"), r.stderr());
        Proc.Result files = PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "--files-only");
        assertTrue(files.out().startsWith("{\"files\":[],\"range\":\"interdiff " + old + ".."
                + now + "\",\"base_sha\":\"" + old + "\",\"head_sha\":\"" + now + "\""), files.out());
    }

    @Test
    void aRebasePlusAChangeShowsExactlyThatChange() {
        mainMovesOn();
        String rebasedOnly = rebased("rebased");
        repo.write("feature.txt", "feature v2\n").write("shared.txt", repo.text("show", "HEAD:shared.txt")
                .replace("line 19\n", "line nineteen\n"));
        String now = repo.commit("author's change after the rebase");
        byte[] expected = oracle(repo, rebasedOnly, now);
        assertArrayEquals(expected, PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old).stdout());
        // Every shape of answer applies to the interdiff: --file, -U, --stat, --files-only, the filters.
        try (BareOracle bare = BareOracle.cloneOf(repo.dir())) {
            assertArrayEquals(bare.diff(List.of(rebasedOnly, now), List.of("shared.txt")),
                    PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "--file", "shared.txt").stdout());
            assertArrayEquals(bare.diff(List.of("-U1", rebasedOnly, now), List.of()),
                    PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "-U", "1").stdout());
            assertArrayEquals(bare.diff(List.of("--stat=80", rebasedOnly, now), List.of()),
                    PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "--stat").stdout());
            assertArrayEquals(bare.diff(List.of(rebasedOnly, now), List.of("feature.txt")),
                    PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "--include", "feature.*").stdout());
        }
        String files = PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "--files-only").out();
        assertTrue(files.startsWith("{\"files\":[{\"path\":\"feature.txt\",\"additions\":1,\"deletions\":1,"
                + "\"status\":\"modified\"},{\"path\":\"shared.txt\",\"additions\":1,\"deletions\":1,"
                + "\"status\":\"modified\"}]"), files);
    }

    @Test
    void aConflictingReplayComparesThePullRequestsFilesHeadToHead() {
        repo.checkout("main");
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            lines.append(i == 2 ? "line 2 on main\n" : "line " + i + "\n");
        }
        repo.write("shared.txt", lines.toString()).write("other.txt", "other, changed on main\n");
        String newBase = repo.commit("main changes line 2 too");
        repo.checkout("-b", "resolved", newBase);
        repo.write("shared.txt", lines.toString().replace("line 2 on main\n", "line two, resolved\n"))
                .write("feature.txt", "feature v1\n").delete("gone.txt");
        String now = repo.commit("feature, rebased by hand with the conflict resolved");
        Proc.Result r = PrdiffCli.ok(repo.dir(), "main...resolved", "--since", old);
        try (BareOracle bare = BareOracle.cloneOf(repo.dir())) {
            // The files either pull request diff changes: shared.txt, feature.txt, gone.txt; not other.txt.
            assertArrayEquals(bare.diff(List.of(old, now), List.of("feature.txt", "gone.txt", "shared.txt")), r.stdout());
        }
        assertFalse(r.out().contains("other.txt"));
        assertTrue(r.stderr().contains("prdiff: warning: replaying the old pull request's changes onto the new merge base "
                + newBase + " conflicts in shared.txt; instead, the 3 files either pull request diff changes are"
                + " compared head to head"), r.stderr());
        assertTrue(r.stderr().contains("replaying the old changes conflicts"), r.stderr());
    }

    @Test
    void theRepositoryGetsNoObjectsAndNoRefsFromTheReplay() {
        mainMovesOn();
        rebased("rebased");
        repo.write("feature.txt", "feature v2\n");
        repo.commit("after the rebase");
        repo.git("config", "merge.conflictStyle", "diff3");
        repo.git("config", "diff.noprefix", "true");
        String objectsBefore = repo.text("count-objects", "-v");
        String refsBefore = repo.text("for-each-ref");
        String reflogBefore = repo.text("reflog", "--all");
        Proc.Result replayed = PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old);
        assertTrue(replayed.stderr().contains("were replayed"), replayed.stderr());
        byte[] first = replayed.stdout();
        assertEquals(objectsBefore, repo.text("count-objects", "-v"));
        assertEquals(refsBefore, repo.text("for-each-ref"));
        assertEquals(reflogBefore, repo.text("reflog", "--all"));
        // A conflicting replay writes a tree of its own through a private index.
        repo.checkout("main");
        repo.write("shared.txt", repo.text("show", "main:shared.txt").replace("line 2\n", "line 2 on main\n"));
        repo.commit("conflicting change on main");
        repo.checkout("-b", "resolved");
        repo.write("feature.txt", "resolved\n");
        repo.commit("resolved");
        objectsBefore = repo.text("count-objects", "-v");
        refsBefore = repo.text("for-each-ref");
        reflogBefore = repo.text("reflog", "--all");
        Proc.Result conflicted = PrdiffCli.ok(repo.dir(), "main...resolved", "--since", old);
        assertTrue(conflicted.stderr().contains("conflicts in shared.txt"), conflicted.stderr());
        PrdiffCli.ok(repo.dir(), "main...rebased", "--since", old, "--files-only");
        assertEquals(objectsBefore, repo.text("count-objects", "-v"));
        assertEquals(refsBefore, repo.text("for-each-ref"));
        assertEquals(reflogBefore, repo.text("reflog", "--all"));
        assertTrue(new String(first, StandardCharsets.UTF_8).startsWith("diff --git a/feature.txt b/feature.txt\n"),
                "the repository's diff.noprefix plays no part");
    }

    @Test
    void anUnknownEarlierHeadIsShaNotFound() {
        Proc.Result r = PrdiffCli.in(repo.dir(), "main...feature", "--since", "0123456789abcdef0123456789abcdef01234567");
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("prdiff: error [SHA_NOT_FOUND]: "), r.stderr());
        assertEquals(0, r.stdout().length);
    }

    @Test
    void sinceNeedsARangeFromAMergeBase() {
        for (String[] args : List.of(new String[] {"main..feature"}, new String[] {"--commit", "feature"})) {
            List<String> all = new ArrayList<>(List.of(args));
            all.addAll(List.of("--since", old));
            Proc.Result r = PrdiffCli.in(repo.dir(), all.toArray(String[]::new));
            assertEquals(1, r.exit(), r.stderr());
            assertTrue(r.stderr().contains("prdiff: error [INVALID_INPUT]: --since compares two pull request diffs"),
                    r.stderr());
        }
    }
}
