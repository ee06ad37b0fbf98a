package cli;

import dev.prdiff.app.Target;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Git's habits: one revision, GitHub's short PR forms, a did-you-mean, --help with examples, completion. */
@support.Parallel
class ShorthandCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String first;
    static String second;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "one\n");
        repo.commit("one");
        repo.write("main.txt", "main moves\n");
        repo.commit("main moves");
        repo.checkout("-b", "feature", "HEAD~1");
        repo.write("a.txt", "two\n");
        first = repo.commit("two");
        repo.write("b.txt", "b\n");
        second = repo.commit("three");
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(repo.dir(), args);
    }

    @Test
    void aRefIsRefToHeadAndSaysSo() {
        Proc.Result r = ok("main");
        assertArrayEquals(repo.gitDiff("main...HEAD"), r.stdout());
        assertTrue(r.stderr().startsWith("prdiff: range main...HEAD (base "), r.stderr());
        assertArrayEquals(repo.gitDiff("HEAD~1...HEAD"), ok("HEAD~1").stdout());
    }

    @Test
    void hexDigitsAreThatCommit() {
        assertArrayEquals(repo.gitDiff(first + "^", first), ok(first).stdout());
        Proc.Result shortSha = ok(first.substring(0, 7));
        assertArrayEquals(repo.gitDiff(first + "^", first), shortSha.stdout());
        assertTrue(shortSha.stderr().startsWith("prdiff: range commit " + first), shortSha.stderr());
    }

    @Test
    void headAloneIsEmptyWithAHint() {
        Proc.Result r = ok("HEAD");
        assertEquals(0, r.stdout().length);
        assertTrue(r.stderr().contains("warning: HEAD is the commit HEAD is on"), r.stderr());
    }

    @Test
    void pullRequestShortFormsAreRead() {
        assertEquals(new Target.PullRequest(10745, "cli/cli"), Target.parse("cli/cli#10745", null, null));
        assertEquals(new Target.PullRequest(7, "github.com/o/r"), Target.parse("github.com/o/r/pull/7", null, null));
        assertEquals(new Target.PullRequest(7, "ghe.example:8443/o/r"),
                Target.parse("ghe.example:8443/o/r/pull/7/files", null, null));
        assertInstanceOf(Target.Range.class, Target.parse("v1.2...team/x/pull/3", null, null));
        assertEquals(new Target.Rev("feature/pull/3"), Target.parse("feature/pull/3", null, null));
    }

    @Test
    void anUnknownOptionGetsADidYouMean() {
        Proc.Result r = PrdiffCli.run("--file-only");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("Unknown option: '--file-only'"), r.stderr());
        assertTrue(r.stderr().contains("Did you mean: ") && r.stderr().contains("--files-only"), r.stderr());
    }

    @Test
    void helpHasExamplesRangesAndExitCodes() {
        Proc.Result r = PrdiffCli.run("--help-all");
        assertEquals(0, r.exit());
        String help = r.out();
        for (String expected : List.of("Examples:", "A...B", "A..B", "merge base", "prdiff 10745 ", "--files-only",
                "-- go.mod", "--sha", "Exit codes:", "141", "generate-completion")) {
            assertTrue(help.contains(expected), expected + " in:\n" + help);
        }
    }

    @Test
    void completionIsABashScriptThatKnowsTheOptions() {
        Proc.Result r = PrdiffCli.run("generate-completion");
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r.out());
        assertTrue(r.out().contains("complete -F") && r.out().contains("--files-only") && r.out().contains("--strict"));
    }
}
