package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One incoming line checked against JSON-RPC 2.0: a request to answer, a notification, something to drop
 * without an answer, or a malformed message to answer with an error.
 */
sealed interface RpcMessage {
    /** {@code id} is a string or integer node; {@code params} is an object (empty when absent). */
    record Request(JsonNode id, String method, ObjectNode params) implements RpcMessage {}

    /** {@code params} is whatever the sender put there, possibly null. */
    record Notification(String method, JsonNode params) implements RpcMessage {}

    /** Never answered: a response (this server sends no requests) or a notification that breaks the rules. */
    record Dropped(String why) implements RpcMessage {}

    /** Answered with {@code error}; {@code id} is null when the message had no usable id. */
    record Invalid(JsonNode id, RpcError error) implements RpcMessage {}

    /** A JSON array: each element checked as a message of its own (possibly none). */
    record Batch(List<RpcMessage> messages) implements RpcMessage {}

    ObjectReader READER = Json.MAPPER.reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** Floats as doubles (an exponent past BigDecimal's range is infinity), only to find the id of a bad message. */
    ObjectReader DOUBLES = Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    static RpcMessage parse(byte[] line) {
        String text;
        try {
            // JSON text is UTF-8 (RFC 8259); Jackson alone would let encoded surrogates such as ED A0 80 through.
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(line)).toString();
        } catch (CharacterCodingException e) {
            return invalid(null, RpcError.PARSE_ERROR, "Parse error: the message is not valid UTF-8");
        }
        JsonNode message;
        try {
            message = READER.readTree(text);
        } catch (IOException | NumberFormatException e) {
            // Jackson throws the second, unchecked, for an exponent BigDecimal cannot hold; it ended the server.
            return outOfRange(text, e);
        }
        if (message == null || message.isMissingNode()) {
            return invalid(null, RpcError.PARSE_ERROR, "Parse error: no JSON value");
        }
        if (message.isArray()) {
            List<RpcMessage> messages = new ArrayList<>(message.size());
            message.forEach(m -> messages.add(of(m)));
            return new Batch(messages);
        }
        return of(message);
    }

    /** One message, alone on its line or an element of a batch. */
    private static RpcMessage of(JsonNode message) {
        if (!message.isObject()) {
            return invalid(null, RpcError.INVALID_REQUEST, "a message must be a JSON object");
        }
        JsonNode id = message.get("id");
        JsonNode method = message.get("method");
        if (method == null && (message.has("result") || message.has("error"))) {
            return new Dropped("a response to a request this server never sent, id " + id);
        }
        if (id == null && method != null && method.isTextual()) {
            // Notifications are never answered, not even malformed ones.
            return isJsonRpc2(message) ? new Notification(method.asText(), message.get("params"))
                    : new Dropped("a notification without jsonrpc \"2.0\": " + method.asText());
        }
        if (id == null || !(id.isTextual() || id.isIntegralNumber())) {
            return invalid(null, RpcError.INVALID_REQUEST, "id must be a string or an integer"
                    + (id == null ? " (a request without one is a notification)" : ""));
        }
        if (!isJsonRpc2(message)) {
            return invalid(id, RpcError.INVALID_REQUEST, "jsonrpc must be \"2.0\"");
        }
        if (method == null || !method.isTextual()) {
            return invalid(id, RpcError.INVALID_REQUEST, "method must be a string");
        }
        JsonNode params = message.get("params");
        if (params == null) {
            return new Request(id, method.asText(), JsonNodeFactory.instance.objectNode());
        }
        if (!params.isObject()) {
            // Positional params are well-formed JSON-RPC that MCP does not use; anything else is not JSON-RPC.
            return invalid(id, params.isArray() ? RpcError.INVALID_PARAMS : RpcError.INVALID_REQUEST,
                    "params must be an object");
        }
        return new Request(id, method.asText(), (ObjectNode) params);
    }

    /**
     * A message that is valid JSON but holds a number whose exponent BigDecimal cannot hold (1e2147483648): an
     * invalid argument of the request it names, answered with its id; anything else that fails to parse is -32700.
     */
    private static RpcMessage outOfRange(String text, Exception failure) {
        RpcMessage parseError = invalid(null, RpcError.PARSE_ERROR, "Parse error: " + firstLine(failure.getMessage()));
        JsonNode message;
        try {
            message = DOUBLES.readTree(text);
        } catch (IOException | NumberFormatException e) {
            return parseError;
        }
        if (message == null || !message.isObject()) {
            return parseError;
        }
        RpcMessage read = of(message);
        String why = "a number is out of range: " + firstLine(failure.getMessage());
        if (read instanceof Request request) {
            return invalid(request.id(), RpcError.INVALID_PARAMS, "Invalid params: " + why);
        }
        return read instanceof Notification n ? new Dropped("notification " + n.method() + " with " + why) : read;
    }

    /** Ids 1 and "1" are different requests. */
    static String key(JsonNode id) {
        return (id.isTextual() ? "s:" : "n:") + id.asText();
    }

    private static Invalid invalid(JsonNode id, int code, String message) {
        return new Invalid(id, new RpcError(code, message));
    }

    private static boolean isJsonRpc2(JsonNode message) {
        JsonNode version = message.get("jsonrpc");
        return version != null && version.isTextual() && "2.0".equals(version.textValue());
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "invalid JSON";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
