package dev.prdiff.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one ObjectMapper, configured once, for the MCP server's messages and trees; answers write themselves
 * ({@link JsonText}).
 */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private Json() {}

    /** {@code value} as a tree; an answer ({@link JsonValue}) as it writes itself. */
    public static <T extends JsonNode> T tree(Object value) {
        if (value instanceof JsonValue v) {
            try {
                @SuppressWarnings("unchecked")
                T tree = (T) MAPPER.readTree(JsonText.compact(v));
                return tree;
            } catch (JsonProcessingException e) {
                throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot read back an answer: " + e.getMessage(), e);
            }
        }
        return MAPPER.valueToTree(value);
    }

    /** On one line; an answer ({@link JsonValue}) as it writes itself. */
    public static String write(Object value) {
        if (value instanceof JsonValue v) {
            return JsonText.compact(v);
        }
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot serialise result: " + e.getMessage(), e);
        }
    }
}
