package app;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.DiffSections;
import support.NeutralGit;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With no TARGET prdiff picks the range a reviewer would: the upstream or the remote's default branch (never a
 * stale local one), from the merge base, uncommitted changes included; each expectation is git's own diff.
 */
@support.Parallel
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

    /**
     * Settings in the repository's config that shape diff output, each away from git's default. The work-tree modes
     * run git in the checkout, where these apply, so prdiff overrides each (GitEnvironment.DIFF_CONFIG). ORDER
     * stands for an order file. diff.srcPrefix and diff.dstPrefix are read from git 2.45 on only.
     */
    static final List<String> OUTPUT_SETTINGS = List.of("core.quotePath=false", "core.abbrev=12", "diff.noprefix=true",
            "diff.mnemonicPrefix=true", "diff.relative=true", "diff.renames=false", "diff.algorithm=patience",
            "diff.indentHeuristic=false", "diff.context=1", "diff.interHunkContext=10", "diff.suppressBlankEmpty=true",
            "diff.orderFile=ORDER", "diff.submodule=log", "diff.ignoreSubmodules=all", "diff.external=/bin/false",
            "color.ui=always", "color.diff=always", "diff.srcPrefix=x/", "diff.dstPrefix=y/");
    static final List<String> SINCE_GIT_2_45 = List.of("diff.srcPrefix=x/", "diff.dstPrefix=y/");
    static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);
    static final String KEPT = "keep 1\nkeep 2\nkeep 3\nkeep 4\nkeep 5\nkeep 6\n";

    static final String FROBNITZ = lines("#include <stdio.h>", "", "// Frobs foo heartily", "int frobnitz(int foo)", "{",
            "    int i;", "    for(i = 0; i < 10; i++)", "    {", "        printf(\"Your answer is: \");",
            "        printf(\"%d\\n\", foo);", "    }", "}", "", "int fact(int n)", "{", "    if(n > 1)", "    {",
            "        return fact(n-1) * n;", "    }", "    return 1;", "}", "", "int main(int argc, char **argv)", "{",
            "    frobnitz(fact(10));", "}");
    /** FROBNITZ rewritten: myers and patience (or histogram) pair its lines differently. */
    static final String FIB = lines("#include <stdio.h>", "", "int fib(int n)", "{", "    if(n > 2)", "    {",
            "        return fib(n-1) + fib(n-2);", "    }", "    return 1;", "}", "", "// Frobs foo heartily",
            "int frobnitz(int foo)", "{", "    int i;", "    for(i = 0; i < 10; i++)", "    {",
            "        printf(\"%d\\n\", foo);", "    }", "}", "", "int main(int argc, char **argv)", "{", "    frobnitz(fib(10));", "}");

    static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /**
     * A branch whose diff every setting of {@link #OUTPUT_SETTINGS} changes (a rename into sub/, a non-ASCII name, a
     * gitlink, two hunks 15 lines apart, a blank context line, lines the algorithms and the indent heuristic place
     * differently), then a modified file in the work tree, a staged file and an untracked one.
     */
    static TempRepo shapedByEverySetting() {
        TempRepo r = TempRepo.init();
        StringBuilder spaced = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            spaced.append(i == 8 ? "" : "line " + i).append('\n');
        }
        r.write("spaced.txt", spaced.toString()).write("algo.c", FROBNITZ).write("caf\u00e9.txt", "one\n")
                .write("indent.c", "}\nf()\n{\n\n{\n  x();\n  x();\n  x();\n").write("sub/code.c", "int f;\n")
                .write("moved-from.txt", KEPT);
        String first = r.commit("base");
        // dep is a gitlink whose folder stays empty: a submodule not checked out, which no work-tree diff changes.
        r.write("dep/.keep", "").delete("dep/.keep");
        r.git("update-index", "--add", "--cacheinfo", "160000," + first + ",dep");
        r.git("commit", "-q", "-m", "a gitlink");
        String main = r.text("rev-parse", "HEAD").trim();
        r.checkout("-b", "feature");
        r.write("spaced.txt", spaced.toString().replace("line 5\n", "line five\n").replace("line 20\n", "line twenty\n"))
                .write("algo.c", FIB).write("caf\u00e9.txt", "two\n")
                .write("indent.c", "}\nf()\n{\n\n{\n  x();\n{\n  x();\n  x();\n  x();\n")
                .move("moved-from.txt", "sub/moved-to.txt").write("sub/moved-to.txt", KEPT + "keep 7\n");
        r.git("add", "-A", "--", ":!dep");
        r.git("update-index", "--cacheinfo", "160000," + main + ",dep");
        r.git("commit", "-q", "-m", "feature");
        r.write("sub/code.c", "int f = 1;\n").write("staged.txt", "staged\n").write("untracked.txt", "untracked\n");
        r.git("add", "staged.txt");
        return r;
    }

    /** A work-tree mode: prdiff's arguments, git diff's, and the untracked files git is first told it will add. */
    record Mode(String name, List<String> prdiff, List<String> git, List<String> intentToAdd) {}

    static final List<Mode> MODES = List.of(new Mode("dirty tree", List.of(), List.of(), List.of()),
            new Mode("--cached", List.of("--cached"), List.of("--cached"), List.of()),
            new Mode("--untracked", List.of("--untracked"), List.of(), List.of("untracked.txt")));

    /** git's own diff from the merge base, run in {@code dir} with no config and an empty HOME, on a copy of the index. */
    static byte[] plainGit(TempRepo r, Path dir, Mode mode) throws Exception {
        Map<String, String> env = NeutralGit.env();
        Path index = TempDirs.file("prdiff-index-", "");
        try {
            Files.copy(r.dir().resolve(".git/index"), index, StandardCopyOption.REPLACE_EXISTING);
            env.put("GIT_INDEX_FILE", index.toString());
            if (!mode.intentToAdd().isEmpty()) {
                List<String> add = new ArrayList<>(List.of("add", "--intent-to-add", "--"));
                add.addAll(mode.intentToAdd());
                assertEquals(0, Proc.run(NeutralGit.argv(add.toArray(String[]::new)), r.dir(), env, GIT_TIMEOUT).exit());
            }
            List<String> diff = new ArrayList<>(List.of("diff"));
            diff.addAll(mode.git());
            diff.add(r.text("merge-base", "main", "HEAD").trim());
            Proc.Result git = Proc.run(NeutralGit.argv(diff.toArray(String[]::new)), dir, env, GIT_TIMEOUT);
            return git.stdout();
        } finally {
            Files.deleteIfExists(index);
        }
    }

    /**
     * The oracle is git with an empty config on the same index and work tree; then each setting, set alone in the
     * repository's config, must change plain git's output (else it proves nothing) and leave prdiff's as it was.
     */
    @Test
    void theRepositorysOutputSettingsNeverShapeTheWorkTreeModes() throws Exception {
        try (TempRepo r = shapedByEverySetting()) {
            Path sub = r.dir().resolve("sub"); // diff.relative acts only below the top level
            Path order = r.dir().resolve(".git/order");
            Files.writeString(order, "sub/code.c\nspaced.txt\n");
            Map<Mode, byte[]> oracle = new HashMap<>();
            for (Mode mode : MODES) {
                oracle.put(mode, plainGit(r, r.dir(), mode));
                Proc.Result clean = PrdiffCli.ok(sub, mode.prdiff().toArray(String[]::new));
                assertArrayEquals(oracle.get(mode), clean.stdout(), mode.name() + " under a clean config");
            }
            assertTrue(new String(oracle.get(MODES.get(2)), StandardCharsets.UTF_8).contains("+untracked"));
            List<String> failures = new ArrayList<>();
            for (String setting : OUTPUT_SETTINGS) {
                String[] kv = setting.replace("ORDER", order.toString()).split("=", 2);
                r.git("config", kv[0], kv[1]);
                boolean bites = false;
                for (Mode mode : MODES) {
                    // One mode where plain git changes is proof enough that the setting bites.
                    bites = bites || !Arrays.equals(oracle.get(mode), plainGit(r, sub, mode));
                    Proc.Result res = PrdiffCli.in(sub, mode.prdiff().toArray(String[]::new));
                    if (res.exit() != 0 || !Arrays.equals(oracle.get(mode), res.stdout())) {
                        failures.add(setting + " changed the " + mode.name() + " (exit " + res.exit() + "): "
                                + DiffSections.firstDifference(oracle.get(mode), res.stdout()));
                    }
                }
                if (!bites && !SINCE_GIT_2_45.contains(setting)) {
                    failures.add(setting + " does not change plain git's output here, so it proves nothing");
                }
                r.git("config", "--unset", kv[0]);
            }
            assertTrue(failures.isEmpty(), String.join("\n", failures));
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
