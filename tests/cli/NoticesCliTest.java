package cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.Fixtures;
import support.TempRepo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * stderr stays quiet for a caller that named its range: the range is named only when prdiff chose it, or with
 * -v; -q silences notices but, as git's -q, never warnings or errors.
 */
@support.Parallel
class NoticesCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.featureBranch(repo);
        base = shas[0];
        head = shas[1];
    }

    static Proc.Result run(String... args) {
        return PrdiffCli.in(repo.dir(), args);
    }

    @Test
    void aNamedRangeIsDiffedWithoutAWord() {
        Proc.Result r = run("main...feature");
        assertEquals(0, r.exit());
        assertArrayEquals(repo.gitDiff("main...feature"), r.stdout());
        assertEquals("", r.stderr());
        assertEquals("", run("--commit", head).stderr());
        assertEquals("", run("--files-only", "main..feature").stderr());
    }

    @Test
    void verboseNamesTheRangeAndItsShas() {
        Proc.Result r = run("-v", "main...feature");
        assertEquals("prdiff: range main...feature (base " + base + ", head " + head + ", merge base " + base + ")\n",
                r.stderr());
        assertEquals("prdiff: range commit " + head + " (base " + base + ", head " + head + ")\n",
                run("--verbose", "--commit", head).stderr());
    }

    @Test
    void anAutomaticRangeIsNamedUnlessQuiet() {
        Proc.Result auto = run();
        assertArrayEquals(repo.gitDiff("main...HEAD"), auto.stdout());
        assertTrue(auto.stderr().startsWith("prdiff: range "), auto.stderr());
        Proc.Result quiet = run("-q");
        assertArrayEquals(auto.stdout(), quiet.stdout());
        assertEquals("", quiet.stderr());
    }

    @Test
    void quietKeepsWarningsAndErrors() {
        Proc.Result warning = run("-q", "main...feature", "--file", "a.tx");
        assertEquals(0, warning.exit());
        assertEquals("prdiff: warning: no changed file matches 'a.tx'; did you mean a.txt?\n", warning.stderr());
        Proc.Result error = run("--quiet", "main...nope");
        assertEquals(1, error.exit());
        assertTrue(error.stderr().startsWith("prdiff: error [REF_NOT_FOUND]"), error.stderr());
    }

    @Test
    void quietAndVerboseTogetherAreAUsageError() {
        Proc.Result r = run("-q", "-v", "main...feature");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("-q and -v"), r.stderr());
    }
}
