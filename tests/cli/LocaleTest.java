package cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.McpShimProcess;
import support.NeutralGit;
import support.Proc;
import support.RepoRoot;
import support.TempDirs;
import support.TempRepo;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.Locales.cLocale;

/**
 * Arguments are exact in any locale: whole processes started under LANG=C LC_ALL=C (where JDK 17 decodes the
 * command line and file names as ASCII) select a non-ASCII file, open a repository in a non-ASCII directory and
 * resolve a non-ASCII branch, byte-identical to git: through ./jbang, through a bare java (the relaunch in a
 * UTF-8 locale), and the MCP server with such a repo_path.
 */
@Timeout(300)
class LocaleTest {
    static final String FILE = "héllo wörld.txt";
    static Path parent;
    static Path repo;

    @BeforeAll
    static void fixture() throws Exception {
        parent = TempDirs.create("prdiff-locale-");
        repo = Files.createDirectory(parent.resolve("ü-repo"));
        git("init", "-q", "-b", "main");
        Files.writeString(repo.resolve("a.txt"), "a\n");
        git("add", "-A");
        git("commit", "-q", "-m", "base");
        git("checkout", "-q", "-b", "fëat");
        Files.writeString(repo.resolve(FILE), "hi\n");
        Files.writeString(repo.resolve("other.txt"), "other\n");
        git("add", "-A");
        git("commit", "-q", "-m", "non-ASCII name");
    }

    @AfterAll
    static void cleanup() throws Exception {
        TempRepo.deleteTree(parent);
    }

    static byte[] git(String... args) {
        Map<String, String> env = NeutralGit.env();
        env.putAll(Map.of("GIT_AUTHOR_NAME", "A", "GIT_AUTHOR_EMAIL", "a@example.com", "GIT_COMMITTER_NAME", "C",
                "GIT_COMMITTER_EMAIL", "c@example.com", "GIT_AUTHOR_DATE", "1700000000 +0000",
                "GIT_COMMITTER_DATE", "1700000000 +0000"));
        Proc.Result r = Proc.run(NeutralGit.argv(args), repo, env, Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    static void assertExact(Proc.Result r, byte[] expected) {
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(expected.length > 0);
        assertArrayEquals(expected, r.stdout(), r.stderr());
    }

    @Test
    void aBareJavaInTheCLocaleSeesTheBytesTyped() {
        byte[] expected = git(NeutralGit.diff("main...fëat", "--", FILE));
        assertExact(PrdiffCli.spawn(cLocale(), parent, "-C", repo.toString(), "main...fëat", "--file", FILE), expected);
        // The working directory is the non-ASCII one, and no argument is.
        assertExact(PrdiffCli.spawn(cLocale(), repo, "main...HEAD", "--file", "other.txt"),
                git(NeutralGit.diff("main...HEAD", "--", "other.txt")));
        JsonNode list = json(PrdiffCli.spawn(cLocale(), parent, "-C", repo.toString(), "main...fëat", "--files-only")
                .stdout());
        assertEquals(FILE, list.get("files").get(0).get("path").asText(), list.toString());
        // Where it cannot run again in a UTF-8 locale, it says so instead of selecting nothing with exit 0.
        Map<String, String> noRelaunch = cLocale();
        noRelaunch.put("PRDIFF_UTF8_RELAUNCHED", "1");
        Proc.Result refused = PrdiffCli.spawn(noRelaunch, parent, "-C", repo.toString(), "main...fëat", "--file", FILE);
        assertEquals(1, refused.exit(), refused.stderr());
        assertEquals(0, refused.stdout().length);
        assertTrue(refused.stderr().startsWith("prdiff: error [INVALID_INPUT]: "), refused.stderr());
        assertTrue(refused.stderr().contains("LC_ALL=C.UTF-8"), refused.stderr());
    }

    @Test
    void theJbangLauncherInTheCLocaleSeesTheBytesTyped() {
        Path root = RepoRoot.find();
        List<String> command = List.of(root.resolve("jbang").toString(), root.resolve("prdiff.java").toString(),
                "-C", repo.toString(), "main...fëat", "--file", FILE);
        assertExact(Proc.run(command, parent, cLocale(), Duration.ofMinutes(4)),
                git(NeutralGit.diff("main...fëat", "--", FILE)));
    }

    @Test
    void theMcpServerInTheCLocaleOpensANonAsciiRepoPath() throws Exception {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dfile.encoding=UTF-8", "-cp", System.getProperty("java.class.path"), "McpShim"));
        ProcessBuilder pb = new ProcessBuilder(argv).directory(parent.toFile());
        pb.environment().clear();
        pb.environment().putAll(cLocale());
        Process p = pb.start();
        ObjectNode args = Json.MAPPER.createObjectNode().put("repo_path", repo.toString()).put("base", "main")
                .put("head", "fëat").put("path", FILE);
        try (OutputStream in = p.getOutputStream()) {
            McpShimProcess.send(in, "initialize", 1, McpSession.initializeParams("2025-06-18"));
            ObjectNode call = Json.MAPPER.createObjectNode().put("name", "get_diff");
            call.set("arguments", args);
            McpShimProcess.send(in, "tools/call", 2, call);
        }
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, lines.size(), lines + "\n" + stderr);
        JsonNode result = json(lines.get(1).getBytes(StandardCharsets.UTF_8)).get("result");
        assertEquals(new String(git(NeutralGit.diff("main...fëat", "--", FILE)), StandardCharsets.UTF_8),
                McpCalls.text(result), stderr);
    }

    static JsonNode json(byte[] bytes) {
        try {
            return Json.MAPPER.readTree(bytes);
        } catch (Exception e) {
            throw new AssertionError(new String(bytes, StandardCharsets.UTF_8), e);
        }
    }
}
