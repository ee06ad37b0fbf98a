package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.NeutralGit;
import support.TempRepo;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every MCP answer is bounded as a whole, measured as the JSON-RPC line the client reads: on a range of 20,000 added
 * files, get_diff with max_bytes 512 once sent 496 bytes of text beside megabytes of structuredContent, and
 * get_changed_files without top sent every file in one line. Now structuredContent and _meta hold at most what the
 * text may (4 KiB at the least), and a file list longer than its max_bytes (default 100,000) is a page of it whose
 * next_skip leads to the rest.
 */
@Timeout(120)
@support.Parallel
class McpAnswerBoundTest {
    static final int FILES = 20_000;
    /** The server's limit on one answer in this test: 1 MiB, so that 20,000 files are several pages. */
    static final int ANSWER_LIMIT = 1 << 20;
    /** JSON-RPC's frame around a result: jsonrpc, id, and the keys of content and _meta. */
    static final int FRAME = 512;

    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static List<String> names;

    @BeforeAll
    static void fixture() throws Exception {
        repo.write("seed.txt", "seed\n");
        base = repo.commit("base");
        String blob = repo.text("hash-object", "-w", "seed.txt").strip();
        // 20,000 added files in one commit through git's plumbing, in about a second.
        Process index = new ProcessBuilder(NeutralGit.argv("update-index", "--index-info"))
                .directory(repo.dir().toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream in = new java.io.BufferedOutputStream(index.getOutputStream(), 1 << 16)) {
            for (int i = 0; i < FILES; i++) {
                in.write(("100644 " + blob + "\tsrc/part-" + (i % 50) + "/added-file-" + i + ".txt\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        assertEquals(0, index.waitFor());
        String tree = repo.text("write-tree").strip();
        head = repo.text("commit-tree", tree, "-p", base, "-m", "wide").strip();
        names = List.of(repo.text("diff", "--name-only", "--no-renames", base + "..." + head).split("\n"));
        assertEquals(FILES, names.size());
    }

    static McpSession session() {
        return McpSession.initialized(McpSession.config(repo.dir()).withLimits(4 << 20, ANSWER_LIMIT));
    }

    static ObjectNode range() {
        return JsonNodeFactory.instance.objectNode().put("base", base).put("head", head);
    }

    /** The response as the line it came in: the server writes compact JSON, as Json.write does. */
    static int lineBytes(JsonNode response) {
        return Json.write(response).getBytes(StandardCharsets.UTF_8).length;
    }

    /** The line without its text block (written as a JSON string), which max_bytes bounds on its own. */
    static int besideText(JsonNode response) {
        JsonNode text = response.at("/result/content/0/text");
        return lineBytes(response) - (text.isMissingNode() ? 0 : lineBytes(text));
    }

    @Test
    void aDiffWithMaxBytesIsBoundedAsAWhole() {
        try (McpSession s = session()) {
            JsonNode r = s.call("get_diff", range().put("max_bytes", 512));
            JsonNode result = r.get("result");
            String text = result.get("content").get(0).get("text").asText();
            assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= 512, text);
            assertTrue(besideText(r) <= 4096 + FRAME, besideText(r) + " bytes beside the text");
            JsonNode envelope = result.get("structuredContent");
            assertEquals(FILES, envelope.at("/data/summary/files").asInt(), envelope.toString());
            // Its changes are the files the text shows: none fits 512 bytes beside the table's first line.
            assertEquals(0, envelope.at("/data/changes").size(), envelope.toString());

            JsonNode json = s.call("get_diff", range().put("max_bytes", 512).put("json", true));
            assertTrue(lineBytes(json) <= 4096 + FRAME, lineBytes(json) + " bytes");
            ObjectNode asText = (ObjectNode) Json.MAPPER.readTree(json.at("/result/content/0/text").asText());
            assertEquals(FILES, asText.at("/data/summary/files").asInt(), asText.toString());
            asText.remove("data");
            assertEquals(json.at("/result/structuredContent"), asText, "the text holds the data once");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aDiffWithoutMaxBytesIsBoundedByTheDefault() {
        try (McpSession s = session()) {
            JsonNode r = s.call("get_diff", range());
            assertTrue(r.at("/result/content/0/text").asText().length() <= 100_000);
            assertTrue(besideText(r) <= 100_000 + FRAME, besideText(r) + " bytes beside the text");
        }
    }

    @Test
    void aLongFileListIsPagedWithinTheAnswerLimitAndNextSkipLeadsThroughIt() {
        try (McpSession s = session()) {
            List<String> seen = new ArrayList<>();
            Integer skip = null;
            int pages = 0;
            do {
                ObjectNode args = range();
                if (skip != null) {
                    args.put("skip", skip);
                }
                JsonNode r = s.call("get_changed_files", args);
                assertTrue(lineBytes(r) <= ANSWER_LIMIT + FRAME, lineBytes(r) + " bytes");
                JsonNode list = support.McpCalls.fileList(r.get("result"));
                list.get("files").forEach(f -> seen.add(f.get("path").asText()));
                JsonNode page = list.get("pagination");
                assertEquals(FILES, page.get("total").asInt(), page.toString());
                assertEquals(list.get("files").size(), page.get("showing").asInt());
                skip = page.has("next_skip") ? page.get("next_skip").asInt() : null;
                assertEquals(skip != null, page.get("has_more").asBoolean());
                pages++;
            } while (skip != null);
            assertTrue(pages >= 3, pages + " pages");
            assertEquals(names, seen);

            JsonNode topped = s.call("get_changed_files", range().put("skip", 1000).put("top", 15_000))
                    .at("/result/structuredContent/pagination");
            // max_bytes, not the server's limit, bounds a page.
            JsonNode small = s.call("get_changed_files", range().put("max_bytes", 20_000));
            assertTrue(lineBytes(small) <= 20_000 + FRAME, lineBytes(small) + " bytes");
            assertTrue(topped.get("showing").asInt() < 15_000, topped.toString());
            assertEquals(1000 + topped.get("showing").asInt(), topped.get("next_skip").asInt());
            assertFalse(s.call("get_changed_files", range().put("top", 10)).at("/result/structuredContent/pagination")
                    .isMissingNode());
        }
    }
}
