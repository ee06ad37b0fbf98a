package git;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.Proc;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Finding the repository, resolving a range's revisions and its merge bases take one git process; the user's trust
 * settings (safe.directory, safe.bareRepository) are read only when git refuses the strictest ones, and then decide.
 */
@support.Parallel
class DiscoveryTest {
    /** Which git subcommands ran, in order (the word after git's own options). */
    static List<String> commands(RecordingGit git) {
        return git.calls().stream().map(call -> call.stream()
                .filter(a -> !a.startsWith("-") && !a.contains("=")).findFirst().orElse("")).toList();
    }

    static TempRepo forked() {
        TempRepo r = TempRepo.init();
        r.write("a.txt", "a\n").write("b.txt", "b\n");
        r.commit("base");
        r.checkout("-q", "-b", "feature");
        r.write("a.txt", "a, on feature\n");
        r.commit("feature");
        r.checkout("-q", "main");
        r.write("b.txt", "b, on main\n");
        r.commit("main moves on");
        return r;
    }

    @Test
    void aRangeOfAWorkTreeIsOneRevParseThenTheDiff() {
        try (TempRepo r = forked()) {
            RecordingGit git = RecordingGit.create();
            byte[] out = PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "main...feature", "--file", "a.txt").stdout();
            assertArrayEquals(r.gitDiff("main...feature", "--", "a.txt"), out);
            assertEquals(List.of("rev-parse", "diff"), commands(git), git.calls().toString());
            git.clear();
            out = PrdiffCli.ok(git.env(), "-C", r.dir().resolve(".git/..").toString(), "main..feature").stdout();
            assertArrayEquals(r.gitDiff("main..feature"), out);
            // A whole diff of commits that is not empty asks nothing more: only an empty one reads the two trees,
            // to say why it is empty.
            assertEquals(List.of("rev-parse", "diff"), commands(git), git.calls().toString());
            git.clear();
            out = PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "feature..feature").stdout();
            assertEquals(0, out.length);
            assertEquals(List.of("rev-parse", "diff", "rev-parse"), commands(git), git.calls().toString());
            // A revision alone is REV...HEAD, resolved with the repository all the same.
            git.clear();
            out = PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "feature", "--file", "b.txt").stdout();
            assertArrayEquals(r.gitDiff("feature...HEAD", "--", "b.txt"), out);
            assertTrue(out.length > 0);
            assertEquals(List.of("rev-parse", "diff"), commands(git), git.calls().toString());
        }
    }

    @Test
    void severalMergeBasesAreGitsInGitsOrder() {
        try (TempRepo r = TempRepo.init()) {
            r.write("f.txt", "base\n");
            r.commit("base");
            r.checkout("-q", "-b", "x");
            r.write("x.txt", "x\n");
            String x1 = r.commit("x1");
            r.checkout("-q", "main");
            r.write("y.txt", "y\n");
            String y1 = r.commit("y1");
            r.git("merge", "-q", "--no-ff", "-m", "y2", "x");
            r.checkout("-q", "x");
            r.git("merge", "-q", "--no-ff", "-m", "x2", y1);
            List<String> bases = r.text("merge-base", "--all", "main", "x").lines().toList();
            assertEquals(2, bases.size(), "a criss-cross has two merge bases: " + bases);
            assertTrue(bases.containsAll(List.of(x1, y1)));

            RecordingGit git = RecordingGit.create();
            Proc.Result result = PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "main...x", "--files-only");
            assertEquals(List.of("rev-parse"), commands(git).subList(0, 1), git.calls().toString());
            assertTrue(commands(git).stream().noneMatch("merge-base"::equals), git.calls().toString());
            String json = result.out();
            assertTrue(json.contains("\"merge_base_sha\":\"" + bases.get(0) + "\""), json);
            assertTrue(result.stderr().contains("git uses " + bases.get(0) + " (others: " + bases.get(1) + ")"),
                    result.stderr());
            assertArrayEquals(r.gitDiff("main...x"), PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "main...x")
                    .stdout());
        }
    }

    @Test
    void aBareRepositoryIsOpenedUnderTheUsersSettingsStraightAway() throws Exception {
        try (TempRepo r = forked()) {
            Path bare = TempDirs.create("prdiff-bare-").resolve("r.git");
            r.git("clone", "-q", "--bare", r.dir().toString(), bare.toString());
            RecordingGit git = RecordingGit.create();
            Map<String, String> env = withHome(git.env(), TempDirs.create("prdiff-home-"));
            byte[] out = PrdiffCli.ok(env, "-C", bare.toString(), "main...feature").stdout();
            assertArrayEquals(r.gitDiff("main...feature"), out);
            assertEquals(List.of("config", "rev-parse", "diff"), commands(git), git.calls().toString());
        }
    }

    /**
     * From a folder inside a bare repository, discovery finds it: the strictest settings refuse, and then the
     * user's decide, both ways.
     */
    @Test
    void fromInsideABareRepositoryTheUsersSettingsDecide() throws Exception {
        try (TempRepo r = forked()) {
            Path bare = TempDirs.create("prdiff-bare-").resolve("r.git");
            r.git("clone", "-q", "--bare", r.dir().toString(), bare.toString());
            Path home = TempDirs.create("prdiff-home-");
            RecordingGit git = RecordingGit.create();
            Map<String, String> env = withHome(git.env(), home);
            String inside = bare.resolve("refs").toString();
            byte[] out = PrdiffCli.ok(env, "-C", inside, "main...feature").stdout();
            assertArrayEquals(r.gitDiff("main...feature"), out);
            assertEquals(List.of("rev-parse", "config", "rev-parse", "diff"), commands(git),
                    git.calls().toString());

            Files.writeString(home.resolve(".gitconfig"), "[safe]\n\tbareRepository = explicit\n");
            Proc.Result refused = PrdiffCli.run(env, "-C", inside, "main...feature");
            assertNotEquals(0, refused.exit());
            assertTrue(refused.stderr().contains("NOT_A_REPOSITORY") && refused.stderr().contains("safe.bareRepository"),
                    refused.stderr());
            assertNotEquals(0, PrdiffCli.run(env, "-C", bare.toString(), "main...feature").exit(),
                    "the bare repository's own folder is refused too under explicit");
        }
    }

    @Test
    void insideTheGitDirectoryOfAWorkTree() {
        try (TempRepo r = forked()) {
            byte[] out = PrdiffCli.ok(Map.of("PATH", System.getenv("PATH"), "HOME", TempDirs.create("prdiff-home-")
                    .toString()), "-C", r.dir().resolve(".git").toString(), "main...feature").stdout();
            assertArrayEquals(r.gitDiff("main...feature"), out);
            assertTrue(out.length > 0);
        }
    }

    static Map<String, String> withHome(Map<String, String> env, Path home) {
        Map<String, String> copy = new HashMap<>(env);
        copy.put("HOME", home.toString());
        copy.remove("XDG_CONFIG_HOME");
        copy.remove("GIT_CONFIG_GLOBAL");
        return copy;
    }
}
