package cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.GrepRule;
import support.PrdiffCli;
import support.BareOracle;
import support.Fixtures;
import support.NeutralGit;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * prdiff show and prdiff grep, byte-compared with git show and git grep -n run in a bare clone with an empty
 * environment, on names with spaces, colons, a leading dash and the rest of the hostile set.
 */
@support.Parallel
class CommitReadsCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static BareOracle oracle;
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        repo.git("branch", "show", base);
        oracle = BareOracle.cloneOf(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        oracle.close();
    }

    static List<String> filesAndFolders() {
        List<String> paths = new ArrayList<>(List.of("src/app.ts", "crlf.txt", "nonl.txt", "bin.dat", "added/empty.txt",
                "mode.sh", "lib", "lib/a", "lib/a/", "ünïcödé", ""));
        for (String name : Fixtures.HOSTILE_NAMES) {
            if (!name.equals("with space.txt")) {
                paths.add(name);
            }
        }
        return paths;
    }

    @Test
    void showIsGitShowForEveryFileAndFolder() {
        for (String path : filesAndFolders()) {
            byte[] expected = oracle.show(head + ":" + path);
            assertArrayEquals(expected, PrdiffCli.ok(repo.dir(), "show", head + ":" + path).stdout(), path);
        }
        assertTrue(new String(oracle.show(head + ":lib")).startsWith("tree " + head + ":lib\n\na/\nb/\n"));
    }

    @Test
    void aRevisionIsResolvedAsCommitDoesAndAListingNamesTheFullSha() {
        String abbreviated = head.substring(0, 10);
        assertArrayEquals(oracle.show(head + ":colon:name.txt"),
                PrdiffCli.ok(repo.dir(), "show", abbreviated + ":colon:name.txt").stdout());
        assertArrayEquals(oracle.show(head + ":lib"), PrdiffCli.ok(repo.dir(), "show", "feature:lib").stdout());
        assertArrayEquals(oracle.show(base + ":with space.txt"),
                PrdiffCli.ok(repo.dir(), "show", "feature~1:with space.txt").stdout());
        // -C and --timeout belong to show as well as to prdiff.
        Proc.Result r = PrdiffCli.run("show", "-C", repo.dir().toString(), "--timeout", "20", head + ":src/app.ts");
        assertEquals(0, r.exit(), r.stderr());
        assertArrayEquals(oracle.show(head + ":src/app.ts"), r.stdout());
        assertEquals("", r.stderr());
    }

    @Test
    void showSaysWhatIsWrongWithStableCodes() {
        assertError("PATH_NOT_FOUND", head, "show", head + ":with space.txt");
        assertError("PATH_NOT_FOUND", "no file or folder 'no/such'", "show", head + ":no/such");
        assertError("SHA_NOT_FOUND", "0000000", "show", "0000000:src/app.ts");
        assertError("REF_NOT_FOUND", "no-such-branch", "show", "no-such-branch:src/app.ts");
        // With no colon, the word is a commit to show (prdiff show SHA).
        assertError("REF_NOT_FOUND", "src/app.ts", "show", "src/app.ts");
        assertError("INVALID_INPUT", "invalid revision", "show", ":src/app.ts");
        assertError("INVALID_INPUT", "'../x' is outside the repository (from its top folder)", "show", head + ":../x");
        assertError("INVALID_INPUT", "repo-relative", "show", head + ":..");
        assertError("NOT_A_REPOSITORY", "", "show", "-C", repo.dir().resolve("missing").toString(), head + ":x");
        assertEquals(2, PrdiffCli.in(repo.dir(), "show").exit());
        assertEquals(2, PrdiffCli.in(repo.dir(), "show", head + ":a", "--", "b").exit());
    }

    @Test
    void aSubmoduleSaysItIsOneRatherThanMissing() {
        try (TempRepo outer = TempRepo.init()) {
            outer.write("dir/f.txt", "f\n");
            outer.git("add", "dir/f.txt");
            outer.git("update-index", "--add", "--cacheinfo", "160000," + head + ",dir/sm");
            outer.git("commit", "-q", "-m", "with a submodule");
            Proc.Result r = PrdiffCli.in(outer.dir(), "show", "HEAD:dir/sm");
            assertEquals(1, r.exit());
            assertTrue(r.stderr().startsWith("prdiff: error [INVALID_INPUT]: ") && r.stderr().contains("submodule"),
                    r.stderr());
            assertTrue(PrdiffCli.in(outer.dir(), "show", "HEAD:dir/s").stderr().contains("[PATH_NOT_FOUND]"));
        }
    }

    /** Each case: prdiff grep's options, then git grep's, then the pattern and the paths. */
    static List<String[][]> grepCases() {
        return List.of(
                new String[][] {{}, {}, {"app 1"}, {}},
                new String[][] {{"-i"}, {"-i"}, {"APP 1"}, {"src"}},
                new String[][] {{"-w"}, {"-w"}, {"a"}, {}},
                new String[][] {{"-E"}, {"-E"}, {"app (7|seven|2[01])$"}, {}},
                new String[][] {{"-F"}, {"-F"}, {"copy source 1"}, {"copy-src.txt", "copy-dst.txt"}},
                new String[][] {{}, {}, {"name"}, {"colon:name.txt", "-leading-dash.txt", "with space renamed.txt",
                    "tab\there.txt", "ünïcödé"}},
                new String[][] {{"-e"}, {}, {"-leading"}, {}},
                new String[][] {{"-e"}, {}, {"--git"}, {}},
                new String[][] {{}, {}, {"x"}, {"bin.dat", "added"}},
                new String[][] {{}, {}, {"\\(two\\|three\\)"}, {"crlf.txt"}},
                new String[][] {{}, {}, {"nothing matches this"}, {}});
    }

    /** git grep's lines with the commit's "SHA:" taken from before each name (docs/cli.md's rule). */
    @Test
    void grepIsGitGrepWithLineNumbersInABareClone() {
        int matched = 0;
        int n = 0;
        for (String[][] c : grepCases()) {
            List<String> ours = new ArrayList<>(List.of("grep"));
            ours.addAll(List.of(c[0]));
            ours.add(c[2][0]);
            // The commit as --sha, and as the word after the pattern, as git grep takes it.
            ours.addAll(n++ % 2 == 0 ? List.of("--sha", head, "--") : List.of(head, "--"));
            ours.addAll(List.of(c[3]));
            List<String> git = new ArrayList<>(List.of("-n"));
            git.addAll(List.of(c[1]));
            git.addAll(List.of("-e", c[2][0], head, "--"));
            git.addAll(List.of(c[3]));
            Proc.Result expected = oracle.grep(git.toArray(String[]::new));
            Proc.Result got = PrdiffCli.in(repo.dir(), ours.toArray(String[]::new));
            String what = String.join(" ", ours);
            assertEquals(expected.exit(), got.exit(), what + ": " + got.stderr());
            assertArrayEquals(GrepRule.withoutRev(expected.stdout(), head), got.stdout(), what);
            assertEquals(got.exit() == 0 ? "" : "prdiff: no line matches at " + head.substring(0, 12) + "\n",
                    got.stderr(), what);
            matched += got.exit() == 0 ? 1 : 0;
        }
        assertEquals(grepCases().size() - 1, matched, "every case but the last should match something");
    }

    @Test
    void grepWithNoMatchExitsOneAndSaysSoAndItsErrorsHaveCodes() {
        Proc.Result none = PrdiffCli.in(repo.dir(), "grep", "no such text", "--sha", head);
        assertEquals(1, none.exit());
        assertEquals(0, none.stdout().length);
        assertEquals("prdiff: no line matches at " + head.substring(0, 12) + "\n", none.stderr());
        assertError("INVALID_INPUT", "Unmatched", "grep", "-E", "x(", "--sha", head);
        assertError("SHA_NOT_FOUND", "deadbeef", "grep", "x", "--sha", "deadbeef");
        assertError("INVALID_INPUT", "choose one", "grep", "-E", "-F", "x", "--sha", head);
        assertError("INVALID_INPUT", "invalid revision", "grep", "x", "--sha=-p");
        assertArrayEquals(PrdiffCli.in(repo.dir(), "grep", "app", "HEAD").stdout(),
                PrdiffCli.ok(repo.dir(), "grep", "app").stdout(), "the commit is HEAD unless named");
        assertEquals(2, PrdiffCli.in(repo.dir(), "grep", "x", "-e", "y", "--sha", head).exit(), "the commit twice");
        assertEquals(2, PrdiffCli.in(repo.dir(), "grep", "x", head, "--sha", head).exit(), "the commit twice");
        assertEquals(2, PrdiffCli.in(repo.dir(), "grep", "x", head, head).exit(), "two commits");
        assertEquals(2, PrdiffCli.in(repo.dir(), "grep", "-x", "--sha", head).exit(), "-x is not a pattern; -e -x is");
    }

    @Test
    void showAndGrepAreCommandsEvenWhenABranchHasTheirName() {
        Proc.Result r = PrdiffCli.in(repo.dir(), "show");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("prdiff show --help"), r.stderr());
        Proc.Result branch = PrdiffCli.ok(repo.dir(), "refs/heads/show");
        assertArrayEquals(repo.gitDiff("show...HEAD"), branch.stdout());
        assertArrayEquals(repo.gitDiff("show...HEAD"), PrdiffCli.ok(repo.dir(), "show...HEAD").stdout());
    }

    static void assertError(String code, String says, String... args) {
        Proc.Result r = PrdiffCli.in(repo.dir(), args);
        assertEquals(1, r.exit(), String.join(" ", args) + ": " + r.stderr());
        assertTrue(r.stderr().startsWith("prdiff: error [" + code + "]: "), String.join(" ", args) + ": " + r.stderr());
        assertTrue(r.stderr().contains(says), r.stderr());
        assertEquals(0, r.stdout().length);
    }

    /**
     * SHA:./PATH and SHA:../PATH are from the current folder, as git show reads them in a work tree; any other PATH is
     * from the top, in any folder. A folder's listing names it from the top (git names it as typed).
     */
    @Test
    void dotPathsAreFromTheCurrentFolderAsGitReadsThem() {
        Path src = repo.dir().resolve("src");
        for (String path : List.of("./app.ts", "../crlf.txt", "./../lib/a/../../ünïcödé/naïve.md",
                "../colon:name.txt")) {
            byte[] git = NeutralGit.run(src, "show", head + ":" + path);
            assertArrayEquals(git, PrdiffCli.ok(src, "show", head + ":" + path).stdout(), path);
        }
        for (String[] folder : List.of(new String[] {"./", "src"}, new String[] {"../", ""},
                new String[] {"../lib/a/", "lib/a"}, new String[] {"./.", "src"})) {
            NeutralGit.run(src, "show", head + ":" + folder[0]);
            assertArrayEquals(oracle.show(head + ":" + folder[1]),
                    PrdiffCli.ok(src, "show", head + ":" + folder[0]).stdout(), folder[0]);
        }
        assertArrayEquals(oracle.show(head + ":crlf.txt"), PrdiffCli.ok(src, "show", head + ":crlf.txt").stdout());
        Proc.Result above = PrdiffCli.in(src, "show", head + ":../../x");
        assertEquals(1, above.exit());
        assertEquals("prdiff: error [INVALID_INPUT]: '../../x' is outside the repository (from src/)\n",
                above.stderr());
    }

    /** A path the commit lacks gets the commit's nearest paths, as --file's gets the changed ones. */
    @Test
    void aMissingPathSuggestsNearOnes() {
        Path src = repo.dir().resolve("src");
        Proc.Result r = PrdiffCli.in(src, "show", head + ":app.ts");
        assertEquals(1, r.exit());
        assertEquals("prdiff: error [PATH_NOT_FOUND]: commit " + head + " has no file or folder 'app.ts' (paths are"
                + " repo-relative, as git ls-tree prints them); did you mean src/app.ts?\n", r.stderr());
        assertError("PATH_NOT_FOUND", "did you mean lib/a", "show", head + ":lib/aa");
        assertError("PATH_NOT_FOUND", "list its top folder with prdiff show " + head + ":", "show",
                head + ":nothing/like/any/of/these/paths");
    }

    @Test
    void aBareRepositoryHasNoCurrentFolder() {
        Path bare = TempDirs.create("prdiff-bare-");
        NeutralGit.run(bare, "clone", "-q", "--bare", repo.dir().toString(), "b.git");
        Proc.Result r = PrdiffCli.in(bare.resolve("b.git"), "show", head + ":./src/app.ts");
        assertEquals(1, r.exit());
        assertTrue(r.stderr().startsWith("prdiff: error [INVALID_INPUT]: './src/app.ts' is relative to the current"
                + " folder, which a bare repository does not have"), r.stderr());
        assertArrayEquals(oracle.show(head + ":src/app.ts"),
                PrdiffCli.ok(bare.resolve("b.git"), "show", head + ":src/app.ts").stdout());
    }
}
