package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools as openapi.yaml describes them, one {@code POST /tools/NAME} operation per tool:
 * operationId = name, summary = title, description = description, the application/json request body schema =
 * inputSchema, the 200 response's application/json schema = outputSchema (also when text/plain or text/x-diff is
 * listed beside it: the text is then what the content holds, the JSON what structuredContent holds),
 * x-mcp-annotations = annotations. {@code $ref}s are resolved, so each schema stands alone.
 */
public final class ToolCatalog {
    /** The limit the seed sets on a tool description (McpServerToolLimits). */
    public static final int MAX_DESCRIPTION = 1024;

    /**
     * One tool. {@code outputSchema} is null for tools whose 200 response has no application/json schema;
     * {@code inputCheck} enforces {@code inputSchema}.
     */
    public record Tool(String name, String title, String description, ObjectNode inputSchema, ObjectNode outputSchema,
                       ObjectNode annotations, SchemaCheck inputCheck) {
        /**
         * The tool as tools/list shows it. Protocols from 2025-06-18 ({@code structured}) have the tool's own title
         * and outputSchema; earlier ones have neither, and show the title given in the annotations. The title is
         * said once, where the client's protocol reads it.
         */
        public ObjectNode toJson(boolean structured) {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("name", name);
            if (structured) {
                json.put("title", title);
            }
            json.put("description", description);
            json.set("inputSchema", inputSchema.deepCopy());
            if (outputSchema != null && structured) {
                json.set("outputSchema", outputSchema.deepCopy());
            }
            ObjectNode hints = annotations.deepCopy();
            if (structured) {
                hints.remove("title");
            }
            json.set("annotations", hints);
            return json;
        }

        /**
         * tools/call's params.arguments (absent or null: none); -32602 when it is not an object, since the request
         * then fails CallToolRequest's own schema. Whether the arguments suit the tool is {@link #invalid}'s question.
         */
        public JsonNode arguments(JsonNode given) {
            if (given == null || given.isNull()) {
                return JsonNodeFactory.instance.objectNode();
            }
            if (!given.isObject()) {
                throw new RpcError(RpcError.INVALID_PARAMS, "tools/call needs params.arguments, an object; got "
                        + given.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
            }
            return given;
        }

        /**
         * INVALID_INPUT naming every argument that fails the input schema and what it allows (also in
         * {@code problems}), or null when they conform. A tool execution error, not a protocol error: the model
         * sees it and can correct the call (MCP 2025-11-25, input validation errors).
         */
        public PrdiffException invalid(JsonNode args) {
            List<String> problems = inputCheck.problems(args);
            if (problems.isEmpty()) {
                return null;
            }
            return new PrdiffException(ErrorCode.INVALID_INPUT, "invalid arguments for " + name + ": "
                    + String.join("; ", problems), Map.of("problems", problems), null);
        }
    }

    private final Map<String, Tool> tools;

    private ToolCatalog(Map<String, Tool> tools) {
        this.tools = tools;
    }

    public List<Tool> tools() {
        return List.copyOf(tools.values());
    }

    public Tool get(String name) {
        return tools.get(name);
    }

    /** tools/call's params.name as a tool of this catalog; -32602 if it is not one. */
    public Tool require(JsonNode name) {
        if (name == null || !name.isTextual()) {
            throw new RpcError(RpcError.INVALID_PARAMS, "tools/call needs params.name, a string");
        }
        Tool tool = tools.get(name.asText());
        if (tool == null) {
            throw new RpcError(RpcError.INVALID_PARAMS, "unknown tool: " + name.asText() + "; tools/list names "
                    + tools.keySet());
        }
        return tool;
    }

    /**
     * The tools/list result's "tools" array; {@code structured}: false for clients whose protocol predates
     * outputSchema (2025-06-18).
     */
    public ArrayNode toJson(boolean structured) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        tools.values().forEach(t -> list.add(t.toJson(structured)));
        return list;
    }

    /** Reads the catalog; IllegalArgumentException says what in the document breaks the mapping. */
    public static ToolCatalog fromOpenApi(JsonNode doc) {
        if (!doc.path("openapi").asText().startsWith("3.1")) {
            throw new IllegalArgumentException("openapi.yaml: expected OpenAPI 3.1, got '" + doc.path("openapi").asText() + "'");
        }
        Map<String, Tool> tools = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> path : doc.path("paths").properties()) {
            Tool tool = tool(doc, path.getKey(), path.getValue());
            if (tools.put(tool.name(), tool) != null) {
                throw new IllegalArgumentException("openapi.yaml: tool " + tool.name() + " is defined twice");
            }
        }
        if (tools.isEmpty()) {
            throw new IllegalArgumentException("openapi.yaml: no /tools/NAME paths");
        }
        return new ToolCatalog(tools);
    }

    private static Tool tool(JsonNode doc, String path, JsonNode item) {
        String where = "openapi.yaml " + path;
        if (!path.startsWith("/tools/")) {
            throw new IllegalArgumentException(where + ": tool paths are /tools/NAME");
        }
        JsonNode op = item.path("post");
        String name = path.substring("/tools/".length());
        if (!name.equals(op.path("operationId").asText())) {
            throw new IllegalArgumentException(where + ": post.operationId must be " + name);
        }
        String title = text(op, "summary", where);
        String description = text(op, "description", where).strip();
        if (description.length() > MAX_DESCRIPTION) {
            throw new IllegalArgumentException(where + ": description has " + description.length() + " characters, limit "
                    + MAX_DESCRIPTION);
        }
        ObjectNode input = schema(doc, op.path("requestBody").path("content").path("application/json").path("schema"),
                where + " requestBody");
        if (!"object".equals(input.path("type").asText())) {
            throw new IllegalArgumentException(where + ": the input schema must be type object");
        }
        SchemaCheck inputCheck = SchemaCheck.of(input, where + " requestBody");
        JsonNode ok = op.path("responses").path("200").path("content");
        ObjectNode output = null;
        if (ok.has("application/json")) {
            output = schema(doc, ok.path("application/json").path("schema"), where + " 200");
            if (!"object".equals(output.path("type").asText())) {
                throw new IllegalArgumentException(where + ": an output schema must be type object");
            }
        }
        ObjectNode annotations = JsonNodeFactory.instance.objectNode();
        annotations.put("title", title);
        JsonNode declared = op.path("x-mcp-annotations");
        if (!declared.isObject()) {
            throw new IllegalArgumentException(where + ": x-mcp-annotations is missing");
        }
        annotations.setAll((ObjectNode) declared);
        return new Tool(name, title, description, input, output, annotations, inputCheck);
    }

    private static String text(JsonNode op, String field, String where) {
        JsonNode v = op.path(field);
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(where + ": post." + field + " is missing");
        }
        return v.asText();
    }

    private static ObjectNode schema(JsonNode doc, JsonNode schema, String where) {
        if (!schema.isObject()) {
            throw new IllegalArgumentException(where + ": no application/json schema");
        }
        return (ObjectNode) resolve(doc, schema, new ArrayList<>(), where);
    }

    /** A deep copy of {@code node} with every local $ref replaced by what it points at. */
    private static JsonNode resolve(JsonNode doc, JsonNode node, List<String> seen, String where) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                if (node.size() > 1) {
                    // OpenAPI 3.1 allows keywords beside $ref; resolving would have to merge them, so none are used.
                    throw new IllegalArgumentException(where + ": keywords beside $ref " + ref.asText() + " are not supported");
                }
                String pointer = ref.asText();
                if (!pointer.startsWith("#/") || seen.contains(pointer)) {
                    throw new IllegalArgumentException(where + ": unsupported or circular $ref " + pointer);
                }
                JsonNode target = doc.at(pointer.substring(1));
                if (target.isMissingNode()) {
                    throw new IllegalArgumentException(where + ": $ref " + pointer + " points nowhere");
                }
                seen.add(pointer);
                JsonNode resolved = resolve(doc, target, seen, where);
                seen.remove(seen.size() - 1);
                return resolved;
            }
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(e -> copy.set(e.getKey(), resolve(doc, e.getValue(), seen, where)));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> copy.add(resolve(doc, n, seen, where)));
            return copy;
        }
        return node.deepCopy();
    }
}
