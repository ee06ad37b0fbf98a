package git;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which repository answers is never a guess: a -C that is missing, a file or no repository is an error, and git's
 * own ownership and bare-repository checks apply with the user's safe.* settings, and nothing else of their config.
 */
@support.Parallel
class RepositoryTrustTest {
    static void assertNotARepository(Proc.Result r) {
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("prdiff: error [NOT_A_REPOSITORY]: "), r.stderr());
        assertEquals(0, r.stdout().length);
    }

    @Test
    void aMissingDirectoryOrAFileIsNotARepositoryNeverAnotherOne() throws Exception {
        Path file = TempDirs.file("prdiff-file-", ".txt");
        try {
            for (String dir : List.of("/nonexistent/prdiff-typo", file.toString(), file + "/sub")) {
                assertNotARepository(PrdiffCli.run("-C", dir, "--commit", "HEAD"));
                assertNotARepository(PrdiffCli.run("-C", dir, "HEAD~1...HEAD", "--files-only"));
            }
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void aPathIsUsedExactlyWithoutTrimming() {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n");
            r.commit("a");
            assertNotARepository(PrdiffCli.run("-C", r.dir() + " ", "--commit", "HEAD"));
            assertNotARepository(PrdiffCli.run("-C", " " + r.dir(), "--commit", "HEAD"));
        }
    }

    @Test
    void aBareRepositoryFoundByDiscoveryIsRefusedWhenTheUserSaysExplicit() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n");
            String first = r.commit("a");
            r.write("a.txt", "b\n");
            r.commit("b");
            Path bare = TempDirs.create("prdiff-bare-").resolve("nested.git");
            r.git("clone", "-q", "--bare", r.dir().toString(), bare.toString());
            Path home = TempDirs.create("prdiff-home-");
            Map<String, String> env = env(home);
            assertEquals(0, PrdiffCli.run(env, "-C", bare.toString(), first + "...HEAD").exit(), "works by default");
            Files.writeString(home.resolve(".gitconfig"), "[safe]\n\tbareRepository = explicit\n");
            Proc.Result git = Proc.run(List.of("git", "rev-parse", "HEAD"), bare, env, java.time.Duration.ofSeconds(30));
            assertTrue(git.exit() != 0, "git itself refuses, or this test proves nothing");
            Proc.Result refused = PrdiffCli.run(env, "-C", bare.toString(), first + "...HEAD");
            assertNotARepository(refused);
            assertTrue(refused.stderr().contains("safe.bareRepository"), refused.stderr());
        }
    }

    @Test
    void anotherUsersRepositoryWorksOnlyWhenMarkedSafeInTheUsersConfig() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root to give a repository away");
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n");
            String first = r.commit("a");
            r.write("a.txt", "b\n");
            r.commit("b");
            byte[] expected = r.gitDiff(first + "...HEAD");
            Proc.Result chown = Proc.run(List.of("chown", "-R", "nobody", r.dir().toString()), r.dir(),
                    Map.of("PATH", System.getenv("PATH")), java.time.Duration.ofSeconds(30));
            assertEquals(0, chown.exit(), chown.stderr());
            Path home = TempDirs.create("prdiff-home-");
            Map<String, String> env = env(home);
            Proc.Result refused = PrdiffCli.run(env, "-C", r.dir().toString(), first + "...HEAD");
            assertNotARepository(refused);
            assertTrue(refused.stderr().contains("git config --global --add safe.directory " + r.dir()), refused.stderr());

            // Marked in the repository's own config: that is no mark at all.
            Files.writeString(r.dir().resolve(".git/config"), "[safe]\n\tdirectory = *\n",
                    java.nio.file.StandardOpenOption.APPEND);
            assertNotARepository(PrdiffCli.run(env, "-C", r.dir().toString(), first + "...HEAD"));
            Files.writeString(home.resolve(".gitconfig"), "[safe]\n\tdirectory = " + r.dir() + "\n");
            Proc.Result trusted = PrdiffCli.run(env, "-C", r.dir().toString(), first + "...HEAD");
            assertEquals(0, trusted.exit(), trusted.stderr());
            assertArrayEquals(expected, trusted.stdout());
        }
    }

    static Map<String, String> env(Path home) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", home.toString());
        return env;
    }
}
