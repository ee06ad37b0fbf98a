package cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import support.GrepRule;
import support.PrdiffCli;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * prdiff grep as a person used to git grep types it: every option, the commit as a word, pathspecs typed in a
 * folder below the top, colour and the pager in a terminal. Each answer is git grep's own (run in the work tree,
 * in the same folder, with the same words) through docs/cli.md's rule: the {@code REV:} before each name dropped.
 */
class GrepCliTest {
    static TempRepo repo;
    static String head;
    static String first;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        repo.write("pkg/cmd/pr/shared/survey.go", "package shared\n\n// TitleSurvey asks\nfunc TitleSurvey() {\n"
                        + "\tx := 1\n\ty := 2\n\tz := 3\n\treturn TitleSurvey()\n}\n")
                .write("pkg/cmd/pr/create/create.go", "package create\n\nimport \"shared\"\n\nfunc run() {\n"
                        + "\tshared.TitleSurvey()\n}\n")
                .write("pkg/cmd/root.go", "package cmd\n// titlesurvey in lower case\n")
                .write("pkg/cmd/a:1:b-2-c.txt", "TitleSurvey in a name with colons and dashes\n")
                .write("pkg/cmd/naïve name.txt", "TitleSurvey in a name git quotes\n")
                .write("docs/TitleSurvey.md", "# TitleSurvey\n\nsee pkg/cmd\nTitleSurveyor is a longer word\n")
                .write("bin.dat", new byte[] {'T', 'i', 't', 'l', 'e', 'S', 'u', 'r', 'v', 'e', 'y', 0, 1, '\n'});
        first = repo.commit("one");
        repo.write("pkg/cmd/root.go", "package cmd\n// titlesurvey in lower case\n// TitleSurvey once more\n");
        head = repo.commit("two");
    }

    @AfterAll
    static void cleanup() {
        repo.close();
    }

    /** Each case: prdiff grep's words before the pattern, git grep's, then the paths. */
    static List<String[][]> cases() {
        return List.of(
                new String[][] {{}, {"-n"}, {}},
                new String[][] {{"-n"}, {"-n"}, {}},
                new String[][] {{"--line-number"}, {"-n"}, {}},
                new String[][] {{"-l"}, {"-l"}, {}},
                new String[][] {{"--files-with-matches"}, {"-l"}, {}},
                new String[][] {{"-c"}, {"-c"}, {}},
                new String[][] {{"--count"}, {"-c"}, {}},
                new String[][] {{"-C", "1"}, {"-n", "-C", "1"}, {}},
                new String[][] {{"-C2"}, {"-n", "-C2"}, {}},
                new String[][] {{"--context=2"}, {"-n", "--context=2"}, {}},
                new String[][] {{"-A", "2"}, {"-n", "-A", "2"}, {}},
                new String[][] {{"-B", "1"}, {"-n", "-B", "1"}, {}},
                new String[][] {{"-A1", "-B2"}, {"-n", "-A1", "-B2"}, {}},
                new String[][] {{"-C", "3", "-A", "0"}, {"-n", "-C", "3", "-A", "0"}, {}},
                new String[][] {{"-i"}, {"-n", "-i"}, {}},
                new String[][] {{"-w"}, {"-n", "-w"}, {}},
                new String[][] {{"-F", "-i"}, {"-n", "-F", "-i"}, {}},
                new String[][] {{"-E", "-C1"}, {"-n", "-E", "-C1"}, {}},
                new String[][] {{"-l"}, {"-l"}, {"pr/shared", "../../docs"}},
                new String[][] {{"-c"}, {"-c"}, {":/"}},
                new String[][] {{}, {"-n"}, {"pr/shared"}},
                new String[][] {{}, {"-n"}, {"./pr/"}},
                new String[][] {{}, {"-n"}, {".."}},
                new String[][] {{}, {"-n"}, {"../../docs", "root.go"}},
                new String[][] {{}, {"-n"}, {":/docs"}},
                new String[][] {{}, {"-n"}, {":(top)pkg/cmd/pr"}},
                new String[][] {{}, {"-n"}, {":!pr"}},
                new String[][] {{}, {"-n"}, {":/", ":!pr/create"}},
                new String[][] {{}, {"-n"}, {":(exclude)pr/shared", ":(glob)**/*.go"}},
                new String[][] {{}, {"-n"}, {"*.txt"}});
    }

    /**
     * The same words at the top, in pkg/cmd and in pkg/cmd/pr (the pathspecs in pkg/cmd), the pattern TitleSurvey,
     * the commit a word.
     */
    @Test
    void everyOptionIsGitGrepsFromEveryFolder() {
        for (String folder : List.of("", "pkg/cmd", "pkg/cmd/pr")) {
            for (String[][] c : cases()) {
                if (c[2].length > 0 && !folder.equals("pkg/cmd")) {
                    continue; // the paths are typed in pkg/cmd
                }
                String pattern = c[0].length > 0 && (c[0][0].equals("-E")) ? "Title(Survey|Nope)" : "TitleSurvey";
                assertSame(folder, List.of(c[0]), List.of(c[1]), pattern, "HEAD", List.of(c[2]));
            }
        }
    }

    @Test
    void theCommitIsAWordOrShaAndHeadUnlessNamed() {
        assertSame("pkg/cmd", List.of(), List.of("-n"), "TitleSurvey", first, List.of());
        assertSame("pkg/cmd", List.of(), List.of("-n"), "TitleSurvey", "HEAD~1", List.of("pr"));
        // A name git quotes, shown from a folder below its own.
        assertSame("pkg/cmd/pr", List.of("-C1"), List.of("-n", "-C1"), "git quotes", first, List.of(".."));
        assertSame("pkg/cmd/pr", List.of("--color=always"), List.of("--color=always", "-n"), "git quotes", first,
                List.of(".."));
        Path dir = repo.dir().resolve("pkg/cmd");
        byte[] atHead = PrdiffCli.ok(dir, "grep", "TitleSurvey", "HEAD").stdout();
        assertArrayEquals(atHead, PrdiffCli.ok(dir, "grep", "TitleSurvey").stdout());
        assertArrayEquals(atHead, PrdiffCli.ok(dir, "grep", "TitleSurvey", "--sha", "HEAD").stdout());
        assertArrayEquals(atHead, PrdiffCli.ok(dir, "grep", "-e", "TitleSurvey", head).stdout());
        assertArrayEquals(atHead, PrdiffCli.ok(dir, "grep", "--sha", head, "TitleSurvey").stdout());
    }

    /** The first case: -C 2 is context, never prdiff's directory option, which goes before the command. */
    @Test
    void dashCapitalCIsContextAndTheRepositoryIsNamedBeforeTheCommand() {
        Path dir = repo.dir().resolve("pkg/cmd");
        Proc.Result r = PrdiffCli.ok(dir, "grep", "-C", "2", "TitleSurvey", "--sha", "HEAD");
        assertArrayEquals(git("pkg/cmd", "-n", "-C", "2", "-e", "TitleSurvey", "HEAD"), r.stdout());
        assertTrue(r.out().contains("\n--\n"), r.out());
    }

    @Test
    void coloursAreGitsWithAlways() {
        for (String folder : List.of("", "pkg/cmd")) {
            assertSame(folder, List.of("--color=always", "-C1"), List.of("--color=always", "-n", "-C1"),
                    "TitleSurvey", "HEAD", List.of());
            assertSame(folder, List.of("--color", "-c"), List.of("--color=always", "-c"), "TitleSurvey", "HEAD",
                    List.of(":/"));
            assertSame(folder, List.of("--color=always", "-l"), List.of("--color=always", "-l"), "TitleSurvey",
                    "HEAD", List.of(":/"));
            assertSame(folder, List.of("--color=never"), List.of("-n"), "TitleSurvey", "HEAD", List.of());
        }
    }

    /** A terminal: the commit named once on a first line (yellow, as git log's), git's colours, and the pager. */
    @Test
    void aTerminalGetsTheCommitOnceColoursAndThePager() throws IOException {
        byte[] colored = git("pkg/cmd", "--color=always", "-n", "-e", "TitleSurvey", "HEAD");
        Run tty = run(true, Map.of("PRDIFF_PAGER", ""), "pkg/cmd", "grep", "TitleSurvey");
        assertEquals(0, tty.exit(), tty.stderr());
        assertEquals("\u001b[33mcommit " + head.substring(0, 12) + "\u001b[m\n"
                + new String(colored, StandardCharsets.UTF_8), tty.out());
        Run plain = run(true, Map.of("PRDIFF_PAGER", ""), "pkg/cmd", "grep", "--color=never", "TitleSurvey");
        assertEquals("commit " + head.substring(0, 12) + "\n"
                + new String(git("pkg/cmd", "-n", "-e", "TitleSurvey", "HEAD"), StandardCharsets.UTF_8), plain.out());
        Path folder = TempDirs.create("prdiff-grep-pager-");
        try {
            Path paged = folder.resolve("paged");
            Run viaPager = run(true, Map.of("PRDIFF_PAGER", "cat > '" + paged + "'"), "pkg/cmd", "grep",
                    "TitleSurvey");
            assertEquals(0, viaPager.exit(), viaPager.stderr());
            assertEquals(tty.out(), Files.readString(paged));
            assertEquals("", viaPager.out());
            Run noPager = run(true, Map.of("PRDIFF_PAGER", "cat > '" + paged + "-not'"), "pkg/cmd", "grep",
                    "--no-pager", "TitleSurvey");
            assertEquals(tty.out(), noPager.out());
            assertTrue(!Files.exists(folder.resolve("paged-not")));
        } finally {
            TempRepo.deleteTree(folder);
        }
        Run pipe = run(false, Map.of("PRDIFF_PAGER", "false"), "pkg/cmd", "grep", "TitleSurvey");
        assertArrayEquals(git("pkg/cmd", "-n", "-e", "TitleSurvey", "HEAD"), pipe.stdout(),
                "a pipe: the lines alone, uncoloured, no pager");
    }

    @Test
    void noMatchExitsOneAndSaysSoOnStderr() {
        Proc.Result none = PrdiffCli.in(repo.dir().resolve("pkg/cmd"), "grep", "NoSuchWord", "--", "pr");
        assertEquals(1, none.exit());
        assertEquals(1, repo.run("-C", "pkg/cmd", "grep", "-n", "NoSuchWord", "HEAD", "--", "pr").exit());
        assertEquals(0, none.stdout().length);
        assertEquals("prdiff: no line matches at " + head.substring(0, 12) + " in the paths given\n", none.stderr());
    }

    @Test
    void usageErrorsExitTwoAndBadPathsHaveACode() {
        Path dir = repo.dir().resolve("pkg/cmd");
        for (List<String> words : List.<List<String>>of(List.of("-l", "-c", "x"), List.of("-C", "-1", "x"), List.of("-A", "x"),
                List.of("--color=sometimes", "x"), List.of("x", "HEAD", "HEAD"), List.of("-e", "x", "HEAD", "HEAD"),
                List.of("x", "HEAD", "--sha", "HEAD"), List.of())) {
            List<String> all = new ArrayList<>(List.of("grep"));
            all.addAll(words);
            Proc.Result r = PrdiffCli.in(dir, all.toArray(String[]::new));
            assertEquals(2, r.exit(), words + ": " + r.stderr());
            assertTrue(r.stderr().startsWith("prdiff: usage error: "), r.stderr());
        }
        Proc.Result outside = PrdiffCli.in(dir, "grep", "x", "--", "../../..");
        assertEquals(1, outside.exit());
        assertTrue(outside.stderr().startsWith("prdiff: error [INVALID_INPUT]: ")
                && outside.stderr().contains("outside the repository"), outside.stderr());
        assertTrue(repo.run("-C", "pkg/cmd", "grep", "x", "HEAD", "--", "../../..").stderr().contains("outside"));
    }

    /** prdiff grep WORDS PATTERN COMMIT -- PATHS in {@code folder}, against git grep GIT_WORDS -e PATTERN COMMIT -- PATHS. */
    static void assertSame(String folder, List<String> ours, List<String> gits, String pattern, String commit,
            List<String> paths) {
        List<String> words = new ArrayList<>(List.of("grep"));
        words.addAll(ours);
        words.addAll(List.of(pattern, commit, "--"));
        words.addAll(paths);
        Proc.Result got = PrdiffCli.in(repo.dir().resolve(folder), words.toArray(String[]::new));
        List<String> theirs = new ArrayList<>(gits);
        theirs.addAll(List.of("-e", pattern, commit, "--"));
        theirs.addAll(paths);
        Proc.Result expected = gitRun(folder, theirs.toArray(String[]::new));
        String what = "in '" + folder + "': " + String.join(" ", words);
        assertEquals(expected.exit(), got.exit(), what + ": " + got.stderr() + expected.stderr());
        assertTrue(expected.exit() == 0, what + " should match: " + expected.stderr());
        assertArrayEquals(GrepRule.withoutRev(expected.stdout(), commit), got.stdout(), what);
        assertEquals("", got.stderr(), what);
    }

    /** git grep ARGS run in {@code folder} of the work tree, through the rule. */
    static byte[] git(String folder, String... args) {
        Proc.Result r = gitRun(folder, args);
        assertEquals(0, r.exit(), r.stderr());
        return GrepRule.withoutRev(r.stdout(), args[args.length - 1]);
    }

    static Proc.Result gitRun(String folder, String... args) {
        List<String> all = new ArrayList<>(List.of("-C", folder.isEmpty() ? "." : folder, "grep"));
        all.addAll(List.of(args));
        return repo.run(all.toArray(String[]::new));
    }

    record Run(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    /** In-process in {@code folder}, as if stdout were (or were not) a terminal. */
    static Run run(boolean terminal, Map<String, String> extraEnv, String folder, String... args) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PAGER");
        env.remove("PRDIFF_PAGER");
        env.putAll(extraEnv);
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().resolve(folder).toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PrdiffCli.call(out, new PrintStream(err, true, StandardCharsets.UTF_8), env, terminal,
                all.toArray(String[]::new));
        return new Run(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }
}
