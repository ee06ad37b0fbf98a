package support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tool arguments and reading tools/call answers (text, isError bodies, structuredContent against openapi.yaml),
 * shared by every test that talks to the MCP server.
 */
public final class McpCalls {
    private McpCalls() {}

    public static ObjectNode args(String json) {
        return (ObjectNode) McpCalls.json(json);
    }

    public static ObjectNode args(String... keyValues) {
        ObjectNode a = Json.MAPPER.createObjectNode();
        for (int i = 0; i < keyValues.length; i += 2) {
            a.put(keyValues[i], keyValues[i + 1]);
        }
        return a;
    }

    /** The arguments with {@code field} set to an array of {@code values}; returns {@code args}. */
    public static ObjectNode withArray(ObjectNode args, String field, String... values) {
        var array = args.putArray(field);
        for (String v : values) {
            array.add(v);
        }
        return args;
    }

    /** An envelope's changes as {@link #listed} writes a file list's files. */
    public static List<String> changed(JsonNode envelope) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : envelope.at("/data/changes")) {
            out.add(c.get("path").asText() + " " + c.get("additions").asLong() + " " + c.get("deletions").asLong());
        }
        return out;
    }

    /** structuredContent, valid against the DiffEnvelope schema get_diff and get_pull_request_diff list. */
    public static JsonNode envelope(JsonNode result, String tool) {
        assertFalse(result.path("isError").asBoolean(false), result.toString());
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), "no structuredContent: " + result);
        assertEquals(List.of(), SchemaViolations.of(OpenApiDocument.load().outputSchema(tool), structured),
                structured.toString());
        return structured;
    }

    public static String git(TempRepo r, String... diffArgs) {
        return new String(r.gitDiff(diffArgs), StandardCharsets.UTF_8);
    }

    public static List<String> listed(JsonNode fileList) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : fileList.get("files")) {
            out.add(f.get("path").asText() + " " + f.get("additions").asLong() + " " + f.get("deletions").asLong());
        }
        return out;
    }

    public static List<String> notices(JsonNode result) {
        List<String> out = new ArrayList<>();
        result.path("_meta").path("dev.prdiff/notices").forEach(n -> out.add(n.asText()));
        return out;
    }

    /** "path additions deletions" per file, in diff order, as git's own numstat reports them. */
    public static List<String> numstat(TempRepo r, String range) {
        String[] fields = r.text("diff", "--numstat", "-z", "-M", range).split("\0");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].isEmpty()) {
                continue;
            }
            String[] c = fields[i].split("\t", 3);
            String path = c[2].isEmpty() ? fields[i += 2] : c[2];
            out.add(path + " " + (c[0].equals("-") ? "0 0" : c[0] + " " + c[1]));
        }
        return out;
    }

    public static String ok(McpSession session, String tool, JsonNode arguments) {
        JsonNode result = session.callResult(tool, arguments);
        assertFalse(result.path("isError").asBoolean(false), tool + " " + arguments + " -> " + result);
        return text(result);
    }

    /** structuredContent must validate against the schema and equal the JSON in the text block. */
    public static JsonNode structured(JsonNode result, JsonNode schema) {
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), "no structuredContent: " + result);
        assertEquals(List.of(), SchemaViolations.of(schema, structured), structured.toString());
        assertEquals(structured, McpCalls.json(text(result)));
        return structured;
    }

    /** The result's one text block; a successful result has exactly one. */
    public static String text(JsonNode result) {
        assertEquals(1, result.get("content").size(), result.toString());
        JsonNode block = result.get("content").get(0);
        assertEquals("text", block.get("type").asText());
        return block.get("text").asText();
    }

    /**
     * A text's last lines that are prdiff's own guidance ("# prdiff: ..."), apart from the text before them (git's):
     * {text before, guidance}.
     */
    public static String[] guidanceApart(String text) {
        int end = text.length();
        while (end > 0) {
            int start = text.lastIndexOf('\n', end - 2) + 1;
            if (!text.startsWith("# prdiff: ", start)) {
                break;
            }
            end = start;
        }
        return new String[] {text.substring(0, end), text.substring(end)};
    }

    /**
     * get_changed_files' FileList: the text's JSON, valid against the tool's outputSchema; structuredContent is that
     * JSON without its files (the text holds them once).
     */
    public static JsonNode fileList(JsonNode result) {
        assertFalse(result.path("isError").asBoolean(false), result.toString());
        JsonNode list = McpCalls.json(result.get("content").get(0).get("text").asText());
        assertEquals(List.of(), SchemaViolations.of(OpenApiDocument.load().outputSchema("get_changed_files"), list),
                list.toString());
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), "no structuredContent: " + result);
        com.fasterxml.jackson.databind.node.ObjectNode bare = list.deepCopy();
        bare.remove("files");
        assertEquals(bare, structured, "structuredContent is the list without its files");
        return list;
    }

    /** The text block parsed as JSON, valid against {@code schema} (files_only's FileList, say). */
    public static JsonNode textJson(JsonNode result, JsonNode schema) {
        assertFalse(result.path("isError").asBoolean(false), result.toString());
        JsonNode json = McpCalls.json(text(result));
        assertEquals(List.of(), SchemaViolations.of(schema, json), json.toString());
        return json;
    }

    /** The isError body, checked against openapi.yaml's ToolError schema and for the expected code. */
    public static JsonNode toolError(JsonNode result, String code) {
        assertTrue(result.path("isError").asBoolean(false), result.toString());
        JsonNode body = McpCalls.json(text(result));
        assertEquals(List.of(), SchemaViolations.of(OpenApiDocument.load().errorSchema("get_diff"), body),
                body.toString());
        assertEquals(code, body.get("error_code").asText(), body.toString());
        assertFalse(body.get("message").asText().isBlank());
        return body;
    }

    public static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public static ObjectNode obj() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static void assertError(int code, JsonNode response, Object id) {
        assertTrue(response.has("error"), "expected error " + code + ", got " + response);
        assertFalse(response.has("result"), response.toString());
        assertEquals(code, response.get("error").get("code").asInt(), response.toString());
        assertTrue(response.get("error").get("message").isTextual(), response.toString());
        assertEquals(Json.MAPPER.valueToTree(id), response.get("id"), response.toString());
        assertEquals("2.0", response.get("jsonrpc").asText());
    }

    /** A tools/call answered with an isError result holding INVALID_INPUT; returns the error body. */
    public static JsonNode assertInvalidInput(JsonNode response, Object id) {
        assertFalse(response.has("error"), response.toString());
        assertEquals(Json.MAPPER.valueToTree(id), response.get("id"), response.toString());
        return McpCalls.toolError(response.get("result"), "INVALID_INPUT");
    }

    public static void assertStillServing(McpSession s) {
        JsonNode pong = s.request("ping", null);
        assertEquals(obj(), pong.get("result"), pong.toString());
    }

    public static ObjectNode modernParams() {
        ObjectNode p = obj();
        ObjectNode meta = p.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        return p;
    }

    public static ObjectNode toolCall(String tool, String arguments) {
        ObjectNode p = obj().put("name", tool);
        p.set("arguments", json(arguments));
        return p;
    }

    public static ObjectNode argsOf(Object... keyValues) {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < keyValues.length; i += 2) {
            a.set((String) keyValues[i], Json.MAPPER.valueToTree(keyValues[i + 1]));
        }
        return a;
    }

    public static String responseText(JsonNode response) {
        JsonNode result = response.get("result");
        assertTrue(result != null && !result.path("isError").asBoolean(false), response.toString());
        return result.get("content").get(0).get("text").asText();
    }

    /** A session in {@code in} that negotiated {@code version}. */
    public static McpSession sessionIn(TempRepo in, String version) {
        McpSession s = McpSession.start(in.dir());
        JsonNode r = s.request("initialize", McpSession.initializeParams(version));
        assertEquals(version, r.at("/result/protocolVersion").asText(), r.toString());
        s.notify("notifications/initialized", null);
        return s;
    }

    public static final List<String> TOOLS = List.of("get_pull_request_diff", "get_diff", "get_commit_diff", "get_changed_files",
            "get_file_at_sha", "grep_at_sha");
}
