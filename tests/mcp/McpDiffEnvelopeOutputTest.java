package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.Fixtures;
import support.SchemaViolations;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * get_diff lists the DiffEnvelope as its outputSchema, so every success carries one as structuredContent: with json
 * the envelope of the text, without it the same envelope minus the section bodies, for stat and log the range's
 * files. Each is checked against the schema tools/list shows and against git's numstat of the same range.
 */
@Timeout(120)
@support.Parallel
class McpDiffEnvelopeOutputTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;
    static McpSession s;
    static JsonNode schema;

    @BeforeAll
    static void start() {
        String[] shas = Fixtures.everyShape(repo);
        range = shas[0] + "..." + shas[1];
        s = McpSession.initialized(repo.dir());
        for (JsonNode t : s.request("tools/list", null).at("/result/tools")) {
            if (t.get("name").asText().equals("get_diff")) {
                schema = t.get("outputSchema");
            }
        }
        assertTrue(schema != null && schema.isObject(), "get_diff lists no outputSchema");
        repo.checkout("feature");
    }

    @AfterAll
    static void stop() {
        if (s != null) {
            s.close();
        }
    }

    /** get_diff's arguments for the range, plus name/value pairs. */
    static ObjectNode args(Object... more) {
        ObjectNode a = McpCalls.args("base", range.substring(0, range.indexOf("...")),
                "head", range.substring(range.indexOf("...") + 3));
        for (int i = 0; i < more.length; i += 2) {
            a.set((String) more[i], Json.MAPPER.valueToTree(more[i + 1]));
        }
        return a;
    }

    /** The result's structuredContent, valid against the listed outputSchema. */
    static JsonNode envelope(JsonNode result) {
        assertFalse(result.path("isError").asBoolean(false), result.toString());
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), "no structuredContent: " + result);
        assertEquals(List.of(), SchemaViolations.of(schema, structured), structured.toString());
        assertTrue(structured.get("success").asBoolean(), structured.toString());
        return structured;
    }

    /** "path additions deletions" per change, as {@link McpToolsTest#numstat} writes git's (binary: 0 0). */
    static List<String> changes(JsonNode envelope) {
        List<String> out = new ArrayList<>();
        envelope.at("/data/changes").forEach(c -> out.add(c.get("path").asText() + " " + c.get("additions").asLong()
                + " " + c.get("deletions").asLong()));
        return out;
    }

    static void noBodies(JsonNode envelope) {
        envelope.at("/data/changes").forEach(c -> assertFalse(c.has("diff") || c.has("diff_base64"), c.toString()));
    }

    @Test
    void jsonIsTheEnvelopeAsTextAndAsStructuredContent() throws Exception {
        JsonNode result = s.callResult("get_diff", args("json", true));
        JsonNode text = Json.MAPPER.readTree(McpCalls.text(result));
        assertEquals(McpCalls.numstat(repo, range), changes(text));
        // The text holds the data once; structuredContent is the rest of the same envelope.
        ObjectNode bare = text.deepCopy();
        bare.remove("data");
        assertEquals(bare, envelope(result));
    }

    /** One run gives both: the text is the sections the json answer holds, and the envelope is that one bare. */
    @Test
    void diffTextCarriesTheSameEnvelopeWithoutBodies() throws Exception {
        JsonNode result = s.callResult("get_diff", args());
        JsonNode bare = envelope(result);
        noBodies(bare);
        assertEquals(McpCalls.numstat(repo, range), changes(bare));
        JsonNode full = Json.MAPPER.readTree(McpCalls.text(s.callResult("get_diff", args("json", true))));
        StringBuilder sections = new StringBuilder();
        full.at("/data/changes").forEach(c -> sections.append(c.path("diff").asText("")));
        assertEquals(sections.toString(), McpCalls.text(result));
        ObjectNode stripped = full.deepCopy();
        stripped.at("/data/changes").forEach(c -> ((ObjectNode) c).remove(List.of("diff", "diff_base64")));
        assertEquals(stripped.get("data"), bare.get("data"));
        assertEquals(full.get("warnings"), bare.get("warnings"));
        assertEquals(McpCalls.notices(result), Json.MAPPER.convertValue(bare.get("warnings"), List.class));
    }

    /** A page: its changes, and a summary of every selected file, as json's envelope says. */
    @Test
    void aPageCountsEveryFileInItsSummary() throws Exception {
        JsonNode bare = envelope(s.callResult("get_diff", args("top", 1)));
        assertEquals(1, bare.at("/data/changes").size());
        assertEquals(McpCalls.numstat(repo, range).size(), bare.at("/data/summary/files").asInt());
        assertEquals(bare.at("/data/summary"), Json.MAPPER.readTree(McpCalls.text(s.callResult("get_diff",
                args("top", 1, "json", true)))).at("/data/summary"));
    }

    @Test
    void statAndLogKeepTheirTextAndCarryTheRangesFiles() {
        JsonNode stat = s.callResult("get_diff", args("stat", true));
        assertEquals(McpCalls.git(repo, "--stat", range), McpCalls.text(stat));
        JsonNode log = s.callResult("get_diff", args("log", true));
        assertTrue(McpCalls.text(log).contains(repo.text("rev-parse", "--short", "feature").strip()),
                McpCalls.text(log));
        for (JsonNode result : List.of(stat, log)) {
            JsonNode envelope = envelope(result);
            noBodies(envelope);
            assertEquals(McpCalls.numstat(repo, range), changes(envelope));
            assertEquals(repo.text("rev-parse", "feature").strip(), envelope.at("/data/range/head").asText());
        }
    }

    /** Before 2025-06-18 there is no outputSchema, so no structuredContent either; the text is the same. */
    @Test
    void protocol20250326GetsTextAlone() {
        try (McpSession old = McpCalls.sessionIn(repo, "2025-03-26")) {
            for (ObjectNode a : List.of(args(), args("json", true), args("stat", true), args("log", true))) {
                JsonNode result = old.callResult("get_diff", a);
                assertFalse(result.path("isError").asBoolean(false), result.toString());
                assertFalse(result.has("structuredContent"), a + ": " + result);
                assertEquals(McpCalls.text(s.callResult("get_diff", a)).replaceAll("\"time\":\"[^\"]*\"", ""),
                        McpCalls.text(result).replaceAll("\"time\":\"[^\"]*\"", ""), a.toString());
            }
        }
    }
}
