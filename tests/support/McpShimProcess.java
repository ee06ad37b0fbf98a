package support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * mcp-shim.java's entry point as a java process of its own on this JVM's class path, and messages written to it.
 */
public final class McpShimProcess {
    private McpShimProcess() {}

    public static Process shim(String... args) throws IOException {
        return shim(List.of(), args);
    }

    /** As {@link #shim(String...)}, with options for the JVM (a heap limit, say). */
    public static Process shim(List<String> jvmOptions, String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        argv.addAll(jvmOptions);
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), "McpShim"));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.redirectError(ProcessBuilder.Redirect.PIPE);
        return pb.start();
    }

    public static void send(OutputStream in, String method, Object id, JsonNode params) throws IOException {
        ObjectNode m = Json.MAPPER.createObjectNode().put("jsonrpc", "2.0");
        if (id != null) {
            m.set("id", Json.MAPPER.valueToTree(id));
        }
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        in.write((m + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }
}
