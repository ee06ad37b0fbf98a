import org.junit.jupiter.api.Test;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With no TARGET prdiff picks the range a reviewer would: the upstream or the remote's default branch (never a
 * stale local one), from the merge base, uncommitted changes included; each expectation is git's own diff.
 */
class DefaultRangeCliTest {
    /** main at c1; origin/main two commits further; feature forked from origin/main with one commit. */
    static TempRepo forkedFromTheRemote() {
        TempRepo r = TempRepo.init();
        r.write("a.txt", "one\n");
        r.commit("one");
        r.write("b.txt", "remote\n");
        r.commit("two");
        r.write("c.txt", "remote too\n");
        String remoteTip = r.commit("three");
        r.git("update-ref", "refs/remotes/origin/main", remoteTip);
        r.git("branch", "-f", "feature", remoteTip);
        r.git("reset", "-q", "--hard", "HEAD~2");
        r.checkout("feature");
        r.write("a.txt", "feature\n");
        r.commit("feature");
        return r;
    }

    static Proc.Result ok(TempRepo r, String... args) {
        return PrdiffCli.ok(r.dir(), args);
    }

    static Proc.Result fails(TempRepo r, Path dir, String code) {
        Proc.Result res = PrdiffCli.run("-C", dir.toString());
        assertEquals(1, res.exit(), res.stderr());
        assertTrue(res.stderr().startsWith("prdiff: error [" + code + "]"), res.stderr());
        return res;
    }

    @Test
    void theRemoteDefaultBranchWinsOverAStaleLocalOne() {
        try (TempRepo r = forkedFromTheRemote()) {
            Proc.Result res = ok(r);
            assertArrayEquals(r.gitDiff("origin/main...HEAD"), res.stdout());
            assertTrue(res.stderr().startsWith("prdiff: range origin/main...HEAD (base "), res.stderr());
            assertEquals(1, res.out().split("diff --git", -1).length - 1, "only the branch's own file: " + res.out());
        }
    }

    @Test
    void aLocalDefaultBranchAheadOfTheRemoteOneWins() {
        try (TempRepo r = forkedFromTheRemote()) {
            r.git("branch", "-f", "main", "feature");
            r.checkout("-b", "topic");
            r.write("t.txt", "topic\n");
            r.commit("topic");
            Proc.Result res = ok(r);
            assertArrayEquals(r.gitDiff("main...HEAD"), res.stdout());
            assertTrue(res.stderr().startsWith("prdiff: range main...HEAD"), res.stderr());
        }
    }

    @Test
    void originHeadNamesTheDefaultBranchAndTrunkIsFoundWithoutIt() {
        try (TempRepo r = forkedFromTheRemote()) {
            r.git("update-ref", "refs/remotes/origin/trunk", "refs/remotes/origin/main");
            r.git("update-ref", "-d", "refs/remotes/origin/main");
            r.git("branch", "-D", "main");
            Proc.Result trunk = ok(r);
            assertArrayEquals(r.gitDiff("origin/trunk...HEAD"), trunk.stdout());
            assertTrue(trunk.stderr().startsWith("prdiff: range origin/trunk...HEAD"), trunk.stderr());
            r.git("update-ref", "refs/remotes/origin/develop", "HEAD~2");
            r.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/develop");
            Proc.Result head = ok(r);
            assertArrayEquals(r.gitDiff("origin/develop...HEAD"), head.stdout());
            assertTrue(head.stderr().startsWith("prdiff: range origin/develop...HEAD"), head.stderr());
        }
    }

    @Test
    void anUpstreamOfAnotherNameIsTheBaseOneOfTheSameNameIsNot() {
        try (TempRepo r = forkedFromTheRemote()) {
            r.git("branch", "release", "HEAD~1");
            r.git("branch", "--set-upstream-to=release");
            Proc.Result upstream = ok(r);
            assertArrayEquals(r.gitDiff("release...HEAD"), upstream.stdout());
            assertTrue(upstream.stderr().startsWith("prdiff: range release...HEAD"), upstream.stderr());
            r.git("config", "remote.origin.url", "https://example.invalid/x.git");
            r.git("config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*");
            r.git("update-ref", "refs/remotes/origin/feature", "HEAD");
            r.git("branch", "--set-upstream-to=origin/feature");
            assertTrue(ok(r).stderr().startsWith("prdiff: range origin/main...HEAD"), "where it is pushed is no base");
        }
    }

    @Test
    void aDirtyTreeShowsTheBranchAndTheUncommittedChanges() {
        try (TempRepo r = forkedFromTheRemote()) {
            r.write("b.txt", "uncommitted\n");
            String mergeBase = r.text("merge-base", "origin/main", "HEAD").trim();
            Proc.Result res = ok(r);
            assertArrayEquals(r.gitDiff(mergeBase), res.stdout());
            assertTrue(res.out().contains("+feature") && res.out().contains("+uncommitted"), res.out());
            assertTrue(res.stderr().startsWith("prdiff: range origin/main...HEAD (working tree) (base "), res.stderr());
        }
    }

    @Test
    void cachedShowsTheStagedChangesOnly() {
        try (TempRepo r = forkedFromTheRemote()) {
            r.write("b.txt", "staged\n");
            r.git("add", "b.txt");
            r.write("c.txt", "not staged\n");
            String mergeBase = r.text("merge-base", "origin/main", "HEAD").trim();
            Proc.Result res = ok(r, "--cached");
            assertArrayEquals(r.gitDiff("--cached", mergeBase), res.stdout());
            assertTrue(res.out().contains("+staged") && !res.out().contains("not staged"), res.out());
        }
    }

    @Test
    void untrackedFilesAreAddedOnACopyOfTheIndex() throws Exception {
        try (TempRepo r = forkedFromTheRemote()) {
            r.write("new/file.txt", "brand new\n").write("ignored.log", "noise\n").write(".gitignore", "*.log\n");
            byte[] index = Files.readAllBytes(r.dir().resolve(".git/index"));
            Proc.Result res = ok(r, "--untracked");
            assertArrayEquals(index, Files.readAllBytes(r.dir().resolve(".git/index")), "the user's index is untouched");
            assertTrue(r.text("status", "--porcelain").contains("?? new/"), "still untracked");
            assertEquals(0, ok(r, "--files-only", "--untracked").out().indexOf("{\"files\":["));
            r.git("add", "-N", "new/file.txt", ".gitignore");
            String mergeBase = r.text("merge-base", "origin/main", "HEAD").trim();
            assertArrayEquals(r.gitDiff(mergeBase), res.stdout());
            assertTrue(res.out().contains("+brand new") && !res.out().contains("noise"), res.out());
        }
    }

    @Test
    void cachedAndUntrackedNeedNoTarget() {
        try (TempRepo r = forkedFromTheRemote()) {
            Proc.Result res = PrdiffCli.run("-C", r.dir().toString(), "--untracked", "main...feature");
            assertEquals(2, res.exit(), res.stderr());
        }
    }

    @Test
    void aBareRepositorySaysWhatToPass() throws Exception {
        try (TempRepo r = forkedFromTheRemote()) {
            Path bare = TempDirs.create("prdiff-bare-");
            try {
                r.git("clone", "-q", "--bare", r.dir().toString(), bare.toString());
                Proc.Result res = fails(r, bare, "INVALID_INPUT");
                assertTrue(res.stderr().contains("bare repository") && res.stderr().contains("prdiff main...feature"),
                        res.stderr());
                Proc.Result range = PrdiffCli.run("-C", bare.toString(), "main...feature");
                assertEquals(0, range.exit(), range.stderr());
                assertArrayEquals(r.gitDiff("main...feature"), range.stdout());
            } finally {
                try (var walk = Files.walk(bare)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    @Test
    void anUnbornHeadSaysWhatToDo() {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "staged\n");
            r.git("add", "a.txt");
            Proc.Result res = fails(r, r.dir(), "INVALID_INPUT");
            assertTrue(res.stderr().contains("HEAD has no commit yet"), res.stderr());
        }
    }
}
