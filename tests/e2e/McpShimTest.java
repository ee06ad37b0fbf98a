package e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.HangingRepo;
import support.Fixtures;
import support.TempRepo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.McpCalls.toolCall;
import static support.McpShimProcess.shim;
import static support.McpShimProcess.send;

/**
 * mcp-shim.java's entry point as a process of its own, on real stdin and stdout: options, a stdout that carries
 * nothing but protocol lines, and no git process left behind when the host stops the server with SIGTERM.
 * Started as a plain java process on this test's classpath, which holds McpShim and openapi.yaml.
 */
@Timeout(60)
class McpShimTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() {
        Fixtures.twoCommits(repo);
    }

    @Test
    void itServesOnStdioAndStdoutCarriesOnlyProtocolLines() throws Exception {
        Process p = shim("-C", repo.dir().toString());
        try (OutputStream in = p.getOutputStream()) {
            send(in, "initialize", 1, McpSession.initializeParams("2025-06-18"));
            send(in, "notifications/initialized", null, null);
            send(in, "tools/list", 2, null);
            send(in, "tools/call", 3, toolCall("get_commit_diff", "{\"hash\":\"HEAD\"}"));
            send(in, "tools/call", 4, toolCall("get_diff", "{\"base\":\"nope\"}"));
        }
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            out.lines().forEach(lines::add);
        }
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), stderr);
        assertEquals(4, lines.size(), lines + "\n" + stderr);
        List<JsonNode> answers = new ArrayList<>();
        for (String line : lines) {
            answers.add(McpCalls.json(line));
        }
        assertEquals("2025-06-18", answers.get(0).get("result").get("protocolVersion").asText());
        assertEquals(McpCalls.TOOLS.size(), answers.get(1).get("result").get("tools").size());
        JsonNode diff = answers.stream().filter(a -> a.get("id").asInt() == 3).findFirst().orElseThrow();
        assertEquals(new String(repo.gitDiff("HEAD^1", "HEAD"), StandardCharsets.UTF_8),
                diff.get("result").get("content").get(0).get("text").asText());
        JsonNode failed = answers.stream().filter(a -> a.get("id").asInt() == 4).findFirst().orElseThrow();
        McpCalls.toolError(failed.get("result"), "REF_NOT_FOUND");
        assertTrue(stderr.contains("prdiff-mcp: initialized, protocol 2025-06-18"), stderr);
    }

    @Test
    void helpAndBadOptionsSpeakOnStderrOnly() throws Exception {
        Process help = shim("--help");
        assertTrue(help.waitFor(20, TimeUnit.SECONDS));
        assertEquals(0, help.exitValue());
        assertEquals(0, help.getInputStream().readAllBytes().length);
        assertTrue(new String(help.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).startsWith("usage: prdiff-mcp"));

        for (String[] bad : List.of(new String[] {"--timeout", "0"}, new String[] {"--verbose"}, new String[] {"-C"})) {
            Process p = shim(bad);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(2, p.exitValue(), String.join(" ", bad));
            assertEquals(0, p.getInputStream().readAllBytes().length);
            assertTrue(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).contains("usage:"));
        }
    }

    @Test
    void timeoutBoundsEveryGitCall() throws Exception {
        try (HangingRepo hang = HangingRepo.create()) {
            Process p = shim("-C", hang.repo.dir().toString(), "--timeout", "1");
            try (OutputStream in = p.getOutputStream()) {
                send(in, "initialize", 1, McpSession.initializeParams("2025-11-25"));
                send(in, "tools/call", 2, toolCall("get_diff", "{}"));
            }
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(2, lines.size(), lines.toString());
            JsonNode body = McpCalls.toolError(McpCalls.json(lines.get(1)).get("result"), "TIMEOUT");
            assertTrue(body.get("message").asText().contains("timed out after 1s"), body.toString());
        }
    }

    @Test
    void sigtermLeavesNoGitProcessBehind() throws Exception {
        try (HangingRepo hang = HangingRepo.create()) {
            Process p = shim("-C", hang.repo.dir().toString());
            OutputStream in = p.getOutputStream();
            send(in, "initialize", 1, McpSession.initializeParams("2025-11-25"));
            send(in, "tools/call", 2, toolCall("get_diff", "{}"));
            List<ProcessHandle> tree = hang.awaitGit();
            p.destroy();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the server ignored SIGTERM");
            HangingRepo.assertAllExit(tree);
        }
    }
}
