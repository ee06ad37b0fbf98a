package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The answers to one JSON-RPC batch (protocol 2025-03-26), written as one array once every request in it is
 * answered or cancelled; tools/call answers arrive from workers in any order. A batch of notifications only gets
 * no answer at all, as JSON-RPC 2.0 says.
 */
final class BatchResponse implements Responder {
    private final MessageWriter writer;
    private final ArrayNode responses = JsonNodeFactory.instance.arrayNode();
    private int pending;
    private boolean sealed;
    private boolean written;

    BatchResponse(MessageWriter writer) {
        this.writer = writer;
    }

    /** Call before handing on each message that will be answered (a request, or an invalid message). */
    synchronized void expect() {
        pending++;
    }

    /** Every message of the batch has been handed on. */
    void seal() {
        synchronized (this) {
            sealed = true;
        }
        writeIfComplete();
    }

    @Override
    public void result(JsonNode id, ObjectNode result) {
        add(MessageWriter.resultResponse(id, result));
    }

    @Override
    public void error(JsonNode id, RpcError e) {
        add(MessageWriter.errorResponse(id, e));
    }

    @Override
    public void none(JsonNode id) {
        add(null);
    }

    private void add(ObjectNode response) {
        synchronized (this) {
            if (response != null) {
                responses.add(response);
            }
            pending--;
        }
        writeIfComplete();
    }

    private void writeIfComplete() {
        synchronized (this) {
            if (!sealed || pending > 0 || written) {
                return;
            }
            written = true;
        }
        if (!responses.isEmpty()) {
            writer.batch(responses);
        }
    }
}
