package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.McpShimProcess;
import support.HangingRepo;
import support.Fixtures;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the MCP server reads: each line must be UTF-8 (-32700 otherwise, even where Jackson would decode it),
 * JSON-RPC batches where the negotiated version has them (2025-03-26), and the end of input while calls run:
 * every call still running is answered before the server stops.
 */
@support.MostlyWaits
@Timeout(60)
class McpInputTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() {
        Fixtures.twoCommits(repo);
    }

    static byte[] line(String before, byte[] bad, String after) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        b.writeBytes(bad);
        b.writeBytes((after + "\n").getBytes(StandardCharsets.UTF_8));
        return b.toByteArray();
    }

    @Test
    void invalidUtf8AnywhereInALineIsAParseError() {
        byte[][] invalid = {
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},  // an encoded surrogate, which Jackson read as "\uD800"
            {(byte) 0xC0, (byte) 0xAF},               // an overlong "/"
            {(byte) 0xC3},                            // a truncated sequence
            {(byte) 0xFF},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},  // past U+10FFFF
        };
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (byte[] bad : invalid) {
                s.sendRaw(line("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"x\":\"", bad, "\"}}"));
                JsonNode r = s.next(McpSession.WAIT);
                McpCalls.assertError(-32700, r, null);
                assertTrue(r.get("error").get("message").asText().contains("UTF-8"), r.toString());
            }
            // Valid UTF-8 beyond ASCII, and an escaped surrogate pair, are fine.
            s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"params\":{\"x\":\"héllo 😀 \\ud83d\\ude00\"}}");
            assertEquals(McpCalls.obj(), s.next(McpSession.WAIT).get("result"));
            McpCalls.assertStillServing(s);
        }
    }

    static McpSession initialized(String version) {
        McpSession s = McpSession.start(repo.dir());
        assertTrue(s.request("initialize", McpSession.initializeParams(version)).has("result"));
        s.notify("notifications/initialized", null);
        return s;
    }

    @Test
    void aBatchIsAnsweredWithOneArrayUnder2025_03_26() {
        try (McpSession s = initialized("2025-03-26")) {
            String call = "{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"tools/call\",\"params\":{\"name\":\"get_commit_diff\","
                    + "\"arguments\":{\"hash\":\"HEAD\"}}}";
            s.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}},"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}," + call + ",1,"
                    + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"no/such\"}]");
            JsonNode answer = s.next(McpSession.WAIT);
            assertTrue(answer.isArray(), answer.toString());
            assertEquals(5, answer.size(), answer.toString());
            Map<String, JsonNode> byId = new HashMap<>();
            answer.forEach(r -> byId.put(r.get("id").toString(), r));
            assertEquals(McpCalls.obj(), byId.get("1").get("result"));
            assertEquals(McpCalls.TOOLS.size(), byId.get("2").get("result").get("tools").size());
            assertEquals(new String(repo.gitDiff("HEAD^1", "HEAD"), StandardCharsets.UTF_8),
                    McpCalls.text(byId.get("\"c\"").get("result")));
            McpCalls.assertError(-32600, byId.get("null"), null);
            McpCalls.assertError(-32601, byId.get("3"), 3);

            // JSON-RPC 2.0: an empty array is one -32600, not an array; a batch of notifications gets nothing.
            s.sendLine("[]");
            McpCalls.assertError(-32600, s.next(McpSession.WAIT), null);
            s.sendLine("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}]");
            s.expectSilence(Duration.ofMillis(300));
            McpCalls.assertStillServing(s);
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    @Test
    void otherVersionsStillRefuseArrays() {
        for (String version : List.of("2024-11-05", "2025-06-18", "2025-11-25")) {
            try (McpSession s = initialized(version)) {
                s.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
                JsonNode r = s.next(McpSession.WAIT);
                assertTrue(r.isObject(), r.toString());
                McpCalls.assertError(-32600, r, null);
                McpCalls.assertStillServing(s);
            }
        }
        try (McpSession s = McpSession.start(repo.dir())) {
            s.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
            McpCalls.assertError(-32600, s.next(McpSession.WAIT), null);
        }
    }

    @Test
    void callsRunningPastTheGraceAfterEndOfInputAreStillAnswered() throws Exception {
        try (HangingRepo hang = HangingRepo.create()) {
            McpServer.Config config = McpSession.config(hang.repo.dir()).withPool(1, 4)
                    .withShutdownGrace(Duration.ofMillis(500));
            McpSession s = McpSession.initialized(config);
            ObjectNode noArgs = Json.MAPPER.createObjectNode();
            JsonNode running = s.sendRequest(1, "tools/call", Json.MAPPER.createObjectNode().put("name", "get_diff")
                    .set("arguments", noArgs));
            JsonNode queued = s.sendRequest(2, "tools/call", Json.MAPPER.createObjectNode().put("name", "get_diff")
                    .set("arguments", noArgs));
            List<ProcessHandle> tree = hang.awaitGit();
            List<JsonNode> answers = s.finish(Duration.ofSeconds(20));
            assertEquals(2, answers.size(), answers.toString());
            JsonNode first = answers.stream().filter(a -> McpSession.sameId(running, a.get("id"))).findFirst().orElseThrow();
            McpCalls.toolError(first.get("result"), "CANCELLED");
            JsonNode second = answers.stream().filter(a -> McpSession.sameId(queued, a.get("id"))).findFirst().orElseThrow();
            McpCalls.assertError(-32000, second, 2);
            HangingRepo.assertAllExit(tree);
        }
    }

    /** The process itself: the answer to a call running when stdin closes is written before it exits. */
    @Test
    void theProcessAnswersACallRunningWhenStdinClosesBeforeExiting() throws Exception {
        try (HangingRepo hang = HangingRepo.create()) {
            Process p = McpShimProcess.shim("-C", hang.repo.dir().toString(), "--timeout", "2");
            OutputStream in = p.getOutputStream();
            McpShimProcess.send(in, "initialize", 1, McpSession.initializeParams("2025-11-25"));
            McpShimProcess.send(in, "tools/call", 2, McpCalls.toolCall("get_diff", "{}"));
            hang.awaitGit();
            in.close();
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
            assertEquals(2, lines.size(), lines.toString());
            JsonNode answer = McpCalls.json(lines.get(1));
            assertEquals(2, answer.get("id").asInt());
            McpCalls.toolError(answer.get("result"), "TIMEOUT");
            assertFalse(p.isAlive());
        }
    }
}
