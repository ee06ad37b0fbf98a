package git;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Fixtures;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The hermetic guard: outputs that name commits are captured, then the checkout, work tree, index, repository
 * config, attributes, environment and user config are all poisoned, and the outputs must not change by a byte.
 */
@support.Parallel
class HermeticGuardTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static TempRepo decoy;
    static Path poisonedHome;
    static String base;
    static String head;
    static final Map<String, byte[]> baseline = new LinkedHashMap<>();

    static List<String[]> commands() {
        return List.of(
                new String[] {base + "..." + head},
                new String[] {base + ".." + head},
                new String[] {"--commit", head},
                new String[] {base + "..." + head, "--files-only"},
                new String[] {base + "..." + head, "--file", "src/app.ts,elsewhere/plain renamed.txt"},
                new String[] {"--commit", head, "--file", "lib/a/index.ts"});
    }

    @BeforeAll
    static void captureThenPoison() throws IOException {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        Map<String, String> clean = Map.of("PATH", System.getenv("PATH"), "HOME", repo.dir().toString());
        for (String[] args : commands()) {
            baseline.put(String.join(" ", args), run(clean, args).stdout());
        }
        // The baseline is git's own neutral output, checked before anything is poisoned.
        assertArrayEquals(repo.gitDiff(base + "..." + head), baseline.get(base + "..." + head));
        assertArrayEquals(repo.gitDiff(head + "^1", head), baseline.get("--commit " + head));
        decoy = TempRepo.init();
        decoy.write("src/app.ts", "decoy\n");
        decoy.commit("decoy");
        poisonWorkTree();
        poisonedHome = TempDirs.create("prdiff-poisoned-home-");
        String poisonedConfig = "[diff]\n\tnoprefix = true\n\tmnemonicPrefix = true\n\texternal = /bin/false\n"
                + "\trelative = true\n\tcontext = 0\n\talgorithm = patience\n[color]\n\tui = always\n"
                + "[core]\n\tquotePath = false\n\tabbrev = 12\n";
        Files.writeString(poisonedHome.resolve(".gitconfig"), poisonedConfig);
        Files.createDirectories(poisonedHome.resolve(".config/git"));
        Files.writeString(poisonedHome.resolve(".config/git/config"), poisonedConfig);
    }

    /** Another branch checked out, garbage over the same paths, some of it staged, hostile local config. */
    static void poisonWorkTree() {
        repo.checkout("main");
        for (String path : List.of("src/app.ts", "lib/a/index.ts", "elsewhere/plain renamed.txt", "bin.dat")) {
            repo.write(path, "garbage that must never be diffed\n");
        }
        repo.git("add", "src/app.ts", "elsewhere/plain renamed.txt");
        repo.write(".gitattributes", "* -diff\n*.ts diff=evil\n");
        repo.git("config", "diff.noprefix", "true");
        repo.git("config", "diff.mnemonicPrefix", "true");
        repo.git("config", "diff.external", "/bin/false");
        repo.git("config", "diff.evil.textconv", "rev");
        repo.git("config", "diff.evil.xfuncname", "^(.*)$");
        repo.git("config", "color.ui", "always");
        repo.git("config", "core.quotePath", "false");
        repo.git("config", "diff.renames", "false");
        repo.git("config", "diff.context", "1");
    }

    static Map<String, String> poisonedEnv() throws IOException {
        Path fakeIndex = TempDirs.file("prdiff-fake-index-", "");
        Files.writeString(fakeIndex, "not an index");
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", poisonedHome.toString());
        env.put("XDG_CONFIG_HOME", poisonedHome.resolve(".config").toString());
        env.put("GIT_DIR", decoy.dir().resolve(".git").toString());
        env.put("GIT_WORK_TREE", decoy.dir().toString());
        env.put("GIT_INDEX_FILE", fakeIndex.toString());
        env.put("GIT_OBJECT_DIRECTORY", decoy.dir().resolve(".git/objects").toString());
        env.put("GIT_EXTERNAL_DIFF", "/bin/false");
        env.put("GIT_DIFF_OPTS", "--unified=0");
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("GIT_CONFIG_KEY_0", "diff.noprefix");
        env.put("GIT_CONFIG_VALUE_0", "true");
        env.put("GIT_CONFIG_PARAMETERS", "'color.ui'='always'");
        env.put("GIT_PAGER", "rev");
        env.put("PAGER", "rev");
        return env;
    }

    static Proc.Result run(Map<String, String> env, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "-C";
        all[1] = repo.dir().toString();
        System.arraycopy(args, 0, all, 2, args.length);
        Proc.Result r = PrdiffCli.spawn(env, repo.dir(), all);
        assertEquals(0, r.exit(), r.stderr());
        return r;
    }

    @AfterAll
    static void cleanup() {
        decoy.close();
    }

    @Test
    void everyCommitNamingOutputIsByteIdenticalAfterPoisoning() throws IOException {
        Map<String, String> env = poisonedEnv();
        for (String[] args : commands()) {
            byte[] expected = baseline.get(String.join(" ", args));
            assertArrayEquals(expected, run(env, args).stdout(), String.join(" ", args));
        }
    }

    @Test
    void thePoisonIsRealForAPlainGitDiff() throws IOException {
        Map<String, String> env = poisonedEnv();
        env.remove("GIT_DIR");
        env.remove("GIT_WORK_TREE");
        env.remove("GIT_INDEX_FILE");
        env.remove("GIT_OBJECT_DIRECTORY");
        Proc.Result plain = Proc.run(List.of("git", "diff", base + "..." + head), repo.dir(), env, Duration.ofSeconds(60));
        assertFalse(java.util.Arrays.equals(baseline.get(base + "..." + head), plain.stdout()),
                "a plain git diff should be changed by the poisoned config, or this guard proves nothing");
    }
}
