package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.Fixtures;
import support.TempRepo;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.McpCalls.sessionIn;

/**
 * outputSchema and structuredContent exist from protocol 2025-06-18 on: a client that negotiated 2024-11-05 or
 * 2025-03-26 sees neither in tools/list or tools/call, and gets the same JSON as text.
 */
@Timeout(120)
@support.Parallel
class McpStructuredOutputVersionsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
    }

    static McpSession session(String version) {
        return sessionIn(repo, version);
    }

    /** The tools with an outputSchema, and whether get_changed_files's result carries structuredContent. */
    static void check(String version, boolean structured) {
        try (McpSession s = session(version)) {
            JsonNode tools = s.request("tools/list", null).at("/result/tools");
            int withSchema = 0;
            for (JsonNode t : tools) {
                withSchema += t.has("outputSchema") ? 1 : 0;
            }
            assertEquals(structured, withSchema > 0, version + ": " + tools);
            JsonNode result = s.callResult("get_changed_files", McpCalls.args("base", base, "head", head));
            assertFalse(result.path("isError").asBoolean(), result.toString());
            assertEquals(structured, result.has("structuredContent"), version + ": " + result);
            // Either way the same file list is the text, so older clients lose nothing.
            JsonNode text = dev.prdiff.core.Json.MAPPER.readTree(McpCalls.text(result));
            assertTrue(text.has("files"), text.toString());
            if (structured) {
                assertEquals(text, McpCalls.fileList(result), "structuredContent is the text's list without files");
            }
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void protocol20241105HasNoStructuredOutput() {
        check("2024-11-05", false);
    }

    @Test
    void protocol20250326HasNoStructuredOutput() {
        check("2025-03-26", false);
    }

    @Test
    void protocol20250618AndLaterHaveIt() {
        check("2025-06-18", true);
        check("2025-11-25", true);
    }
}
