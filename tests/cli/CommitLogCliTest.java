package cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.BareOracle;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --log: the range's commits, one line each, as git log --first-parent prints them with prdiff's fixed format in a
 * bare clone with an empty environment, whatever the repository's log, format and mailmap settings say; with --stat,
 * each one's diffstat; coloured as git colours them when asked. And prdiff show SHA, the commit as git show --stat
 * prints it there.
 */
@support.Parallel
class CommitLogCliTest {
    static TempRepo repo;
    static BareOracle oracle;
    static String fork;
    static String merge;
    static String sideMerge;

    @BeforeAll
    static void history() {
        repo = TempRepo.init();
        repo.write("a.txt", "a\n");
        fork = repo.commit("base");
        repo.checkout("-b", "feature");
        repo.write("b.txt", "b\n");
        // A name a diffstat's colours must not be fooled by, and a binary file, whose sizes git colours.
        repo.write("pipe | name +-", "p\n");
        repo.write("bin.dat", new byte[] {'a', 0, 'b'});
        repo.commit("feature: add b\n\nA body that git log's subject leaves out.");
        repo.write("c.txt", "c\n");
        repo.write("bin.dat", new byte[] {'a', 0, 'b', 'c', 'd'});
        repo.git("add", "-A");
        repo.git("commit", "-q", "--author=Jöhn Dœ <john@example.com>", "-m", "feature: add c, by someone else");
        repo.checkout("main");
        repo.write("main.txt", "main\n");
        repo.commit("main moves on");
        repo.checkout("feature");
        repo.git("merge", "-q", "--no-ff", "-m", "merge main into feature", "main");
        merge = repo.text("rev-parse", "HEAD").strip();
        // A side branch merged in: its commit is the head's and not the base's, so --first-parent leaves it out.
        repo.checkout("-b", "side");
        repo.write("side.txt", "side\n");
        repo.commit("side: add side.txt");
        repo.checkout("feature");
        repo.git("merge", "-q", "--no-ff", "-m", "merge side into feature\n\nIts body, two lines\nlong.", "side");
        sideMerge = repo.text("rev-parse", "HEAD").strip();
        // Settings that change git log's output in this repository, and a mailmap that renames the author.
        repo.write(".mailmap", "Mapped Name <mapped@example.com> <author@example.com>\n");
        repo.commit("add a mailmap");
        for (String[] c : List.of(new String[] {"log.showSignature", "true"}, new String[] {"log.date", "relative"},
                new String[] {"format.pretty", "oneline"}, new String[] {"log.mailmap", "true"},
                new String[] {"core.abbrev", "12"}, new String[] {"i18n.logOutputEncoding", "ISO-8859-1"},
                new String[] {"log.decorate", "full"}, new String[] {"color.ui", "always"})) {
            repo.git("config", c[0], c[1]);
        }
        oracle = BareOracle.cloneOf(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        oracle.close();
        repo.close();
    }

    static String expected(String... revs) {
        return gitLog("%h %ad %an <%ae> %s", revs);
    }

    static String gitLog(String format, String... revs) {
        List<String> args = new ArrayList<>(List.of("log", "--first-parent", "--no-use-mailmap", "--abbrev=7",
                "--date=iso-strict", "--format=" + format));
        args.addAll(List.of(revs));
        return new String(oracle.run(args.toArray(String[]::new)), StandardCharsets.UTF_8);
    }

    static String out(Proc.Result r) {
        return new String(r.stdout(), StandardCharsets.UTF_8);
    }

    @Test
    void aRangeListsTheHeadsCommitsTheBaseLacks() {
        String log = PrdiffCli.ok(repo.dir(), "main...feature", "--log").out();
        assertEquals(expected("main..feature"), log);
        // Main's own commit came in with the merge, so it is not the feature's: b, c, the merge, the side's merge
        // (standing for the side's commit), the mailmap.
        assertEquals(5, log.lines().count(), log);
        assertFalse(log.contains("side: add side.txt"), log);
        assertFalse(log.contains("main moves on"), log);
        String first = log.lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(first.matches("[0-9a-f]{7} \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+00:00 .*"), first);
        assertTrue(log.contains(" Jöhn Dœ <john@example.com> feature: add c, by someone else\n"), log);
        assertTrue(log.contains(" Fixture Author <author@example.com> feature: add b\n"), log);
        assertFalse(log.contains("Mapped Name"), "the mailmap plays no part: " + log);
        assertEquals(expected("main..feature"), PrdiffCli.ok(repo.dir(), "main..feature", "--log").out());
        assertEquals(expected("main..HEAD"), PrdiffCli.ok(repo.dir(), "main", "--log").out());
    }

    @Test
    void oneCommitIsThatCommitAlone() {
        assertEquals(expected("-1", merge), PrdiffCli.ok(repo.dir(), "--commit", merge, "--log").out());
        assertEquals(expected("-1", merge), PrdiffCli.ok(repo.dir(), merge.substring(0, 10), "--log").out());
        assertEquals(1, PrdiffCli.ok(repo.dir(), "--commit", merge, "--log").out().lines().count());
    }

    @Test
    void aWorkTreeDiffListsTheBranchsCommitsSinceTheBase() {
        assertEquals(expected("main..HEAD"), PrdiffCli.ok(repo.dir(), "--base", "main", "--cached", "--log").out());
        assertEquals(expected("main..HEAD"), PrdiffCli.ok(repo.dir(), "--base", "main", "--log").out());
    }

    /** Paths keep the commits touching them and --top and --skip page them, as git log's pathspec and options do. */
    @Test
    void pathsAndPagesChooseTheCommits() {
        for (String path : List.of("a.txt", "c.txt", "nowhere")) {
            assertEquals(expected("main..feature", "--", path),
                    PrdiffCli.ok(repo.dir(), "main...feature", "--log", "--file", path).out(), path);
        }
        Proc.Result page = PrdiffCli.in(repo.dir(), "main...feature", "--log", "--top", "2", "--skip", "1");
        assertEquals(0, page.exit(), page.stderr());
        assertEquals(expected("--skip=1", "--max-count=2", "main..feature"), new String(page.stdout(), StandardCharsets.UTF_8));
        assertTrue(page.stderr().contains("pagination: {\"total\":5,\"showing\":2,\"has_more\":true,\"next_skip\":3};"
                + " next page: skip 3"), page.stderr());
        assertEquals("", PrdiffCli.ok(repo.dir(), "--commit", merge, "--log", "--file", "nowhere").out());
    }

    @Test
    void theLogIsAnAnswerOfItsOwn() {
        Proc.Result files = PrdiffCli.in(repo.dir(), "main...feature", "--log", "--files-only");
        assertEquals(2, files.exit(), files.stderr());
        assertTrue(files.stderr().startsWith("prdiff: usage error: --log is an answer of its own"), files.stderr());
        for (List<String> other : List.of(List.of("--include", "*.txt"), List.of("-U", "1"), List.of("--since", fork))) {
            List<String> args = new ArrayList<>(List.of("main...feature", "--log"));
            args.addAll(other);
            Proc.Result r = PrdiffCli.in(repo.dir(), args.toArray(String[]::new));
            assertEquals(1, r.exit(), r.stderr());
            assertTrue(r.stderr().contains("[INVALID_INPUT]: the list of commits (--log, log) is an answer of its own"),
                    r.stderr());
        }
    }

    static final String FIRST_PARENT =
            "prdiff: log: listed as git log --first-parent lists it, each merge as one line: ";

    /** A merge stands for the commits it brought in, as in git log --first-parent, and one notice says how many. */
    @Test
    void mergesAreListedAsFirstParentAndSaySo() {
        Proc.Result range = PrdiffCli.in(repo.dir(), "main...feature", "--log");
        assertEquals(expected("main..feature"), out(range));
        assertEquals(FIRST_PARENT + "2 merges brought in 1 commit not listed\n", range.stderr());
        Proc.Result one = PrdiffCli.in(repo.dir(), "--commit", sideMerge, "--log");
        assertEquals(expected("-1", sideMerge), out(one));
        assertEquals(FIRST_PARENT + "the merge brought in 1 commit not listed\n", one.stderr());
        // A merge that brought in only the base's commits lists as git log does: nothing to say.
        Proc.Result same = PrdiffCli.in(repo.dir(), "main.." + merge, "--log");
        assertEquals(expected("main.." + merge), out(same));
        assertEquals(new String(oracle.run("log", "--no-use-mailmap", "--abbrev=7", "--date=iso-strict",
                "--format=%h %ad %an <%ae> %s", "main.." + merge), StandardCharsets.UTF_8), out(same));
        assertEquals("", same.stderr());
        assertEquals("", PrdiffCli.in(repo.dir(), "-q", "main...feature", "--log").stderr());
    }

    /** --log --stat: each commit's line, a blank line and its diffstat, as git log --stat --first-parent gives. */
    @Test
    void logStatIsEachCommitWithItsDiffstat() {
        String all = PrdiffCli.ok(repo.dir(), "main...feature", "--log", "--stat").out();
        assertEquals(expected("--stat", "main..feature"), all);
        assertTrue(all.contains(" side.txt | 1 +\n"), "the side's merge has its first parent's diffstat: " + all);
        assertEquals(expected("--stat", "main..feature", "--", "c.txt"),
                PrdiffCli.ok(repo.dir(), "main...feature", "--log", "--stat", "--", "c.txt").out());
        assertEquals(expected("--stat", "--skip=1", "--max-count=2", "main..feature"),
                out(PrdiffCli.in(repo.dir(), "main...feature", "--log", "--stat", "--top", "2", "--skip", "1")));
        assertEquals(expected("--stat", "-1", sideMerge),
                PrdiffCli.ok(repo.dir(), "--commit", sideMerge, "--log", "--stat").out());
    }

    /** --top alone and paths after -- page and choose the commits, with no TARGET too. */
    @Test
    void topAndPathsAfterDashesWithoutATarget() {
        Proc.Result top = PrdiffCli.in(repo.dir(), "--base", "main", "--log", "--top", "2");
        assertEquals(0, top.exit(), top.stderr());
        assertEquals(expected("--max-count=2", "main..HEAD"), out(top));
        assertTrue(top.stderr().contains("pagination: {\"total\":5,\"showing\":2,\"has_more\":true,\"next_skip\":2}"),
                top.stderr());
        assertEquals(expected("main..HEAD", "--", "c.txt", "side.txt"),
                PrdiffCli.ok(repo.dir(), "--base", "main", "--log", "--", "c.txt", "side.txt").out());
    }

    /** Coloured as git colours git log --format='%C(auto)%h ...' (and its diffstat) when asked; plain in a pipe. */
    @Test
    void colourIsGitsWhenAskedAndNoneInAPipe() {
        String format = "%C(auto)%h %ad %an <%ae> %s";
        assertEquals(gitLog(format, "--color=always", "main..feature"),
                PrdiffCli.ok(repo.dir(), "--color=always", "main...feature", "--log").out());
        String withStat = PrdiffCli.ok(repo.dir(), "--color=always", "main...feature", "--log", "--stat").out();
        assertEquals(gitLog(format, "--color=always", "--stat", "main..feature"), withStat);
        assertTrue(withStat.contains("\u001b[33m") && withStat.contains(" | 1 \u001b[32m+\u001b[m\n"), withStat);
        assertTrue(withStat.contains(" | Bin \u001b[31m3\u001b[m -> \u001b[32m5\u001b[m bytes\n"), withStat);
        assertTrue(withStat.contains(" pipe | name +- |   1 \u001b[32m+\u001b[m\n"), withStat);
        assertEquals(expected("--stat", "main..feature"),
                PrdiffCli.ok(repo.dir(), "main...feature", "--log", "--stat").out(), "a pipe gets no colour");
        var stdout = new java.io.ByteArrayOutputStream();
        var err = new java.io.ByteArrayOutputStream();
        var env = new java.util.HashMap<>(System.getenv());
        env.put("PRDIFF_PAGER", "");
        int code = PrdiffCli.call(stdout, new java.io.PrintStream(err, true, StandardCharsets.UTF_8), env, true, "-C",
                repo.dir().toString(), "main...feature", "--log", "--stat");
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertEquals(gitLog(format, "--color=always", "--stat", "main..feature"),
                stdout.toString(StandardCharsets.UTF_8), "a terminal gets colour");
    }

    /** prdiff show SHA: the commit as git show --stat prints it in a bare clone, whatever the repository's settings. */
    @Test
    void showOfACommitIsGitShowStat() {
        for (String rev : List.of(sideMerge, merge, fork, "feature~1", repo.text("rev-parse", "side").strip())) {
            String sha = repo.text("rev-parse", rev).strip();
            byte[] git = oracle.run("show", "--stat", "--no-use-mailmap", sha);
            assertEquals(new String(git, StandardCharsets.UTF_8), PrdiffCli.ok(repo.dir(), "show", rev).out(), rev);
        }
        String shown = PrdiffCli.ok(repo.dir(), "show", sideMerge.substring(0, 9)).out();
        assertTrue(shown.startsWith("commit " + sideMerge + "\nMerge: "), shown);
        assertTrue(shown.contains("\n    Its body, two lines\n    long.\n\n side.txt | 1 +\n"), shown);
        assertFalse(shown.contains("Mapped Name") || shown.contains("\u001b"), shown);
        String c = repo.text("log", "-1", "--format=%H", "--author=john@example.com", "feature").strip();
        assertTrue(PrdiffCli.ok(repo.dir(), "show", c).out().contains("\nAuthor: Jöhn Dœ <john@example.com>\n"));
        Proc.Result missing = PrdiffCli.in(repo.dir(), "show", "no-such-branch");
        assertEquals(1, missing.exit());
        assertTrue(missing.stderr().startsWith("prdiff: error [REF_NOT_FOUND]: "), missing.stderr());
    }

    /** show SHA in git's colours when asked and in a terminal (through the pager), as git show --stat colours it. */
    @Test
    void showOfACommitIsColouredAsGitsInATerminal() {
        String sha = repo.text("rev-parse", "feature~1").strip();
        String coloured = new String(oracle.run("show", "--stat", "--no-use-mailmap", "--color=always", sha),
                StandardCharsets.UTF_8);
        assertTrue(coloured.startsWith("\u001b[33mcommit " + sha), coloured);
        assertEquals(coloured, PrdiffCli.ok(repo.dir(), "show", "--color=always", sha).out());
        var stdout = new java.io.ByteArrayOutputStream();
        var err = new java.io.ByteArrayOutputStream();
        var env = new java.util.HashMap<>(System.getenv());
        env.put("PRDIFF_PAGER", "");
        int code = PrdiffCli.call(stdout, new java.io.PrintStream(err, true, StandardCharsets.UTF_8), env, true, "-C",
                repo.dir().toString(), "show", sha);
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertEquals(coloured, stdout.toString(StandardCharsets.UTF_8), "a terminal gets colour");
        assertFalse(PrdiffCli.ok(repo.dir(), "show", sha).out().contains("\u001b"), "a pipe gets none");
        assertEquals(2, PrdiffCli.in(repo.dir(), "show", "--color=sometimes", sha).exit());
    }
}
