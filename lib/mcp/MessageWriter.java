package dev.prdiff.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The stdio transport's output side: each JSON-RPC response is serialised whole (JSON escapes every newline
 * inside strings, so it is one line) and written with its LF under one lock, so concurrent responses never
 * interleave. Nothing else may write to this stream.
 */
final class MessageWriter implements Responder {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final OutputStream out;
    private final PrintStream log;
    private boolean broken;

    MessageWriter(OutputStream out, PrintStream log) {
        this.out = out;
        this.log = log;
    }

    @Override
    public void result(JsonNode id, ObjectNode result) {
        byte[] bytes = serialise(resultResponse(id, result));
        if (bytes == null) {
            // The request must still get its one answer.
            bytes = serialise(errorResponse(id, new RpcError(RpcError.INTERNAL_ERROR, "the result could not be serialised")));
        }
        write(bytes);
    }

    /** {@code id} null: the request's id could not be read, and the response says so with a null id. */
    @Override
    public void error(JsonNode id, RpcError e) {
        write(serialise(errorResponse(id, e)));
    }

    /** The responses to one batch, as one line. */
    void batch(ArrayNode responses) {
        write(serialise(responses));
    }

    static ObjectNode resultResponse(JsonNode id, ObjectNode result) {
        ObjectNode response = envelope(id);
        response.set("result", result);
        return response;
    }

    static ObjectNode errorResponse(JsonNode id, RpcError e) {
        ObjectNode response = envelope(id);
        ObjectNode error = response.putObject("error");
        error.put("code", e.code());
        error.put("message", e.getMessage());
        if (e.data() != null) {
            error.set("data", e.data());
        }
        return response;
    }

    private static ObjectNode envelope(JsonNode id) {
        ObjectNode response = NODES.objectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id == null ? NODES.nullNode() : id);
        return response;
    }

    private byte[] serialise(JsonNode message) {
        try {
            return Json.MAPPER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            log.println("prdiff-mcp: cannot serialise a message: " + e.getMessage());
            return null;
        }
    }

    private synchronized void write(byte[] bytes) {
        if (broken || bytes == null) {
            return;
        }
        try {
            out.write(bytes);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            // The client closed our stdout; nothing more can reach it.
            broken = true;
            log.println("prdiff-mcp: cannot write to the client: " + e.getMessage());
        }
    }
}
