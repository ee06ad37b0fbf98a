package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * prdiff's MCP server over stdio: reads newline-delimited JSON-RPC 2.0 messages and routes them. Everything but
 * tools/call is answered on the reading thread, in order; tools/call runs on {@link ToolCalls}' bounded pool.
 * Each request is answered exactly once (or never, if the client cancelled it); notifications never are. After
 * initialize with protocol 2025-03-26 a line may hold a JSON-RPC batch, answered with one array. At end of input
 * {@link #serve} returns only once every call still running has answered.
 *
 * <p>Two eras of the protocol are served side by side (see {@link Lifecycle}): the handshake era, 2024-11-05 to
 * 2025-11-25, and the stateless era, 2026-07-28, where each request names its version in params._meta.
 */
public final class McpServer {
    /** Handshake-era versions, newest first; initialize answers the client's if listed here, else the first. */
    public static final List<String> HANDSHAKE_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");
    /** Stateless-era versions, named per request in _meta. */
    public static final List<String> STATELESS_VERSIONS = List.of("2026-07-28");
    public static final String META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String SERVER_NAME = "prdiff";
    public static final String SERVER_VERSION = dev.prdiff.core.Version.NUMBER;

    /**
     * @param defaultDir      the repository when a tool gets no repo_path (the server's working directory)
     * @param workers         tools/call requests running at once
     * @param queued          tools/call requests waiting for a worker before the server answers "busy"
     * @param maxMessageBytes the largest incoming line; longer ones are skipped and answered -32600
     * @param maxDiffBytes    the largest diff a tool returns in its one answer; past it the tool fails and says
     *                        how to narrow the request
     * @param gitTimeout      the limit for each git or gh call
     * @param env             the environment git and gh inherit, which the entry point makes the server's session
     *                        with ({@link #sessionEnv}); null for this process's
     * @param shutdownGrace   after end of input, how long running calls may still take before they are
     *                        interrupted (and answer CANCELLED); null for four git timeouts plus ten seconds
     */
    public record Config(Path defaultDir, int workers, int queued, int maxMessageBytes, int maxDiffBytes,
                         Duration gitTimeout, Map<String, String> env, Duration shutdownGrace) {
        public static Config defaults() {
            return new Config(Path.of("").toAbsolutePath(), 8, 256, 4 << 20, 8 << 20, Duration.ofSeconds(30), null, null);
        }

        public Config withDefaultDir(Path dir) {
            return new Config(dir, workers, queued, maxMessageBytes, maxDiffBytes, gitTimeout, env, shutdownGrace);
        }

        public Config withPool(int workers, int queued) {
            return new Config(defaultDir, workers, queued, maxMessageBytes, maxDiffBytes, gitTimeout, env, shutdownGrace);
        }

        public Config withLimits(int maxMessageBytes, int maxDiffBytes) {
            return new Config(defaultDir, workers, queued, maxMessageBytes, maxDiffBytes, gitTimeout, env, shutdownGrace);
        }

        public Config withGitTimeout(Duration timeout) {
            return new Config(defaultDir, workers, queued, maxMessageBytes, maxDiffBytes, timeout, env, shutdownGrace);
        }

        public Config withEnv(Map<String, String> env) {
            return new Config(defaultDir, workers, queued, maxMessageBytes, maxDiffBytes, gitTimeout, env, shutdownGrace);
        }

        public Config withShutdownGrace(Duration grace) {
            return new Config(defaultDir, workers, queued, maxMessageBytes, maxDiffBytes, gitTimeout, env, grace);
        }

        /** The environment to make the server's session with: {@link #env}, or this process's when that is null. */
        public Map<String, String> sessionEnv() {
            return env != null ? env : System.getenv();
        }

        Duration graceAfterInput() {
            return shutdownGrace != null ? shutdownGrace : gitTimeout.multipliedBy(4).plusSeconds(10);
        }
    }

    private final ToolCatalog catalog;
    private final DiffTools tools;
    private final Config config;
    private final PrintStream log;
    private final MessageWriter writer;
    private final Lifecycle lifecycle;
    private final ToolCalls calls;

    private McpServer(ToolCatalog catalog, Config config, Session session, OutputStream out, PrintStream log) {
        this.catalog = catalog;
        this.config = config;
        this.log = log;
        this.tools = new DiffTools(config.defaultDir(), config.gitTimeout(), config.maxDiffBytes(), session, log);
        requireSameTools(catalog, tools.names());
        this.writer = new MessageWriter(out, log);
        this.lifecycle = new Lifecycle(log);
        this.calls = new ToolCalls(config.workers(), config.queued(), session.folders(), log);
    }

    /**
     * Serves until {@code in} ends, then lets running calls finish and answer; the in-process entry point. The
     * server's calls share {@code session} ({@code Sessions.forManyCalls}), which the caller made for this server
     * and closes when this returns, after the last call has answered.
     */
    public static void serve(Session session, ToolCatalog catalog, Config config, InputStream in, OutputStream out,
            PrintStream log) throws IOException {
        new McpServer(catalog, config, session, out, log).run(in);
    }

    private static void requireSameTools(ToolCatalog catalog, Set<String> implemented) {
        Set<String> declared = new TreeSet<>();
        catalog.tools().forEach(t -> declared.add(t.name()));
        if (!declared.equals(new TreeSet<>(implemented))) {
            throw new IllegalArgumentException("openapi.yaml declares the tools " + declared
                    + " but the handlers implement " + new TreeSet<>(implemented));
        }
    }

    private void run(InputStream in) throws IOException {
        MessageReader reader = new MessageReader(in, config.maxMessageBytes());
        try {
            byte[] line;
            while ((line = reader.next()) != null) {
                if (line == MessageReader.OVERSIZED) {
                    writer.error(null, new RpcError(RpcError.INVALID_REQUEST,
                            "message larger than " + config.maxMessageBytes() + " bytes"));
                } else if (!isBlank(line)) {
                    onLine(RpcMessage.parse(line));
                }
            }
        } finally {
            // The client is done sending; running calls still answer, each within its git and gh timeouts.
            calls.shutdown(config.graceAfterInput());
        }
    }

    /** A line holds one message or, where the negotiated version has them, a batch. */
    private void onLine(RpcMessage message) {
        if (!(message instanceof RpcMessage.Batch batch)) {
            onMessage(message, writer);
        } else if (!lifecycle.batchesAllowed()) {
            writer.error(null, new RpcError(RpcError.INVALID_REQUEST,
                    "batches (JSON arrays) are not supported; send one message per line"));
        } else if (batch.messages().isEmpty()) {
            writer.error(null, new RpcError(RpcError.INVALID_REQUEST, "an empty batch"));
        } else {
            BatchResponse answers = new BatchResponse(writer);
            for (RpcMessage m : batch.messages()) {
                if (m instanceof RpcMessage.Request || m instanceof RpcMessage.Invalid) {
                    answers.expect();
                }
                onMessage(m, answers);
            }
            answers.seal();
        }
    }

    private void onMessage(RpcMessage message, Responder to) {
        if (message instanceof RpcMessage.Request request) {
            try {
                onRequest(request, to);
            } catch (RpcError e) {
                to.error(request.id(), e);
            } catch (RuntimeException e) {
                log.println("prdiff-mcp: internal error on " + request.method() + ": " + e);
                to.error(request.id(), new RpcError(RpcError.INTERNAL_ERROR, "internal error: " + e));
            }
        } else if (message instanceof RpcMessage.Notification notification) {
            try {
                onNotification(notification.method(), notification.params());
            } catch (RuntimeException e) {
                log.println("prdiff-mcp: ignoring notification " + notification.method() + ": " + e);
            }
        } else if (message instanceof RpcMessage.Invalid invalid) {
            to.error(invalid.id(), invalid.error());
        } else if (message instanceof RpcMessage.Dropped dropped) {
            log.println("prdiff-mcp: ignoring " + dropped.why());
        }
    }

    private void onNotification(String method, JsonNode params) {
        if ("notifications/cancelled".equals(method) && params != null && params.hasNonNull("requestId")) {
            JsonNode requestId = params.get("requestId");
            if (calls.cancel(requestId)) {
                log.println("prdiff-mcp: cancelled request " + requestId
                        + (params.hasNonNull("reason") ? " (" + params.get("reason").asText() + ")" : ""));
            }
        }
        // notifications/initialized needs no action; anything else (progress, roots, unknown) means nothing here.
    }

    private void onRequest(RpcMessage.Request request, Responder to) {
        JsonNode id = request.id();
        String method = request.method();
        ObjectNode params = request.params();
        boolean stateless = Lifecycle.isStateless(params);
        switch (method) {
            case "server/discover" -> to.result(id, Lifecycle.forEra(Lifecycle.discover(), true));
            case "initialize" -> {
                if (stateless) {
                    throw new RpcError(RpcError.INVALID_REQUEST, "protocol version "
                            + params.path("_meta").path(META_PROTOCOL_VERSION).asText() + " has no initialize; call server/discover, or send initialize without "
                            + META_PROTOCOL_VERSION);
                }
                to.result(id, lifecycle.initialize(params));
            }
            default -> {
                if (!stateless) {
                    lifecycle.requireInitialized(method);
                }
                // Stateless-era versions are all later than 2025-06-18, which brought outputSchema/structuredContent.
                boolean structured = stateless || lifecycle.structuredOutput();
                switch (method) {
                    case "ping" -> to.result(id, Lifecycle.forEra(JsonNodeFactory.instance.objectNode(), stateless));
                    case "tools/list" -> to.result(id, Lifecycle.forEra(listTools(params, stateless, structured),
                            stateless));
                    case "tools/call" -> {
                        ToolCatalog.Tool tool = catalog.require(params.get("name"));
                        JsonNode args = tool.arguments(params.get("arguments"));
                        PrdiffException invalid = tool.invalid(args);
                        calls.start(id, tool.name(), stateless, () -> {
                            ObjectNode result = invalid != null ? ToolResults.error(invalid) : tools.call(tool.name(), args);
                            if (!structured) {
                                result.remove("structuredContent");
                            }
                            return result;
                        }, to);
                    }
                    default -> throw new RpcError(RpcError.METHOD_NOT_FOUND, "method not found: " + method);
                }
            }
        }
    }

    /** {@code structured}: the client's protocol has outputSchema (2025-06-18 on); older ones are not shown it. */
    private ObjectNode listTools(ObjectNode params, boolean stateless, boolean structured) {
        if (params.hasNonNull("cursor")) {
            throw new RpcError(RpcError.INVALID_PARAMS, "invalid cursor: the tool list has one page");
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.set("tools", catalog.toJson(structured));
        if (stateless) {
            Lifecycle.cacheHints(result);
        }
        return result;
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
