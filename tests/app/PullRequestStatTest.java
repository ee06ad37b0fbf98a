package app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.PullRequestScenario;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --stat of the live pull request diff through the real gh and the GitHub stand-in: git's diff --stat of
 * base...head (what GitHub diffs), except that a binary file's line reads Bin without the sizes GitHub's text
 * diff does not carry; with a filter, git's stat of the same files.
 */
@Timeout(120)
@support.Parallel
class PullRequestStatTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(scenario.env, args);
    }

    static String gitStat(String... pathspec) {
        String[] args = new String[3 + pathspec.length];
        args[0] = "--stat=80";
        args[1] = scenario.pr.baseSha() + "..." + scenario.pr.headSha();
        args[2] = "--";
        System.arraycopy(pathspec, 0, args, 3, pathspec.length);
        return new String(scenario.origin.work().gitDiff(args), StandardCharsets.UTF_8);
    }

    @Test
    void theLiveDiffsStatIsGitsWithBinarySizesLeftOut() {
        Proc.Result r = ok("1", "-R", "octo/demo", "--stat");
        String git = gitStat();
        assertTrue(git.contains(" Bin ") && git.contains(" bytes\n"), git);
        // An exact rename has no "Binary files" line in a text diff, so nothing tells that the file is binary.
        String expected = git.replaceAll("(?m) Bin \\d+ -> \\d+ bytes$", " Bin")
                .replaceAll("(?m)^( exact\\.bin => renamed/exact\\.bin +\\|) Bin$", "$1   0");
        assertEquals(expected, r.out());
        assertTrue(r.stderr().contains("warning: GitHub's diff does not carry the sizes of binary files"), r.stderr());
    }

    @Test
    void aFilteredStatIsGitsForTheSameFiles() {
        Proc.Result r = ok("1", "-R", "octo/demo", "--stat", "--include", "**/*.ts");
        assertEquals(gitStat(":(glob)**/*.ts"), r.out());
        assertTrue(r.stderr().contains("warning: filter applied"), r.stderr());
        assertEquals(gitStat("lib"), ok("1", "-R", "octo/demo", "--stat", "--file", "lib").out());
    }
}
