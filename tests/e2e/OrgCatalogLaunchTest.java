package e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpCalls;
import support.Fixtures;
import support.LoopbackFiles;
import support.Proc;
import support.RepoRoot;
import support.SharedBuild;
import support.TempDirs;
import support.TempRepo;
import support.Wrapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.Catalogs.RAW;
import static support.Catalogs.readmeCatalog;

/**
 * {@code jbang prdiff@ORG} reads the catalog of the organization's jbang-catalog repository, another place than
 * prdiff's own. The README's catalog for it is served on one loopback server, this repository's files on another,
 * and both aliases run through the pinned JBang: each script's //SOURCES and //FILES must be fetched from the
 * scripts' server, never from the catalog's (which has no lib/ and no openapi.yaml). The negative controls run the
 * same scripts from where a resolution against the catalog would look, and fail there.
 */
class OrgCatalogLaunchTest {
    static final Path ROOT = RepoRoot.find();
    static LoopbackFiles scripts;
    static LoopbackFiles catalog;
    static LoopbackFiles beside;
    static LoopbackFiles noOpenApi;
    static Map<String, String> env;
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void serve() throws IOException {
        scripts = LoopbackFiles.publish(ROOT);
        catalog = LoopbackFiles.serve(Map.of("jbang-catalog.json",
                readmeCatalog().replace(RAW, scripts.base()).getBytes(StandardCharsets.UTF_8)));
        // Negative control: the scripts beside a catalog whose script-ref is relative to it, and no lib/ there.
        String relative = "{\"aliases\":{\"prdiff\":{\"script-ref\":\"prdiff.java\"}}}";
        beside = LoopbackFiles.serve(Map.of("jbang-catalog.json", relative.getBytes(StandardCharsets.UTF_8),
                "prdiff.java", read("prdiff.java"), "mcp-shim.java", read("mcp-shim.java")));
        // This repository without openapi.yaml, with its own catalog (script-refs relative to it).
        noOpenApi = LoopbackFiles.publishExcept(ROOT, Set.of("openapi.yaml"));
        Path jbangDir = TempDirs.create("prdiff-org-catalog-jbang-");
        // JBang still fetches every source from the scripts' URL (asked() below), and finds their jar already built.
        SharedBuild.seedJBangCache(jbangDir.resolve("cache"));
        env = Wrapper.env(jbangDir);
        // One JBang run trusts all four (a JBang start is most of a launch's time).
        Proc.Result trust = jbang(null, "trust", "add", scripts.base(), catalog.base(), beside.base(), noOpenApi.base());
        assertEquals(0, trust.exit(), trust.stderr());
        String[] shas = Fixtures.everyShape(repo);
        range = shas[0] + "..." + shas[1];
    }

    @AfterAll
    static void stop() {
        for (LoopbackFiles server : new LoopbackFiles[] {scripts, catalog, beside, noOpenApi}) {
            if (server != null) {
                server.close();
            }
        }
    }

    static byte[] read(String path) {
        try {
            return Files.readAllBytes(ROOT.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Proc.Result jbang(byte[] stdin, String... args) {
        return Wrapper.jbang(ROOT, List.of(args), env, stdin);
    }

    static String alias(String name, LoopbackFiles server) {
        return name + "@" + server.base() + "jbang-catalog.json";
    }

    /** The lib files prdiff.java's //SOURCES lib/Sources.java names, as paths from the top of the repository. */
    static Set<String> libSources() throws IOException {
        Set<String> sources = new TreeSet<>(Set.of("lib/Sources.java"));
        for (String line : Files.readAllLines(ROOT.resolve("lib/Sources.java"))) {
            if (line.startsWith("//SOURCES ")) {
                sources.add("lib/" + line.substring("//SOURCES ".length()).strip());
            }
        }
        return sources;
    }

    @Test
    void bothAliasesRunWithTheirSourcesAndFilesFromTheScriptsUrl() throws Exception {
        Proc.Result prdiff = jbang(null, alias("prdiff", catalog), "-C", repo.dir().toString(), range);
        assertEquals(0, prdiff.exit(), prdiff.stderr());
        assertArrayEquals(repo.gitDiff(range), prdiff.stdout());

        String requests = """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":2,"method":"tools/list"}
                """;
        Proc.Result mcp = jbang(requests.getBytes(StandardCharsets.UTF_8), alias("prdiff-mcp", catalog));
        assertEquals(0, mcp.exit(), mcp.stderr());
        String[] lines = mcp.out().split("\n");
        assertEquals(2, lines.length, mcp.out());
        List<String> names = new ArrayList<>();
        new ObjectMapper().readTree(lines[1]).at("/result/tools").forEach(t -> names.add(t.get("name").asText()));
        assertEquals(McpCalls.TOOLS, names, "the tools come from openapi.yaml, which //FILES fetched");

        Set<String> fromScripts = scripts.asked();
        for (String wanted : libSources()) {
            assertTrue(fromScripts.contains(wanted), wanted + " was not fetched from the scripts' URL: " + fromScripts);
        }
        assertTrue(fromScripts.containsAll(Set.of("prdiff.java", "mcp-shim.java", "openapi.yaml")), fromScripts.toString());
        assertEquals(Set.of("jbang-catalog.json"), catalog.asked(), "only the catalog is read from the catalog's URL");
    }

    /** Resolved against the catalog's URL, //SOURCES lib/Sources.java is not there: the run fails, naming it. */
    @Test
    void aScriptBesideTheCatalogFindsNoSources() {
        Proc.Result run = jbang(null, alias("prdiff", beside), "--version");
        assertNotEquals(0, run.exit(), run.describe());
        assertTrue(run.stderr().contains(beside.base() + "lib/Sources.java"), run.stderr());
        assertTrue(beside.asked().contains("lib/Sources.java"), beside.asked().toString());
    }

    /** Resolved against a URL without openapi.yaml, //FILES openapi.yaml fails the MCP server's build, naming it. */
    @Test
    void aServerWhoseFilesAreMissingDoesNotStart() {
        Proc.Result missing = jbang(new byte[0], alias("prdiff-mcp", noOpenApi));
        assertNotEquals(0, missing.exit(), missing.describe());
        assertTrue(missing.stderr().contains(noOpenApi.base() + "openapi.yaml"), missing.stderr());
    }
}
