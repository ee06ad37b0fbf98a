package cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.PrdiffCli;
import support.Proc;
import support.Fixtures;
import support.TempRepo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A typo gets the name it was near: a ref (REF_NOT_FOUND, with the default branch), a command, a long option; and
 * every usage error, an option's value out of its range too, exits 2.
 */
class TyposCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() {
        Fixtures.featureBranch(repo);
    }

    static Proc.Result run(String... args) {
        return PrdiffCli.in(repo.dir(), args);
    }

    static void assertUsage(Proc.Result r, String says) {
        assertEquals(2, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("prdiff: usage error: "), r.stderr());
        assertTrue(r.stderr().contains(says), r.stderr());
    }

    @Test
    void aMistypedBranchSuggestsTheNearRefs() {
        Proc.Result r = run("mian");
        assertEquals(1, r.exit());
        assertTrue(r.stderr().startsWith("prdiff: error [REF_NOT_FOUND]: no branch, tag or commit 'mian' in "),
                r.stderr());
        assertTrue(r.stderr().endsWith("; did you mean main?\n"), r.stderr());
        assertTrue(run("featrue...main").stderr().contains("did you mean feature?"));
        assertEquals(0, r.stdout().length);
    }

    @Test
    void aBranchOfAnotherRepositoryNamesTheDefaultBranch() {
        try (TempRepo trunk = TempRepo.init()) {
            trunk.write("a.txt", "one\n");
            trunk.commit("one");
            trunk.checkout("-b", "trunk");
            trunk.git("branch", "-D", "main");
            Proc.Result r = PrdiffCli.in(trunk.dir(), "main");
            assertEquals(1, r.exit());
            assertTrue(r.stderr().startsWith("prdiff: error [REF_NOT_FOUND]: "), r.stderr());
            assertTrue(r.stderr().endsWith("; the default branch is trunk\n"), r.stderr());
        }
    }

    @Test
    void aMissingAncestorOfARealRefIsNoCommit() {
        Proc.Result r = run("main~9");
        assertEquals(1, r.exit());
        assertTrue(r.stderr().startsWith("prdiff: error [SHA_NOT_FOUND]: no commit 'main~9' in "), r.stderr());
        assertTrue(r.stderr().contains("main exists"), r.stderr());
    }

    @Test
    void aMistypedCommandSuggestsTheCommand() {
        assertUsage(run("shwo", "HEAD:a.txt"), "'shwo' is not a command; did you mean prdiff show HEAD:a.txt?");
        assertUsage(run("gerp", "one"), "did you mean prdiff grep one?");
        Proc.Result alone = run("shwo");
        assertEquals(1, alone.exit());
        assertTrue(alone.stderr().startsWith("prdiff: error [REF_NOT_FOUND]: no branch, tag or commit 'shwo' in "),
                alone.stderr());
        assertTrue(alone.stderr().endsWith("; the default branch is main. Or did you mean the command prdiff show?\n"),
                alone.stderr());
        // a ref and a path is no typo of a command: it keeps its own advice
        assertUsage(run("HEAD", "a.txt"), "(prdiff HEAD -- a.txt)");
    }

    @Test
    void aMistypedLongOptionSuggestsTheNearest() {
        Proc.Result flies = run("--flies-only");
        assertUsage(flies, "Unknown option: '--flies-only'");
        assertTrue(flies.stderr().contains("\nDid you mean: --files-only?\n"), flies.stderr());
        assertTrue(run("--stats").stderr().contains("\nDid you mean: --status or --stat?\n"));
        assertTrue(run("--side").stderr().contains("\nDid you mean: --side-by-side?\n"));
        Proc.Result show = run("show", "HEAD:a.txt", "--timout", "3");
        assertUsage(show, "--timout");
        assertTrue(show.stderr().contains("\nDid you mean: --timeout?\n"), show.stderr());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--max-bytes|100", "--max-lines|0", "--top|0", "--skip|-1", "--status|foo", "-U|99"})
    void anOptionValueOutOfItsRangeIsAUsageError(String joined) {
        String[] option = joined.split("\\|");
        assertUsage(run("main...feature", option[0], option[1]), option[1]);
    }
}
