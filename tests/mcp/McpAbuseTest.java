package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.McpShimProcess;
import support.PeakRss;
import support.TempRepo;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP server under abuse, with its default limits: thousands of malformed lines, a 50 MB line, JSON nested 100,000
 * deep, invalid UTF-8, 500 tools/call at once, and stdin closed while they run. Every message with an id is answered
 * exactly once, every malformed line gets exactly one error, and the server keeps serving; as a whole process in a
 * 64 MB heap it exits 0 on end of input with its peak RSS measured and bounded.
 */
@Timeout(120)
class McpAbuseTest {
    static final int MALFORMED = 5_000;
    static final int CALLS = 500;
    static final int DEPTH = 100_000;
    static final long MAX_RSS_MIB = 256;
    /** Lines that are each answered with one error whose id is null. */
    static final List<String> BAD = List.of("{bad json", "{\"jsonrpc\":\"2.0\",\"id\":7,\"meth", "42", "null", "{}",
            "\"ping\"", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", "]]]", "{\"a\":}");

    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String expectedDiff;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "a\n");
        repo.commit("a");
        repo.write("a.txt", "b\n").write("c.txt", "c\n");
        repo.commit("b");
        expectedDiff = new String(repo.gitDiff("HEAD~1...HEAD"), StandardCharsets.UTF_8);
    }

    static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }

    static String nestedObjects(int depth) {
        return "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
    }

    static String call(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"get_diff\","
                + "\"arguments\":{\"base\":\"HEAD~1\",\"head\":\"HEAD\"}}}";
    }

    @Test
    void deeplyNestedJsonIsAParseErrorAndTheServerKeepsServing() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (String line : List.of(nested(DEPTH), nestedObjects(DEPTH),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + nested(DEPTH) + "}}")) {
                s.sendLine(line);
                JsonNode r = s.next(McpSession.WAIT);
                McpCalls.assertError(-32700, r, null);
                assertTrue(r.get("error").get("message").asText().contains("nesting depth"), r.toString());
            }
            // Nesting well inside the limit is only JSON: the tool refuses the argument's type.
            JsonNode r = s.call("get_diff", McpCalls.json("{\"base\":" + nested(400) + "}"));
            McpCalls.assertInvalidInput(r, r.get("id").asInt());
            McpCalls.assertStillServing(s);
        }
    }

    @Test
    void aFiftyMegabyteLineIsRefusedUnderTheDefaultCapAndTheNextLineIsServed() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            byte[] chunk = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
            s.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 50; i++) {
                s.sendRaw(chunk);
            }
            s.sendRaw("\"}}\n".getBytes(StandardCharsets.US_ASCII));
            JsonNode r = s.next(McpSession.WAIT);
            McpCalls.assertError(-32600, r, null);
            assertTrue(r.get("error").get("message").asText().contains("larger than 4194304 bytes"), r.toString());
            McpCalls.assertStillServing(s);
        }
    }

    @Test
    void fiveHundredConcurrentCallsAreEachAnsweredOnce() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (int i = 0; i < CALLS; i++) {
                s.sendLine(call(i));
            }
            Map<Integer, JsonNode> byId = new HashMap<>();
            for (JsonNode r : s.next(CALLS, Duration.ofSeconds(90))) {
                assertTrue(byId.put(r.get("id").asInt(), r) == null, "answered twice: " + r.get("id"));
            }
            int served = tally(byId.values());
            System.out.println("    measured: " + CALLS + " concurrent calls in-process: " + served + " answered with the diff, "
                    + (CALLS - served) + " with -32000 busy");
            assertTrue(served >= 8, served + " served");
            McpCalls.assertStillServing(s);
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    /** Each answer is the diff or -32000 (busy, or stopped at end of input); returns how many were the diff. */
    static int tally(Iterable<JsonNode> answers) {
        int served = 0;
        for (JsonNode r : answers) {
            if (r.has("result")) {
                assertEquals(expectedDiff, McpCalls.responseText(r));
                served++;
            } else {
                assertEquals(-32000, r.get("error").get("code").asInt(), r.toString());
            }
        }
        return served;
    }

    /** Everything at once to a server process in a 64 MB heap, then stdin closed while the calls still run. */
    @Test
    void theServerProcessAnswersEverythingOnceInASmallHeapAndExitsOnEof() throws Exception {
        long start = System.nanoTime();
        Process p = McpShimProcess.shim(List.of("-Xmx64m"), "-C", repo.dir().toString());
        try (PeakRss rss = PeakRss.of(p)) {
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (java.io.IOException e) {
                    return e.toString();
                }
            });
            CompletableFuture<List<String>> lines = CompletableFuture.supplyAsync(() -> {
                List<String> all = new ArrayList<>();
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    r.lines().forEach(all::add);
                } catch (java.io.IOException e) {
                    all.add(e.toString());
                }
                return all;
            });
            int malformed = 0;
            try (OutputStream in = new java.io.BufferedOutputStream(p.getOutputStream(), 1 << 16)) {
                McpShimProcess.send(in, "initialize", "init", McpSession.initializeParams("2025-03-26"));
                McpShimProcess.send(in, "notifications/initialized", null, null);
                for (int i = 0; i < MALFORMED; i++, malformed++) {
                    in.write((BAD.get(i % BAD.size()) + "\n").getBytes(StandardCharsets.UTF_8));
                }
                in.write(new byte[] {'{', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', ':', '1', '}', '\n'});
                malformed++;
                byte[] chunk = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
                in.write("{\"pad\":\"".getBytes(StandardCharsets.US_ASCII));
                for (int i = 0; i < 50; i++) {
                    in.write(chunk);
                }
                in.write("\"}\n".getBytes(StandardCharsets.US_ASCII));
                malformed++;
                in.write((nested(DEPTH) + "\n" + nestedObjects(DEPTH) + "\n").getBytes(StandardCharsets.US_ASCII));
                malformed += 2;
                for (int i = 0; i < CALLS; i++) {
                    in.write((call(i) + "\n").getBytes(StandardCharsets.US_ASCII));
                }
            }  // stdin closes here, with the calls running
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the server did not exit after end of input");
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<String> out = lines.get(10, TimeUnit.SECONDS);
            assertEquals(0, p.exitValue(), stderr.get());
            int errorsWithoutId = 0;
            Map<String, JsonNode> byId = new HashMap<>();
            for (String line : out) {
                JsonNode r = McpCalls.json(line);
                if (r.get("id").isNull()) {
                    errorsWithoutId++;
                    assertTrue(r.has("error"), line);
                } else {
                    assertTrue(byId.put(r.get("id").toString(), r) == null, "answered twice: " + r.get("id"));
                }
            }
            assertEquals(malformed, errorsWithoutId, "one error per malformed line");
            assertTrue(byId.remove("\"init\"").has("result"));
            assertEquals(CALLS, byId.size(), "every call answered");
            int served = tally(byId.values());
            System.out.println("    measured: server process under -Xmx64m: " + malformed + " malformed lines (one of 50 MiB, two "
                    + DEPTH + " deep), " + CALLS + " calls (" + served + " served, " + (CALLS - served) + " busy), stdin closed mid-call: "
                    + out.size() + " answers, exit 0 after " + millis + " ms, peak RSS " + rss.mib() + " MiB");
            assertTrue(rss.mib() < MAX_RSS_MIB, rss.mib() + " MiB");
        } finally {
            p.destroyForcibly();
        }
    }
}
