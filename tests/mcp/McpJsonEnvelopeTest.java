package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.DiffSections;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** get_diff with json: the CLI's --json envelope (same budgets), each shown section git's own. */
@Timeout(300)
@support.Parallel
class McpJsonEnvelopeTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static McpSession s;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
    }

    /** The envelope without what names the caller: time, follow-up commands or calls, notices worded per caller. */
    static JsonNode comparable(JsonNode envelope) {
        ObjectNode e = envelope.deepCopy();
        ((ObjectNode) e.get("metadata")).remove("time");
        e.remove("warnings");
        for (JsonNode c : e.at("/data/changes")) {
            ((ObjectNode) c).remove("fetch");
            String diff = c.path("diff").asText("");
            int note = diff.indexOf("\n# prdiff: ");
            if (note >= 0) {
                // The note names the follow-up as the caller would make it: a command line, or a tool call.
                ((ObjectNode) c).put("diff", diff.substring(0, note));
            }
        }
        return e;
    }

    JsonNode mcp(ObjectNode args) throws Exception {
        args.put("json", true);
        JsonNode result = s.callResult("get_diff", args);
        assertFalse(result.path("isError").asBoolean(), result.toString());
        return JSON.readTree(McpCalls.text(result));
    }

    @Test
    void envelopeIsTheClisWithTheToolsBudgets() throws Exception {
        JsonNode e = mcp(McpCalls.args("base", base, "head", head));
        Proc.Result cli = PrdiffCli.in(repo.dir(), base + "..." + head, "--json", "--max-bytes", "100000",
                "--no-binary", "--skip-generated");
        assertEquals(0, cli.exit(), cli.stderr());
        assertEquals(comparable(JSON.readTree(cli.stdout())), comparable(e));
        List<byte[]> git = DiffSections.sections(repo.gitDiff(base + "..." + head));
        JsonNode changes = e.at("/data/changes");
        assertEquals(git.size(), changes.size());
        int whole = 0;
        int binaries = 0;
        for (int i = 0; i < git.size(); i++) {
            JsonNode c = changes.get(i);
            // no_binary (on by default, --no-binary for the CLI) cuts exactly the patches git writes as binary.
            String section = new String(git.get(i), java.nio.charset.StandardCharsets.ISO_8859_1);
            boolean gitBinary = section.contains("\nGIT binary patch\n") || section.contains("\nBinary files ");
            if (gitBinary) {
                binaries++;
                assertTrue(c.get("truncated").asBoolean(), c.toString());
            }
            if (!c.get("truncated").asBoolean()) {
                assertArrayEquals(git.get(i), DiffSections.diffOf(c), c.get("path").asText());
                whole++;
            }
        }
        assertTrue(whole > 0);
        assertTrue(binaries > 0, "the fixture has binary changes");
        assertEquals("three-dot range " + base + "..." + head + " (from the merge base)",
                e.at("/data/range/how").asText());
        assertEquals(repo.text("merge-base", base, head).strip(), e.at("/data/range/merge_base").asText());
    }

    @Test
    void maxLinesTruncatesAsTheCliDoes() throws Exception {
        ObjectNode args = McpCalls.args("base", base, "head", head);
        args.put("max_lines", 3);
        JsonNode e = mcp(args);
        Proc.Result cli = PrdiffCli.in(repo.dir(), base + "..." + head, "--json", "--max-bytes", "100000",
                "--no-binary", "--skip-generated", "--max-lines", "3");
        assertEquals(comparable(JSON.readTree(cli.stdout())), comparable(e));
        boolean anyTruncated = false;
        for (JsonNode c : e.at("/data/changes")) {
            anyTruncated |= c.get("truncated").asBoolean();
        }
        assertTrue(anyTruncated, e.toString());
    }

    @Test
    void jsonDoesNotCombineWithStat() {
        ObjectNode args = McpCalls.args("base", base, "head", head);
        args.put("json", true);
        args.put("stat", true);
        JsonNode result = s.callResult("get_diff", args);
        assertTrue(result.path("isError").asBoolean(), result.toString());
        assertTrue(McpCalls.text(result).contains("INVALID_INPUT"), result.toString());
    }

    static JsonNode envelopeSchema() {
        support.OpenApiDocument doc = support.OpenApiDocument.load();
        return doc.resolve(doc.doc().at("/components/schemas/DiffEnvelope"));
    }

    /** openapi.yaml's DiffEnvelope describes what the tool and the CLI send, success, pages and failure alike. */
    @Test
    void envelopesValidateAgainstTheDeclaredSchema() throws Exception {
        JsonNode schema = envelopeSchema();
        assertTrue(schema.isObject() && schema.has("properties"), schema.toString());
        JsonNode whole = mcp(McpCalls.args("base", base, "head", head));
        assertEquals(List.of(), support.SchemaViolations.of(schema, whole));
        ObjectNode paged = McpCalls.args("base", base, "head", head);
        paged.put("top", 1);
        JsonNode page = mcp(paged);
        assertTrue(page.has("pagination"), page.toString());
        assertEquals(List.of(), support.SchemaViolations.of(schema, page));
        Proc.Result cli = PrdiffCli.in(repo.dir(), base + "..." + head, "--json");
        assertEquals(0, cli.exit(), cli.stderr());
        assertEquals(List.of(), support.SchemaViolations.of(schema, JSON.readTree(cli.stdout())));
        Proc.Result failed = PrdiffCli.in(repo.dir(), "no-such-revision...HEAD", "--json");
        assertTrue(failed.exit() != 0);
        JsonNode failure = JSON.readTree(failed.stdout());
        assertFalse(failure.get("success").asBoolean(), failure.toString());
        assertEquals(List.of(), support.SchemaViolations.of(schema, failure));
    }

    /** skip_generated (on by default over MCP) cuts a lock file's section but keeps its counts, as git counts them. */
    @Test
    void aGeneratedFileIsTruncatedWithItsCountsKept() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("README", "one\n");
            String first = r.commit("first");
            r.write("package-lock.json", "{\n  \"lockfileVersion\": 3\n}\n").write("README", "one\ntwo\n");
            String second = r.commit("second");
            try (McpSession m = McpSession.initialized(r.dir())) {
                ObjectNode args = McpCalls.args("base", first, "head", second);
                args.put("json", true);
                JsonNode result = m.callResult("get_diff", args);
                assertFalse(result.path("isError").asBoolean(), result.toString());
                JsonNode e = JSON.readTree(McpCalls.text(result));
                assertEquals(List.of(), support.SchemaViolations.of(envelopeSchema(), e));
                String[] numstat = r.text("diff", "--numstat", first + "..." + second, "--", "package-lock.json")
                        .strip().split("\t");
                JsonNode lock = null;
                for (JsonNode c : e.at("/data/changes")) {
                    if (c.get("path").asText().equals("package-lock.json")) {
                        lock = c;
                    } else {
                        assertFalse(c.get("truncated").asBoolean(), c.toString());
                    }
                }
                assertTrue(lock != null, e.toString());
                assertTrue(lock.get("truncated").asBoolean(), lock.toString());
                assertEquals(Long.parseLong(numstat[0]), lock.get("additions").asLong(), lock.toString());
                assertEquals(Long.parseLong(numstat[1]), lock.get("deletions").asLong(), lock.toString());
                assertTrue(lock.get("additions").asLong() > 0);
                assertEquals(List.of(), m.finish(McpSession.WAIT));
            }
        }
    }
}
