package e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.McpCalls;
import support.Fixtures;
import support.LoopbackFiles;
import support.Proc;
import support.RepoRoot;
import support.SharedBuild;
import support.TempRepo;
import support.TempDirs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Zero install: JBang runs prdiff straight from a URL, following //SOURCES to every lib file, exactly as
 * `jbang prdiff@OWNER/REPO` does from GitHub. What a push would publish (tracked files, and new ones not ignored)
 * is served on loopback.
 */
class RemoteLaunchTest {
    static final Path ROOT = RepoRoot.find();
    static LoopbackFiles files;
    static Path jbangDir;
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void serveTheRepository() {
        files = LoopbackFiles.publish(ROOT);
        jbangDir = TempDirs.create("prdiff-jbang-dir-");
        // JBang still fetches every source from the URL, and finds their jar already built.
        SharedBuild.seedJBangCache(jbangDir.resolve("cache"));
        Proc.Result trust = jbang("trust", "add", base());
        assertEquals(0, trust.exit(), trust.stderr());
        String[] shas = Fixtures.everyShape(repo);
        range = shas[0] + "..." + shas[1];
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    static String base() {
        return files.base();
    }

    static Proc.Result jbang(String... args) {
        return jbangWithInput(null, args);
    }

    static Proc.Result jbangWithInput(byte[] stdin, String... args) {
        List<String> argv = new ArrayList<>(List.of(ROOT.resolve("jbang").toString()));
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", System.getProperty("user.home"));
        env.put("JBANG_DIR", jbangDir.toString());
        Proc.Result r = Proc.attempt(argv, ROOT, env, stdin, Duration.ofMinutes(5));
        assertTrue(!r.timedOut(), "jbang " + String.join(" ", args) + " timed out");
        return r;
    }

    @Test
    void prdiffRunsFromAUrlWithAllItsSources() throws Exception {
        Proc.Result remote = jbang(base() + "prdiff.java", "-C", repo.dir().toString(), range, "--files-only");
        assertEquals(0, remote.exit(), remote.stderr());
        Proc.Result local = PrdiffCli.run("-C", repo.dir().toString(), range, "--files-only");
        assertArrayEquals(local.stdout(), remote.stdout());
        assertTrue(new ObjectMapper().readTree(remote.stdout()).get("files").size() > 10);
    }

    /** {@code prdiff@OWNER/REPO} is this, with GitHub's URL for the catalog. */
    static String alias(String name) {
        return name + "@" + base() + "jbang-catalog.json";
    }

    @Test
    void theCatalogAliasRunsPrdiff() throws Exception {
        var catalog = new ObjectMapper().readTree(ROOT.resolve("jbang-catalog.json").toFile());
        assertEquals("prdiff.java", catalog.at("/aliases/prdiff/script-ref").asText());
        assertEquals("mcp-shim.java", catalog.at("/aliases/prdiff-mcp/script-ref").asText());
        Proc.Result alias = jbang(alias("prdiff"), "-C", repo.dir().toString(), range);
        assertEquals(0, alias.exit(), alias.stderr());
        assertArrayEquals(repo.gitDiff(range), alias.stdout());
    }

    @Test
    void theMcpAliasStartsTheServerWithItsSchemaFile() throws Exception {
        String requests = """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":2,"method":"tools/list"}
                """;
        Proc.Result remote = jbangWithInput(requests.getBytes(StandardCharsets.UTF_8), alias("prdiff-mcp"));
        assertEquals(0, remote.exit(), remote.stderr());
        String[] lines = remote.out().split("\n");
        assertEquals(2, lines.length, remote.out());
        var mapper = new ObjectMapper();
        assertEquals("2025-06-18", mapper.readTree(lines[0]).at("/result/protocolVersion").asText());
        var names = new ArrayList<String>();
        mapper.readTree(lines[1]).at("/result/tools").forEach(t -> names.add(t.get("name").asText()));
        assertEquals(McpCalls.TOOLS, names);
    }
}
