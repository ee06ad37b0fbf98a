package cli;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No answer is silently empty: an empty diff says why in one line on stderr (HEAD behind its base, one commit on
 * both sides, an empty commit, commits that undo each other), and prdiff says what of the work tree it included or
 * left out (uncommitted changes, untracked files). Empty reasons are warnings (-q keeps them); the work tree's
 * notes are notices (-q silences them).
 */
class EmptyAnswersCliTest {
    /** main: one, three; feature (from one): two. */
    static TempRepo branches() {
        TempRepo repo = TempRepo.init();
        repo.write("a.txt", "one\n");
        repo.commit("one");
        repo.checkout("-b", "feature");
        repo.write("a.txt", "two\n");
        repo.commit("two");
        repo.checkout("main");
        repo.write("c.txt", "three\n");
        repo.commit("three");
        repo.checkout("feature");
        return repo;
    }

    static String line(Proc.Result r, String start) {
        for (String line : r.stderr().split("\n")) {
            if (line.startsWith(start)) {
                return line;
            }
        }
        throw new AssertionError("no line starting '" + start + "' in:\n" + r.stderr());
    }

    @Test
    void aDetachedHeadBehindTheDefaultBranchSaysSo() {
        try (TempRepo repo = branches()) {
            repo.checkout("--detach", "main~1");
            String head = repo.text("rev-parse", "--short=7", "HEAD").trim();
            String why = "prdiff: warning: nothing to show: HEAD (" + head + ") is an ancestor of main, so main...HEAD"
                    + " holds no change of its own; prdiff HEAD...main shows what main added since, prdiff --commit"
                    + " HEAD its last commit";
            Proc.Result r = PrdiffCli.in(repo.dir());
            assertEquals(0, r.exit(), r.stderr());
            assertArrayEquals(repo.gitDiff("main...HEAD"), r.stdout());
            assertEquals(0, r.stdout().length);
            assertEquals(why + "; the tree is clean", line(r, "prdiff: warning: "));
            Proc.Result quiet = PrdiffCli.in(repo.dir(), "-q");
            assertEquals(why + "; the tree is clean\n", quiet.stderr());
            // named: the same reason, without the tree, which prdiff did not look at
            assertEquals(why + "\n", PrdiffCli.in(repo.dir(), "main...HEAD").stderr());
            assertEquals(why, line(PrdiffCli.in(repo.dir(), "main", "--files-only"), "prdiff: warning: "));
            Proc.Result log = PrdiffCli.in(repo.dir(), "main", "--log");
            assertEquals(0, log.stdout().length);
            assertEquals(why, line(log, "prdiff: warning: "));
        }
    }

    @Test
    void emptyRangesOfCommitsSayWhy() {
        try (TempRepo repo = branches()) {
            String feature = repo.text("rev-parse", "--short=7", "feature").trim();
            assertEquals("prdiff: warning: nothing to show: feature and feature are the same commit (" + feature
                    + ")\n", PrdiffCli.in(repo.dir(), "feature...feature").stderr());
            repo.git("tag", "same-tree", repo.text("commit-tree", "-p", "feature", "-m", "same tree",
                    "feature^{tree}").trim());
            assertEquals("prdiff: warning: nothing to show: feature and same-tree hold the same tree\n",
                    PrdiffCli.in(repo.dir(), "feature..same-tree").stderr());
            String tagged = repo.text("rev-parse", "--short=7", "same-tree").trim();
            Proc.Result empty = PrdiffCli.in(repo.dir(), "--commit", "same-tree");
            assertEquals(0, empty.stdout().length);
            assertEquals("prdiff: warning: nothing to show: commit " + tagged + " changes no file (an empty commit)\n",
                    empty.stderr());
            repo.write("a.txt", "one\n");
            repo.commit("back to one");
            String mergeBase = repo.text("merge-base", "main", "HEAD").trim().substring(0, 7);
            Proc.Result undone = PrdiffCli.in(repo.dir(), "main...HEAD");
            assertArrayEquals(repo.gitDiff("main...HEAD"), undone.stdout());
            assertEquals("prdiff: warning: nothing to show: HEAD holds the same tree as its merge base with main ("
                    + mergeBase + "): its commits' changes undo each other\n", undone.stderr());
            // the commits are there to list: no warning for --log
            Proc.Result log = PrdiffCli.in(repo.dir(), "main...HEAD", "--log");
            assertEquals(2, log.out().lines().count(), log.out());
            assertEquals("", log.stderr());
        }
    }

    @Test
    void aNonEmptyNamedRangeStaysQuiet() {
        try (TempRepo repo = branches()) {
            assertEquals("", PrdiffCli.in(repo.dir(), "main...feature").stderr());
            Proc.Result rev = PrdiffCli.in(repo.dir(), "main");
            assertEquals(1, rev.stderr().lines().count(), rev.stderr()); // the range alone: the tree is clean
        }
    }

    @Test
    void theWorkTreeIsSaidToBeIncludedOrLeftOut() throws Exception {
        try (TempRepo repo = branches()) {
            Files.writeString(repo.dir().resolve("a.txt"), "two\nmore\n");
            Proc.Result auto = PrdiffCli.in(repo.dir());
            assertArrayEquals(repo.gitDiff(repo.text("merge-base", "main", "HEAD").trim()), auto.stdout());
            assertEquals("prdiff: uncommitted changes included (the tree has changes); prdiff main"
                    + " shows the commits alone", line(auto, "prdiff: uncommitted"));
            Proc.Result rev = PrdiffCli.in(repo.dir(), "main");
            assertArrayEquals(repo.gitDiff("main...HEAD"), rev.stdout());
            assertEquals("prdiff: uncommitted changes left out: main...HEAD compares commits; prdiff with no TARGET"
                    + " includes the work tree", line(rev, "prdiff: uncommitted"));
            assertEquals("", PrdiffCli.in(repo.dir(), "-q").stderr());
            assertEquals("", PrdiffCli.in(repo.dir(), "-q", "main").stderr());
            // a list of commits holds no uncommitted change: nothing to say of them
            assertEquals(1, PrdiffCli.in(repo.dir(), "--log").stderr().lines().count());
            assertEquals(1, PrdiffCli.in(repo.dir(), "main", "--log").stderr().lines().count());
            // a named range is the commits, as the caller said: nothing to add
            assertEquals("", PrdiffCli.in(repo.dir(), "main...HEAD").stderr());
        }
    }

    @Test
    void untrackedFilesLeftOutAreNamedWithTheOptionThatIncludesThem() throws Exception {
        try (TempRepo repo = branches()) {
            Path dir = repo.dir();
            Files.writeString(dir.resolve("new.txt"), "new\n");
            Proc.Result one = PrdiffCli.in(dir);
            assertArrayEquals(repo.gitDiff("main...HEAD"), one.stdout());
            assertEquals("prdiff: untracked files left out: new.txt (prdiff --untracked includes them)",
                    line(one, "prdiff: untracked"));
            Files.createDirectories(dir.resolve("docs"));
            Files.writeString(dir.resolve("docs/x.md"), "x\n");
            Files.writeString(dir.resolve("docs/y.md"), "y\n");
            Files.writeString(dir.resolve("z.txt"), "z\n");
            Files.writeString(dir.resolve("zz.txt"), "zz\n");
            Files.writeString(dir.resolve(".gitignore"), "zz.txt\n");
            assertEquals("prdiff: untracked files left out: .gitignore, docs/, new.txt and 1 more (prdiff --untracked"
                    + " includes them)", line(PrdiffCli.in(dir), "prdiff: untracked"));
            Proc.Result included = PrdiffCli.in(dir, "--untracked");
            assertFalse(included.stderr().contains("untracked files left out"), included.stderr());
            assertTrue(included.out().contains("+++ b/new.txt\n"), included.out());
            assertFalse(PrdiffCli.in(dir, "-q").stderr().contains("untracked"));
        }
    }

    @Test
    void sinceOnADirtyTreeIsRefusedWithTheCommandThatWorks() throws Exception {
        try (TempRepo repo = branches()) {
            repo.write("a.txt", "three\n");
            repo.commit("three on feature");
            Files.writeString(repo.dir().resolve("a.txt"), "dirty\n");
            Proc.Result r = PrdiffCli.in(repo.dir(), "--since", "HEAD~1");
            assertEquals(1, r.exit());
            assertTrue(r.stderr().startsWith("prdiff: error [INVALID_INPUT]: --since compares the commits of two"
                    + " heads, and this tree has uncommitted changes, which prdiff with no TARGET includes; for the"
                    + " commits alone run prdiff main --since HEAD~1 (or commit or stash the changes first)\n"),
                    r.stderr());
            Proc.Result suggested = PrdiffCli.in(repo.dir(), "main", "--since", "HEAD~1");
            assertEquals(0, suggested.exit(), suggested.stderr());
            assertTrue(suggested.out().contains("+three\n"), suggested.out());
        }
    }
}
