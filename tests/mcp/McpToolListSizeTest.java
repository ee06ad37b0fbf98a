package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.prdiff.mcp.McpServer;
import support.McpSession;
import support.Fixtures;
import support.TempRepo;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An agent pays for the tool list in every conversation, so tools/list's result, serialized as the server sends
 * it, is at most 12,000 bytes under every handshake protocol version (from 2025-06-18 on with outputSchema). What
 * the tools share is explained once, in the server's instructions; the schemas keep every type, enum, bound,
 * pattern and required argument.
 */
@Timeout(30)
@support.Parallel
class McpToolListSizeTest {
    static final int LIMIT = 12_000;

    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void init() {
        Fixtures.oneCommit(repo);
    }

    @Test
    void theToolListIsAtMostTwelveThousandBytes() {
        for (String version : McpServer.HANDSHAKE_VERSIONS) {
            JsonNode result;
            try (McpSession s = McpSession.start(McpSession.config(repo.dir()))) {
                JsonNode init = s.request("initialize", McpSession.initializeParams(version));
                assertTrue(init.has("result"), init.toString());
                s.notify("notifications/initialized", null);
                result = s.request("tools/list", null).get("result");
            }
            int size = bytes(result);
            StringBuilder perTool = new StringBuilder();
            result.get("tools").forEach(t -> perTool.append(' ').append(t.get("name").asText()).append('=').append(bytes(t)));
            assertTrue(size <= LIMIT, version + ": tools/list is " + size + " bytes, limit " + LIMIT + ";" + perTool);
        }
    }

    /** A local tool's text never speaks of pull requests: what it says about them would only cost the agent. */
    @Test
    void noLocalToolSpeaksOfPullRequests() {
        JsonNode tools;
        try (McpSession s = McpSession.initialized(repo.dir())) {
            tools = s.request("tools/list", null).at("/result/tools");
        }
        for (JsonNode t : tools) {
            String name = t.get("name").asText();
            String text = t.toString().toLowerCase(java.util.Locale.ROOT);
            if (!name.equals("get_pull_request_diff")) {
                for (String word : java.util.List.of("pull request", "pull_request", "github", "\\bpr\\b")) {
                    assertTrue(!java.util.regex.Pattern.compile(word).matcher(text).find(), name + " speaks of " + word + ": " + text);
                }
            }
        }
    }

    static int bytes(JsonNode node) {
        return node.toString().getBytes(StandardCharsets.UTF_8).length;
    }
}
