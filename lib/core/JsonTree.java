package dev.prdiff.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.io.IOException;

/**
 * JSON text read into Jackson's tree as {@code ObjectMapper.readTree} reads it (the first value; none is a missing
 * node), with jackson-core's parser and databind's node classes but no ObjectMapper: making one costs a JDK 17
 * process about 40 ms (its date format's locale data), and the command line reads only gh's and Azure DevOps'
 * answers. The MCP server, which makes one once, reads its messages with {@link Json}.
 */
public final class JsonTree {
    private static final JsonFactory PARSERS = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTree() {}

    /** The first JSON value of {@code text}; a missing node when it holds none. */
    public static JsonNode read(String text) throws IOException {
        return read(PARSERS.createParser(text));
    }

    /** The same of JSON bytes, in UTF-8 (or the encoding their first bytes show, as Jackson detects it). */
    public static JsonNode read(byte[] json) throws IOException {
        return read(PARSERS.createParser(json));
    }

    private static JsonNode read(JsonParser parser) throws IOException {
        try (JsonParser p = parser) {
            JsonToken first = p.nextToken();
            return first == null ? MissingNode.getInstance() : node(p, first);
        }
    }

    private static JsonNode node(JsonParser p, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT:
                ObjectNode object = NODES.objectNode();
                for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                    object.set(name, node(p, p.nextToken()));
                }
                return ended(p, JsonToken.END_OBJECT, object);
            case START_ARRAY:
                ArrayNode array = NODES.arrayNode();
                for (JsonToken t = p.nextToken(); t != null && t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    array.add(node(p, t));
                }
                return ended(p, JsonToken.END_ARRAY, array);
            case VALUE_STRING:
                return NODES.textNode(p.getText());
            case VALUE_NUMBER_INT:
                return switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            case VALUE_NUMBER_FLOAT:
                return p.getNumberType() == JsonParser.NumberType.BIG_DECIMAL ? NODES.numberNode(p.getDecimalValue())
                        : NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new IOException("unexpected JSON token " + token);
        }
    }

    /** {@code node}, when the parser stands at its closing token (the parser fails on a cut text before that). */
    private static JsonNode ended(JsonParser p, JsonToken end, JsonNode node) throws IOException {
        if (p.currentToken() != end) {
            throw new IOException("JSON text ends inside a value");
        }
        return node;
    }
}
