package git;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.RenamePairsDisk;
import support.Fixtures;
import support.Proc;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In a bare repository git's discovery depends on the user's safe.* settings, which prdiff reads with git config.
 * The next process finds them kept on disk for the user and runs no git config; a changed config file is read
 * again (here it turns the repository away), and a config that includes other files is never kept. Separate
 * processes, as an agent's CLI calls are.
 */
@support.Parallel
class TrustSettingsDiskTest {
    @Test
    void theNextProcessInABareRepositoryReadsTheKeptTrustSettings() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            Path bare = TempDirs.create("trust-bare-").resolve("r.git");
            Proc.Result clone = Proc.run(List.of("git", "clone", "-q", "--bare", r.dir().toString(), bare.toString()),
                    r.dir(), System.getenv(), Duration.ofSeconds(60));
            assertEquals(0, clone.exit(), clone.stderr());
            byte[] expected = r.gitDiff(range, "--", "a.txt");

            RecordingGit git = RecordingGit.create();
            Path home = TempDirs.create("trust-home-");
            Path cache = TempDirs.create("trust-xdg-cache-");
            Map<String, String> env = new HashMap<>(git.env());
            for (String k : List.of("PRDIFF_CACHE_DIR", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
                    "GIT_CONFIG_NOSYSTEM")) {
                env.remove(k);
            }
            env.put("HOME", home.toString());
            env.put("XDG_CACHE_HOME", cache.toString());
            Path gitconfig = home.resolve(".gitconfig");
            Files.writeString(gitconfig, "[safe]\n\tbareRepository = all\n");

            assertArrayEquals(expected, RenamePairsDisk.prdiff(env, bare, range, "--file", "a.txt"));
            assertEquals(1, git.callsWith("config").size(), git.calls().toString());
            RenamePairsDisk.onlyPrivateFile(cache.resolve("prdiff/trust-settings"));

            git.clear();
            assertArrayEquals(expected, RenamePairsDisk.prdiff(env, bare, range, "--file", "a.txt"));
            assertEquals(List.of(), git.callsWith("config"), "the kept settings serve the next process");

            // A changed config file is read again: safe.bareRepository=explicit turns the repository away.
            Files.writeString(gitconfig, "[safe]\n\tbareRepository = explicit\n");
            git.clear();
            Path out = Files.createTempFile(TempDirs.create("trust-out-"), "stdout-", ".diff");
            Proc.Result refused = PrdiffCli.spawnInto(out, env, bare, range, "--file", "a.txt");
            assertEquals(1, refused.exit(), refused.stderr());
            assertTrue(refused.stderr().contains("[NOT_A_REPOSITORY]"), refused.stderr());
            assertEquals(1, git.callsWith("config").size(), git.calls().toString());

            // An included file is not in the key, so such settings are read by every process.
            Files.writeString(gitconfig, "[include]\n\tpath = trust.inc\n");
            Files.writeString(home.resolve("trust.inc"), "[safe]\n\tbareRepository = all\n");
            git.clear();
            assertArrayEquals(expected, RenamePairsDisk.prdiff(env, bare, range, "--file", "a.txt"));
            assertArrayEquals(expected, RenamePairsDisk.prdiff(env, bare, range, "--file", "a.txt"));
            assertEquals(2, git.callsWith("config").size(), git.calls().toString());
        }
    }
}
