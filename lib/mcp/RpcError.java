package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/** A JSON-RPC error response in the making: the request was malformed or not allowed, not a failed tool call. */
public final class RpcError extends RuntimeException {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    /** Implementation-defined (-32000..-32019): every worker and queue slot is taken. */
    public static final int SERVER_BUSY = -32000;
    /** Defined by MCP 2026-07-28: the request's _meta names a protocol version this server does not speak. */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    private final int code;
    private final transient JsonNode data;

    public RpcError(int code, String message) {
        this(code, message, null);
    }

    public RpcError(int code, String message, JsonNode data) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
    }

    public int code() {
        return code;
    }

    /** Extra detail for the client, or null. */
    public JsonNode data() {
        return data;
    }
}
