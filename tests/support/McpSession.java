package support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.Sessions;
import dev.prdiff.core.Json;
import dev.prdiff.git.Session;
import dev.prdiff.mcp.McpServer;
import dev.prdiff.mcp.ToolCatalog;

import java.lang.reflect.Method;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The MCP server in-process, driven over two pipes the way a client drives its stdio: write lines, read lines.
 * Every line the server writes must be one whole JSON object (or the array answering a batch); anything else
 * fails the test. Every wait is bounded by {@link #WAIT}, so a server that stops answering fails the test within a
 * minute. WAIT only bounds a hang: a call that answers returns at once, so it is set for a busy machine (the answer
 * that fetches a 350-file pull request took over 10 s with other test classes running beside it under load).
 */
public final class McpSession implements AutoCloseable {
    public static final Duration WAIT = Duration.ofSeconds(60);
    /** One initialize request as a line, for whole-process tests that start a server and check it answers. */
    public static final String INITIALIZE_LINE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
            "capabilities":{},"clientInfo":{"name":"junit","version":"1"}}}
            """;

    private final OutputStream toServer;
    private final Thread server;
    private final Thread pump;
    private final LinkedBlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
    private final List<String> badLines = new ArrayList<>();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final AtomicInteger ids = new AtomicInteger(1000);
    private volatile Throwable serverFailure;

    private McpSession(McpServer.Config config) {
        this(config, Sessions::forManyCalls);
    }

    private McpSession(McpServer.Config config, java.util.function.Function<java.util.Map<String, String>, Session> sessions) {
        try {
            Pipe in = Pipe.open();
            Pipe out = Pipe.open();
            toServer = Channels.newOutputStream(in.sink());
            InputStream serverIn = Channels.newInputStream(in.source());
            OutputStream serverOut = Channels.newOutputStream(out.sink());
            InputStream fromServer = Channels.newInputStream(out.source());
            PrintStream serverLog = new PrintStream(log, true, StandardCharsets.UTF_8);
            server = new Thread(() -> {
                try (serverOut; Session session = sessions.apply(config.sessionEnv())) {
                    McpServer.serve(session, shimCatalog(), config, serverIn, serverOut, serverLog);
                } catch (Throwable t) {
                    serverFailure = t;
                }
            }, "mcp-session-server");
            pump = new Thread(() -> read(fromServer), "mcp-session-reader");
            server.setDaemon(true);
            pump.setDaemon(true);
            server.start();
            pump.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * mcp-shim.java's own catalog: its class McpShim is in the unnamed package (as JBang compiles a script), which
     * code in a package cannot name, so it is called by reflection.
     */
    private static ToolCatalog shimCatalog() throws ReflectiveOperationException {
        Method catalog = Class.forName("McpShim").getDeclaredMethod("catalog");
        catalog.setAccessible(true);
        return (ToolCatalog) catalog.invoke(null);
    }

    public static McpSession start(Path defaultDir) {
        return new McpSession(config(defaultDir));
    }

    /** Defaults, with {@code defaultDir} as the repository and a short git timeout so a stuck test cleans up soon. */
    public static McpServer.Config config(Path defaultDir) {
        return McpServer.Config.defaults().withDefaultDir(defaultDir).withGitTimeout(Duration.ofSeconds(20));
    }

    public static McpSession start(McpServer.Config config) {
        return new McpSession(config);
    }

    /** As {@link #initialized(McpServer.Config)}, serving a session {@code sessions} makes from the server's environment. */
    public static McpSession initialized(McpServer.Config config,
            java.util.function.Function<java.util.Map<String, String>, Session> sessions) {
        McpSession s = new McpSession(config, sessions);
        JsonNode r = s.request("initialize", initializeParams("2025-06-18"));
        if (!r.has("result")) {
            throw new AssertionError("initialize failed: " + r);
        }
        s.notify("notifications/initialized", null);
        return s;
    }

    /** Started, initialized with protocol 2025-06-18, and told so with notifications/initialized. */
    public static McpSession initialized(Path defaultDir) {
        return initialized(config(defaultDir));
    }

    public static McpSession initialized(McpServer.Config config) {
        McpSession s = start(config);
        JsonNode r = s.request("initialize", initializeParams("2025-06-18"));
        if (!r.has("result")) {
            throw new AssertionError("initialize failed: " + r);
        }
        s.notify("notifications/initialized", null);
        return s;
    }

    public static ObjectNode initializeParams(String version) {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("protocolVersion", version);
        p.putObject("capabilities");
        p.putObject("clientInfo").put("name", "junit").put("version", "1");
        return p;
    }

    private void read(InputStream from) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                try {
                    JsonNode node = Json.MAPPER.readTree(line);
                    if (!node.isObject() && !node.isArray()) {  // an array answers a batch
                        synchronized (badLines) {
                            badLines.add(line);
                        }
                    } else {
                        inbox.add(node);
                    }
                } catch (IOException e) {
                    synchronized (badLines) {
                        badLines.add(line);
                    }
                }
            }
        } catch (IOException ignored) {
            // the server closed its output
        }
    }

    /** Writes raw bytes exactly as given (no newline added). */
    public void sendRaw(byte[] bytes) {
        try {
            toServer.write(bytes);
            toServer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void sendLine(String line) {
        sendRaw((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    public void send(JsonNode message) {
        sendLine(message.toString());
    }

    /** Sends a request and returns its id without waiting. */
    public JsonNode sendRequest(Object id, String method, JsonNode params) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        m.put("jsonrpc", "2.0");
        JsonNode idNode = Json.MAPPER.valueToTree(id);
        m.set("id", idNode);
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        send(m);
        return idNode;
    }

    /** True when a message has arrived that no next() has taken yet. */
    public boolean hasPending() {
        return !inbox.isEmpty();
    }

    /** Sends a request and waits for the response with its id. */
    public JsonNode request(String method, JsonNode params) {
        return await(sendRequest(ids.incrementAndGet(), method, params));
    }

    public void notify(String method, JsonNode params) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        m.put("jsonrpc", "2.0");
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        send(m);
    }

    /** tools/call; returns the whole response. */
    public JsonNode call(String tool, JsonNode arguments) {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("name", tool);
        p.set("arguments", arguments);
        return request("tools/call", p);
    }

    /** tools/call that must succeed as a protocol exchange; returns the result. */
    public JsonNode callResult(String tool, JsonNode arguments) {
        JsonNode r = call(tool, arguments);
        if (!r.has("result")) {
            throw new AssertionError(tool + " " + arguments + " -> " + r);
        }
        return r.get("result");
    }

    /** The next message from the server, whatever it is; fails after {@code timeout}. */
    public JsonNode next(Duration timeout) {
        try {
            JsonNode m = inbox.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (m == null) {
                throw new AssertionError("no message from the server within " + timeout.toMillis() + "ms; log:\n" + log());
            }
            return m;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits for the response with this id; any other message on the way fails the test. */
    public JsonNode await(JsonNode id) {
        JsonNode m = next(WAIT);
        if (!sameId(id, m.get("id"))) {
            throw new AssertionError("expected the response to " + id + ", got " + m);
        }
        return m;
    }

    /** The next {@code n} messages, in the order the server wrote them. */
    public List<JsonNode> next(int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<JsonNode> got = new ArrayList<>();
        while (got.size() < n) {
            long left = deadline - System.nanoTime();
            JsonNode m;
            try {
                m = inbox.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            if (m == null) {
                throw new AssertionError("got " + got.size() + " of " + n + " messages within " + timeout.toMillis()
                        + "ms; log:\n" + log());
            }
            got.add(m);
        }
        return got;
    }

    /** Fails if the server writes anything within {@code quiet}. */
    public void expectSilence(Duration quiet) {
        try {
            JsonNode m = inbox.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
            if (m != null) {
                throw new AssertionError("expected no message, got " + m);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** JSON-RPC ids compare by value: 7 read back as an int equals 7 sent as a long. */
    public static boolean sameId(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            return a.bigIntegerValue().equals(b.bigIntegerValue());
        }
        return a.equals(b);
    }

    /** Closes the server's input, waits for it to stop, and returns every message not yet taken. */
    public List<JsonNode> finish(Duration timeout) {
        try {
            toServer.close();
            server.join(timeout.toMillis());
            if (server.isAlive()) {
                throw new AssertionError("server still running " + timeout.toMillis() + "ms after end of input");
            }
            pump.join(5000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        if (serverFailure != null) {
            throw new AssertionError("server failed", serverFailure);
        }
        synchronized (badLines) {
            if (!badLines.isEmpty()) {
                throw new AssertionError("server wrote lines that are not JSON objects: " + badLines);
            }
        }
        List<JsonNode> rest = new ArrayList<>();
        inbox.drainTo(rest);
        return rest;
    }

    public String log() {
        return log.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (server.isAlive()) {
            finish(WAIT);
        }
    }
}
