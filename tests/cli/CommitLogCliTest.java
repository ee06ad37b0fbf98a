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
 * --log: the range's commits, one line each, as git log prints them with prdiff's fixed format in a bare clone
 * with an empty environment, whatever the repository's log, format and mailmap settings say.
 */
@support.Parallel
class CommitLogCliTest {
    static TempRepo repo;
    static BareOracle oracle;
    static String fork;
    static String merge;

    @BeforeAll
    static void history() {
        repo = TempRepo.init();
        repo.write("a.txt", "a\n");
        fork = repo.commit("base");
        repo.checkout("-b", "feature");
        repo.write("b.txt", "b\n");
        repo.commit("feature: add b\n\nA body that git log's subject leaves out.");
        repo.write("c.txt", "c\n");
        repo.git("add", "-A");
        repo.git("commit", "-q", "--author=Jöhn Dœ <john@example.com>", "-m", "feature: add c, by someone else");
        repo.checkout("main");
        repo.write("main.txt", "main\n");
        repo.commit("main moves on");
        repo.checkout("feature");
        repo.git("merge", "-q", "--no-ff", "-m", "merge main into feature", "main");
        merge = repo.text("rev-parse", "HEAD").strip();
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
        List<String> args = new ArrayList<>(List.of("log", "--no-use-mailmap", "--abbrev=7", "--date=iso-strict",
                "--format=%h %ad %an <%ae> %s"));
        args.addAll(List.of(revs));
        return new String(oracle.run(args.toArray(String[]::new)), StandardCharsets.UTF_8);
    }

    @Test
    void aRangeListsTheHeadsCommitsTheBaseLacks() {
        String log = PrdiffCli.ok(repo.dir(), "main...feature", "--log").out();
        assertEquals(expected("main..feature"), log);
        // Main's own commit came in with the merge, so it is not the feature's: b, c, the merge, the mailmap.
        assertEquals(4, log.lines().count(), log);
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
        assertTrue(page.stderr().contains("pagination: {\"total\":4,\"showing\":2,\"has_more\":true,\"next_skip\":3}; next"
                + " page: skip 3"), page.stderr());
        assertEquals("", PrdiffCli.ok(repo.dir(), "--commit", merge, "--log", "--file", "nowhere").out());
    }

    @Test
    void theLogIsAnAnswerOfItsOwn() {
        for (String other : List.of("--files-only", "--stat")) {
            Proc.Result r = PrdiffCli.in(repo.dir(), "main...feature", "--log", other);
            assertEquals(2, r.exit(), r.stderr());
            assertTrue(r.stderr().startsWith("prdiff: usage error: --log is an answer of its own"), r.stderr());
        }
        for (List<String> other : List.of(List.of("--include", "*.txt"), List.of("-U", "1"), List.of("--since", fork))) {
            List<String> args = new ArrayList<>(List.of("main...feature", "--log"));
            args.addAll(other);
            Proc.Result r = PrdiffCli.in(repo.dir(), args.toArray(String[]::new));
            assertEquals(1, r.exit(), r.stderr());
            assertTrue(r.stderr().contains("[INVALID_INPUT]: the list of commits (--log, log) is an answer of its own"),
                    r.stderr());
        }
    }
}
