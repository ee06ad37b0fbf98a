package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BigRange;
import support.McpCalls;
import support.McpSession;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * get_changed_files sends its list once: the text is the FileList JSON and structuredContent the same without its
 * files (420 files once took 72,239 bytes, the list twice). A list over max_bytes (default 100,000) is a page whose
 * whole result is within it, with a second text block naming the next skip; walking the pages lists every file as
 * git's numstat does.
 */
class McpChangedFilesBudgetTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        base = BigRange.build(repo, 420);
        head = repo.text("rev-parse", "HEAD").trim();
    }

    static long bytes(JsonNode n) {
        return Json.write(n).getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void theListIsSentOnce() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            JsonNode result = s.callResult("get_changed_files", McpCalls.args("base", base, "head", head));
            JsonNode list = McpCalls.fileList(result);
            long text = bytes(result.at("/content/0/text"));
            assertTrue(bytes(result) < text + 2000, bytes(result) + " bytes in all, " + text + " of them the text");
            assertEquals(McpCalls.numstat(repo, base + "..." + head), McpCalls.listed(list));
        }
    }

    @Test
    void pagesWithinMaxBytesLeadThroughTheWholeList() {
        List<String> all = McpCalls.numstat(repo, base + "..." + head);
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (long max : new long[] {2000, 5000, 20_000}) {
                List<String> walked = new ArrayList<>();
                int skip = 0;
                int pages = 0;
                while (true) {
                    ObjectNode args = McpCalls.args("base", base, "head", head);
                    args.put("max_bytes", max).put("skip", skip);
                    JsonNode result = s.callResult("get_changed_files", args);
                    assertTrue(bytes(result) <= max, max + ": " + bytes(result) + " bytes");
                    JsonNode list = McpCalls.fileList(result);
                    walked.addAll(McpCalls.listed(list));
                    JsonNode p = list.get("pagination");
                    pages++;
                    if (!p.get("has_more").asBoolean()) {
                        assertEquals(1, result.get("content").size(), result.toString());
                        break;
                    }
                    assertEquals("# prdiff: files " + (skip + 1) + " to " + p.get("next_skip").asInt() + " of "
                            + all.size() + " shown (max_bytes " + max + "); next page: the same call with skip "
                            + p.get("next_skip").asInt() + "\n", result.at("/content/1/text").asText());
                    skip = p.get("next_skip").asInt();
                }
                assertTrue(pages > 1, max + ": " + pages + " pages");
                assertEquals(all, walked, "max_bytes " + max);
            }
        }
    }
}
