package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BigRange;
import support.McpCalls;
import support.McpSession;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * max_bytes bounds the whole tools/call result of the diff tools as the server sends it: the text (with JSON's
 * escapes), structuredContent and _meta, under every protocol version the server speaks, on a range of hundreds of
 * files far over budget. structuredContent never repeats the text: no section bodies and no calls beside a diff
 * text; beside a JSON text (json true), only the envelope's success, page, warnings and metadata.
 */
@support.Parallel
class McpWholeAnswerBudgetTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        base = BigRange.build(repo, 320);
        head = repo.text("rev-parse", "HEAD").trim();
    }

    static long bytes(JsonNode result) {
        return Json.write(result).getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void everyAnswerIsWithinItsBudgetUnderEveryProtocolVersion() {
        long diffBytes = repo.gitDiff(base + "..." + head).length;
        assertTrue(diffBytes > 1_000_000, diffBytes + " bytes: far over every budget");
        for (String version : McpServer.HANDSHAKE_VERSIONS) {
            boolean structured = !Set.of("2024-11-05", "2025-03-26").contains(version);
            try (McpSession s = McpSession.start(McpSession.config(repo.dir()))) {
                assertTrue(s.request("initialize", McpSession.initializeParams(version)).has("result"));
                s.notify("notifications/initialized", null);
                for (Long budget : new Long[] {null, 4000L, 20_000L, 100_000L}) {
                    long max = budget == null ? 100_000 : budget;
                    String where = version + ", max_bytes " + budget;
                    ObjectNode diff = args("base", base, "head", head);
                    ObjectNode commit = args("hash", head);
                    if (budget != null) {
                        diff.put("max_bytes", budget);
                        commit.put("max_bytes", budget);
                    }
                    JsonNode text = s.callResult("get_diff", diff);
                    assertFalse(text.path("isError").asBoolean(false), text.toString());
                    assertTrue(bytes(text) <= max, where + ": get_diff answered " + bytes(text) + " bytes");
                    assertTrue(McpCalls.text(text).startsWith("# prdiff: "), where);
                    assertEquals(structured, text.has("structuredContent"), where);
                    if (structured) {
                        JsonNode envelope = text.get("structuredContent");
                        assertTrue(envelope.path("success").asBoolean(), where);
                        for (JsonNode change : envelope.at("/data/changes")) {
                            assertFalse(change.has("diff") || change.has("diff_base64") || change.has("fetch"),
                                    where + ": " + change);
                        }
                    }

                    ObjectNode asJson = diff.deepCopy().put("json", true);
                    JsonNode json = s.callResult("get_diff", asJson);
                    assertTrue(bytes(json) <= max, where + ": get_diff json answered " + bytes(json) + " bytes");
                    JsonNode envelope = parse(McpCalls.text(json));
                    assertTrue(envelope.path("success").asBoolean(), where + ": " + envelope);
                    assertTrue(max < 20_000 || envelope.at("/data/changes").size() > 0, where);
                    assertEquals(structured, json.has("structuredContent"), where);
                    if (structured) {
                        assertFalse(json.get("structuredContent").has("data"), where + ": the text holds the data");
                    }

                    JsonNode one = s.callResult("get_commit_diff", commit);
                    assertFalse(one.path("isError").asBoolean(false), one.toString());
                    assertTrue(bytes(one) <= max, where + ": get_commit_diff answered " + bytes(one) + " bytes");
                }
            }
        }
    }

    /**
     * Far over its budget an answer uses most of it, and not for its table alone: with json the listing once cut
     * at about half the budget (53% of 100,000 bytes), and at 20,000 bytes the table of 430 files left one section.
     */
    @Test
    void farOverItsBudgetAnAnswerFillsItWithSectionsAndTheirList() throws Exception {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (long max : new long[] {5000, 20_000, 100_000}) {
                ObjectNode diff = args("base", base, "head", head);
                diff.put("max_bytes", max);
                JsonNode text = s.callResult("get_diff", diff);
                String where = "max_bytes " + max;
                assertTrue(bytes(text) <= max && bytes(text) >= max * 85 / 100, where + ": " + bytes(text) + " bytes");
                long sections = McpCalls.text(text).lines().filter(l -> l.startsWith("diff --git ")).count();
                assertTrue(sections >= 3, where + ": " + sections + " sections shown");

                JsonNode json = s.callResult("get_diff", diff.deepCopy().put("json", true));
                assertTrue(bytes(json) <= max && bytes(json) >= max * 85 / 100, where + " json: " + bytes(json));
                long shown = 0;
                for (JsonNode change : parse(McpCalls.text(json)).at("/data/changes")) {
                    shown += change.has("diff") ? 1 : 0;
                }
                assertTrue(shown >= 3, where + " json: " + shown + " sections shown");
                assertTrue(parse(McpCalls.text(json)).get("warnings").toString().contains("; the next files: get_diff "),
                        where + " json: the call that continues is kept");
            }
        }
    }

    /** A range that fits: the text is git's diff, and the envelope lists every file, bodies left to the text. */
    @Test
    void aRangeWithinItsBudgetIsWholeAndItsEnvelopeListsEveryFile() {
        String small = repo.text("rev-parse", "HEAD~1").trim();
        try (McpSession s = McpSession.initialized(repo.dir())) {
            JsonNode result = s.callResult("get_diff", args("base", small, "head", head));
            assertEquals(new String(repo.gitDiff(small + "..." + head), StandardCharsets.UTF_8),
                    McpCalls.text(result));
            assertEquals(BigRange.SMALL_FILES, result.at("/structuredContent/data/changes").size(), result.toString());
        }
    }

    static JsonNode parse(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    static ObjectNode args(String... keyValues) {
        return McpCalls.args(keyValues);
    }
}
