package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrdiffException;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The shapes of a tools/call result: diff text, JSON (as structuredContent and as text), or an isError failure. */
final class ToolResults {
    static final String NOTICES = "dev.prdiff/notices";

    private ToolResults() {}

    static ObjectNode text(String text) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        ObjectNode block = result.putArray("content").addObject();
        block.put("type", "text");
        block.put("text", text);
        return result;
    }

    /** structuredContent for clients that read it, and the same JSON as text for those that do not. */
    static ObjectNode json(Object value) {
        ObjectNode structured = Json.tree(value);
        ObjectNode result = text(Json.write(structured));
        result.set("structuredContent", structured);
        return result;
    }

    /** A failure the model can act on: isError with {"error_code", "message", ...details} as the text. */
    static ObjectNode error(PrdiffException e) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("error_code", e.code().name());
        body.put("message", e.getMessage());
        e.details().forEach((k, v) -> body.set(k, Json.MAPPER.valueToTree(v)));
        ObjectNode result = text(Json.write(body));
        result.put("isError", true);
        return result;
    }

    /** The resolved range and warnings ride along in _meta, never inside the diff text. */
    static ObjectNode withNotices(ObjectNode result, List<String> notices) {
        if (!notices.isEmpty()) {
            ArrayNode list = result.putObject("_meta").putArray(NOTICES);
            notices.forEach(list::add);
        }
        return result;
    }

    /** JSON text must be Unicode; an answer ({@code what}: "the diff") in another encoding says its bytes were replaced. */
    static String utf8(byte[] bytes, String what, List<String> notices) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            notices.add("warning: " + what + " is not valid UTF-8; bytes that are not were replaced by U+FFFD");
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
