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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.McpSession;
import support.McpCalls;
import support.HangingRepo;
import support.Fixtures;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.McpCalls.json;
import static support.McpCalls.obj;
import static support.McpCalls.assertError;
import static support.McpCalls.assertInvalidInput;
import static support.McpCalls.assertStillServing;
import static support.McpCalls.modernParams;
import static support.McpCalls.toolCall;

/**
 * The JSON-RPC and MCP lifecycle rules over piped streams: version negotiation, every error code, what happens
 * before initialize, notifications, malformed and oversized lines, and the stateless 2026-07-28 era. The server
 * must keep serving after every error, so most tests end with a ping.
 */
@support.MostlyWaits
@Timeout(30)
class McpProtocolTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() {
        Fixtures.oneCommit(repo);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"})
    void initializeAnswersTheClientsVersionWhenSupported(String version) {
        try (McpSession s = McpSession.start(repo.dir())) {
            JsonNode r = s.request("initialize", McpSession.initializeParams(version)).get("result");
            assertEquals(version, r.get("protocolVersion").asText());
            assertEquals(json("{\"tools\":{\"listChanged\":false}}"), r.get("capabilities"));
            assertEquals("prdiff", r.get("serverInfo").get("name").asText());
            assertTrue(r.get("serverInfo").get("version").isTextual());
            assertTrue(r.get("instructions").isTextual());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2099-01-01", "1999-12-31", "2026-07-28", "latest", ""})
    void initializeAnswersTheNewestHandshakeVersionOtherwise(String version) {
        try (McpSession s = McpSession.start(repo.dir())) {
            JsonNode r = s.request("initialize", McpSession.initializeParams(version)).get("result");
            assertEquals(McpServer.HANDSHAKE_VERSIONS.get(0), r.get("protocolVersion").asText());
            assertEquals("2025-11-25", McpServer.HANDSHAKE_VERSIONS.get(0));
        }
    }

    @Test
    void initializeWithoutAVersionIsInvalidParamsAndASecondInitializeIsRefused() {
        try (McpSession s = McpSession.start(repo.dir())) {
            assertError(-32602, s.request("initialize", obj()), 1001);
            ObjectNode numeric = McpSession.initializeParams("x");
            numeric.put("protocolVersion", 20250618);
            assertError(-32602, s.request("initialize", numeric), 1002);
            assertTrue(s.request("initialize", McpSession.initializeParams("2025-03-26")).has("result"));
            assertError(-32600, s.request("initialize", McpSession.initializeParams("2025-03-26")), 1004);
            assertStillServing(s);
        }
    }

    @Test
    void requestsBeforeInitializeAreRefusedButPingWorks() {
        try (McpSession s = McpSession.start(repo.dir())) {
            assertError(-32600, s.request("tools/list", null), 1001);
            ObjectNode call = obj().put("name", "get_diff");
            call.putObject("arguments");
            assertError(-32600, s.request("tools/call", call), 1002);
            assertError(-32600, s.request("no/such/method", null), 1003);
            assertStillServing(s);
            assertTrue(s.request("initialize", McpSession.initializeParams("2025-06-18")).has("result"));
            assertEquals(McpCalls.TOOLS.size(), s.request("tools/list", null).get("result").get("tools").size());
        }
    }

    @Test
    void unknownMethodIsMethodNotFound() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            assertError(-32601, s.request("resources/list", null), 1002);
            assertError(-32601, s.request("prompts/list", null), 1003);
            assertError(-32601, s.request("logging/setLevel", obj().put("level", "info")), 1004);
            assertStillServing(s);
        }
    }

    /** Each line gets exactly one error response, with id null when no usable id could be read. */
    @Test
    void malformedLinesAreParseErrorsOrInvalidRequests() {
        String[][] cases = {
            {"{bad json", "-32700", null},
            {"{\"jsonrpc\":\"2.0\",\"id\":7,\"meth", "-32700", null},
            {"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"} trailing", "-32700", null},
            {"\u00ff\u00fe not utf-8 either", "-32700", null},
            {"[]", "-32600", null},
            {"[{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}]", "-32600", null},
            {"42", "-32600", null},
            {"\"ping\"", "-32600", null},
            {"null", "-32600", null},
            {"{}", "-32600", null},
            {"{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", "-32600", null},
            {"{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", "-32600", null},
            {"{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", "-32600", null},
            {"{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}", "-32600", null},
            {"{\"jsonrpc\":\"1.0\",\"id\":9,\"method\":\"ping\"}", "-32600", "9"},
            {"{\"jsonrpc\":2.0,\"id\":10,\"method\":\"ping\"}", "-32600", "10"},
            {"{\"id\":11,\"method\":\"ping\"}", "-32600", "11"},
            {"{\"jsonrpc\":\"2.0\",\"id\":12}", "-32600", "12"},
            {"{\"jsonrpc\":\"2.0\",\"id\":\"s13\",\"method\":5}", "-32600", "\"s13\""},
            {"{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"ping\",\"params\":\"x\"}", "-32600", "14"},
            {"{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"ping\",\"params\":[1]}", "-32602", "15"},
        };
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (String[] c : cases) {
                byte[] bytes = c[0].startsWith("\u00ff")
                        ? new byte[] {(byte) 0xff, (byte) 0xfe, 'x', '\n'}
                        : (c[0] + "\n").getBytes(StandardCharsets.UTF_8);
                s.sendRaw(bytes);
                JsonNode r = s.next(McpSession.WAIT);
                assertError(Integer.parseInt(c[1]), r, c[2] == null ? null : json(c[2]));
            }
            assertStillServing(s);
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    /** One trigger for each JSON-RPC error code, each followed by a ping that must still be answered. */
    @Test
    void everyJsonRpcErrorCodeLeavesTheServerServing() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"");
            assertError(-32700, s.next(McpSession.WAIT), null);
            assertStillServing(s);
            s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":2}");
            assertError(-32600, s.next(McpSession.WAIT), 2);
            assertStillServing(s);
            assertError(-32601, s.request("completion/complete", obj()), 1004);
            assertStillServing(s);
            assertError(-32602, s.request("tools/call", obj().put("name", "no_such_tool")), 1006);
            assertStillServing(s);
            ObjectNode future = modernParams();
            ((ObjectNode) future.get("_meta")).put("io.modelcontextprotocol/protocolVersion", "2099-01-01");
            assertError(-32022, s.request("tools/list", future), 1008);
            assertStillServing(s);
        }
    }

    @Test
    void blankLinesAndCrlfAreTolerated() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            s.sendRaw("\n   \n\r\n{\"jsonrpc\":\"2.0\",\"id\":\"crlf\",\"method\":\"ping\"}\r\n".getBytes(StandardCharsets.UTF_8));
            JsonNode r = s.next(McpSession.WAIT);
            assertEquals("crlf", r.get("id").asText());
            assertEquals(obj(), r.get("result"));
        }
    }

    @Test
    void aMessageOverTheSizeCapIsRefusedAndTheNextLineIsReadNormally() {
        McpServer.Config small = McpServer.Config.defaults().withDefaultDir(repo.dir()).withPool(2, 4)
                .withLimits(1024, 1 << 20);
        try (McpSession s = McpSession.start(small)) {
            s.request("initialize", McpSession.initializeParams("2025-06-18"));
            String big = "{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(5000) + "\"}}";
            s.sendLine(big);
            assertError(-32600, s.next(McpSession.WAIT), null);
            assertStillServing(s);
        }
    }

    @Test
    void aTruncatedLastLineAtEndOfInputIsAParseError() {
        McpSession s = McpSession.initialized(repo.dir());
        s.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"pi".getBytes(StandardCharsets.UTF_8));
        List<JsonNode> rest = s.finish(McpSession.WAIT);
        assertEquals(1, rest.size(), rest.toString());
        assertError(-32700, rest.get(0), null);
    }

    @Test
    void notificationsAreNeverAnswered() {
        McpSession s = McpSession.initialized(repo.dir());
        s.notify("notifications/initialized", null);
        s.notify("notifications/progress", obj().put("progressToken", 1).put("progress", 1));
        s.notify("notifications/cancelled", obj().put("requestId", 424242));
        s.notify("notifications/cancelled", null);
        s.notify("no/such/notification", obj());
        s.notify("ping", null);
        s.notify("tools/call", obj().put("name", "nope"));
        s.sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":[1,2]}");
        s.sendLine("{\"jsonrpc\":\"1.0\",\"method\":\"notifications/x\"}");
        s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":77,\"result\":{}}");
        s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":78,\"error\":{\"code\":1,\"message\":\"x\"}}");
        JsonNode id = s.sendRequest("last", "ping", null);
        JsonNode only = s.next(McpSession.WAIT);
        assertEquals(id, only.get("id"));
        assertEquals(List.of(), s.finish(McpSession.WAIT));
    }

    /**
     * What fails CallToolRequest itself (no tool name, a tool that does not exist, arguments that are not an object)
     * is a protocol error, -32602, as the MCP specification (2025-11-25) keeps it.
     */
    @Test
    void toolCallProtocolErrorsAreInvalidParams() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            List<JsonNode> bad = new ArrayList<>();
            bad.add(obj().put("name", "no_such_tool"));
            bad.add(obj());
            bad.add(obj().put("name", 5));
            bad.add(toolCall("get_changed_files", "[]"));
            bad.add(toolCall("get_changed_files", "\"x\""));
            bad.add(toolCall("get_diff", "5"));
            for (JsonNode params : bad) {
                JsonNode r = s.request("tools/call", params);
                assertTrue(r.has("error"), params + " -> " + r);
                assertEquals(-32602, r.get("error").get("code").asInt(), params + " -> " + r);
            }
            assertStillServing(s);
        }
    }

    /**
     * Arguments that fail the tool's input schema are a tool execution error the model can read and correct:
     * a result with isError true and the ToolError body, INVALID_INPUT (MCP 2025-11-25), never a protocol error.
     */
    @Test
    void invalidArgumentsAreIsErrorResultsWithInvalidInput() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            List<JsonNode> bad = new ArrayList<>();
            bad.add(toolCall("get_pull_request_diff", "{}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":\"5\"}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":0}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":1.5}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":5,\"files_only\":\"yes\"}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":5,\"file\":[\"a\"]}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":5,\"sha\":\"not-a-sha\"}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":5,\"repo\":\"no-slash\"}"));
            bad.add(toolCall("get_pull_request_diff", "{\"pr_number\":5,\"extra\":1}"));
            bad.add(toolCall("get_diff", "{\"base\":5}"));
            bad.add(toolCall("get_diff", "{\"head\":\"main\"}"));
            bad.add(toolCall("get_diff", "{\"base\":\"\"}"));
            bad.add(toolCall("get_diff", "{\"path\":null}"));
            bad.add(toolCall("get_commit_diff", "{}"));
            bad.add(toolCall("get_commit_diff", "{\"hash\":\"HEAD\",\"repo_path\":7}"));
            for (JsonNode params : bad) {
                JsonNode r = s.request("tools/call", params);
                assertInvalidInput(r, r.get("id").asInt());
            }
            assertStillServing(s);
        }
    }

    @Test
    void unknownToolAndInvalidArgumentsNameTheProblem() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            JsonNode unknown = s.request("tools/call", obj().put("name", "get_pr_diff"));
            assertTrue(unknown.get("error").get("message").asText().contains("get_pr_diff"), unknown.toString());
            JsonNode wrong = assertInvalidInput(s.request("tools/call",
                    toolCall("get_pull_request_diff", "{\"pr_number\":\"5\"}")), 1003);
            assertTrue(wrong.get("message").asText().contains("pr_number"), wrong.toString());
            assertEquals("arguments.pr_number: expected integer, got string", wrong.get("problems").get(0).asText());
            JsonNode headAlone = assertInvalidInput(s.request("tools/call", toolCall("get_diff", "{\"head\":\"v2.60.0\"}")), 1004);
            assertEquals("invalid arguments for get_diff: arguments: 'head' needs 'base'", headAlone.get("message").asText());
            JsonNode typo = assertInvalidInput(s.request("tools/call", toolCall("get_diff", "{\"pathh\":\"x\"}")), 1005);
            String problem = typo.get("problems").get(0).asText();
            assertTrue(problem.startsWith("arguments: unknown property 'pathh'; the properties are base, head, path,"),
                    problem);
            // a pattern of the schema, compiled when the catalog was loaded
            JsonNode notHex = assertInvalidInput(s.request("tools/call",
                    toolCall("get_pull_request_diff", "{\"pr_number\":5,\"sha\":\"HEAD~1\"}")), 1006);
            assertEquals("arguments.sha: must match ^([0-9a-fA-F]{7,64})?$", notHex.get("problems").get(0).asText());
        }
    }

    @Test
    void aListCursorIsInvalidParamsBecauseThereIsOnePage() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            assertError(-32602, s.request("tools/list", obj().put("cursor", "abc")), 1002);
            assertTrue(s.request("tools/list", obj()).has("result"));
        }
    }

    @Test
    void aDuplicateIdOfARunningCallIsRefusedAndTheFirstStillAnswers() throws Exception {
        try (HangingRepo hang = HangingRepo.create();
             McpSession s = McpSession.initialized(McpSession.config(hang.repo.dir()).withGitTimeout(Duration.ofSeconds(2)))) {
            s.sendRequest("dup", "tools/call", toolCall("get_diff", "{}"));
            hang.awaitGit();
            s.sendRequest("dup", "tools/call", toolCall("get_commit_diff", "{\"hash\":\"HEAD\"}"));
            assertError(-32600, s.next(McpSession.WAIT), "dup");
            JsonNode first = s.next(McpSession.WAIT);
            assertEquals("dup", first.get("id").asText(), first.toString());
            McpCalls.toolError(first.get("result"), "TIMEOUT");
            // Once answered, the id is free again.
            ObjectNode again = toolCall("get_commit_diff", "{\"hash\":\"HEAD\"}");
            JsonNode r = s.await(s.sendRequest("dup", "tools/call", again));
            assertTrue(r.get("result").get("content").get(0).get("text").asText().startsWith("diff --git "), r.toString());
        }
    }

    @Test
    void statelessRequestsNeedNoInitializeAndCarryResultType() {
        try (McpSession s = McpSession.start(repo.dir())) {
            JsonNode d = s.request("server/discover", modernParams()).get("result");
            assertEquals(json("[\"2026-07-28\"]"), d.get("supportedVersions"));
            assertEquals(json("{\"tools\":{\"listChanged\":false}}"), d.get("capabilities"));
            assertEquals("complete", d.get("resultType").asText());
            assertTrue(d.get("ttlMs").asLong() >= 0);
            assertEquals("public", d.get("cacheScope").asText());
            assertEquals("prdiff", d.get("_meta").get("io.modelcontextprotocol/serverInfo").get("name").asText());

            JsonNode list = s.request("tools/list", modernParams()).get("result");
            assertEquals("complete", list.get("resultType").asText());
            assertEquals(McpCalls.TOOLS.size(), list.get("tools").size());
            assertTrue(list.has("ttlMs") && list.has("cacheScope"), list.toString());

            ObjectNode call = modernParams().put("name", "get_commit_diff");
            call.putObject("arguments").put("hash", "HEAD");
            JsonNode r = s.request("tools/call", call).get("result");
            assertEquals("complete", r.get("resultType").asText());
            assertTrue(r.get("content").get(0).get("text").asText().contains("a.txt"), r.toString());

            // Handshake-era requests on the same connection are still refused until initialize.
            assertError(-32600, s.request("tools/list", null), 1004);
        }
    }

    @Test
    void anUnsupportedStatelessVersionIsMinus32022WithTheSupportedList() {
        try (McpSession s = McpSession.start(repo.dir())) {
            ObjectNode p = modernParams();
            ((ObjectNode) p.get("_meta")).put("io.modelcontextprotocol/protocolVersion", "2030-01-01");
            JsonNode r = s.request("tools/list", p);
            assertError(-32022, r, 1001);
            assertEquals(json("{\"supported\":[\"2026-07-28\"],\"requested\":\"2030-01-01\"}"), r.get("error").get("data"));
            JsonNode init = s.request("initialize", modernInitialize());
            assertError(-32600, init, 1002);
        }
    }

    static ObjectNode modernInitialize() {
        ObjectNode p = McpSession.initializeParams("2026-07-28");
        p.set("_meta", modernParams().get("_meta"));
        return p;
    }

}
