package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Where the one answer to a request goes: the output stream, or the batch the request came in. */
interface Responder {
    void result(JsonNode id, ObjectNode result);

    void error(JsonNode id, RpcError e);

    /** The request will never be answered: it was cancelled. */
    default void none(JsonNode id) {}
}
