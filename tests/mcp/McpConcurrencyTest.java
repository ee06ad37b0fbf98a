package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.HangingRepo;
import support.TempRepo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.McpCalls.responseText;

/**
 * tools/call on the worker pool: many calls at once, each answered exactly once with its own result (checked
 * against git's output for the same objects); notifications/cancelled killing the git process of a running call
 * and suppressing its answer; a full pool answering busy. The server keeps serving after each.
 */
@Timeout(60)
class McpConcurrencyTest {

    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static List<String> commits = new ArrayList<>();

    @BeforeAll
    static void fixture() {
        for (int i = 0; i < 10; i++) {
            repo.write("shared.txt", "line " + i + "\ncommon\n");
            repo.write("file-" + i + ".txt", ("content of " + i + "\n").repeat(i + 1));
            if (i > 0 && i % 3 == 0) {
                repo.delete("file-" + (i - 3) + ".txt");
            }
            commits.add(repo.commit("commit " + i));
        }
    }

    static ObjectNode call(String tool, String... keyValues) {
        ObjectNode p = JsonNodeFactory.instance.objectNode().put("name", tool);
        ObjectNode a = p.putObject("arguments");
        for (int i = 0; i < keyValues.length; i += 2) {
            a.put(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void aHundredConcurrentCallsAreEachAnsweredOnceWithTheirOwnResult() {
        String emptyTree = repo.text("hash-object", "-t", "tree", "/dev/null").trim();
        Map<JsonNode, ObjectNode> requests = new HashMap<>();
        Map<JsonNode, Consumer<JsonNode>> checks = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            // Half the ids are strings, so "7" and 7 both appear and must not be confused.
            JsonNode id = i % 2 == 0 ? Json.MAPPER.valueToTree(i / 2) : Json.MAPPER.valueToTree(String.valueOf(i / 2));
            String a = commits.get(i % 10);
            String b = commits.get((i * 7 + 3) % 10);
            switch (i % 3) {
                case 0 -> {
                    String parent = i % 10 == 0 ? emptyTree : commits.get(i % 10 - 1);
                    String expected = new String(repo.gitDiff(parent, a), java.nio.charset.StandardCharsets.UTF_8);
                    requests.put(id, call("get_commit_diff", "hash", a));
                    checks.put(id, r -> assertEquals(expected, responseText(r), "get_commit_diff " + a));
                }
                case 1 -> {
                    String expected = new String(repo.gitDiff(a + "..." + b), java.nio.charset.StandardCharsets.UTF_8);
                    requests.put(id, call("get_diff", "base", a, "head", b));
                    checks.put(id, r -> assertEquals(expected, responseText(r), "get_diff " + a + "..." + b));
                }
                default -> {
                    List<String> expected = McpCalls.numstat(repo, a + "..." + b);
                    requests.put(id, call("get_changed_files", "base", a, "head", b));
                    checks.put(id, r -> assertEquals(expected, McpCalls.listed(McpCalls.fileList(r.get("result"))),
                            "get_changed_files " + a + "..." + b));
                }
            }
        }
        assertEquals(100, requests.size());
        McpSession s = McpSession.initialized(repo.dir());
        long start = System.nanoTime();
        requests.forEach((id, params) -> s.sendRequest(id, "tools/call", params));
        List<JsonNode> responses = s.next(100, Duration.ofSeconds(45));
        long millis = (System.nanoTime() - start) / 1_000_000;
        Map<String, JsonNode> byId = new HashMap<>();
        for (JsonNode r : responses) {
            JsonNode previous = byId.put(r.get("id").toString(), r);
            assertTrue(previous == null, "answered twice: " + r.get("id"));
        }
        for (Map.Entry<JsonNode, Consumer<JsonNode>> check : checks.entrySet()) {
            JsonNode response = byId.get(check.getKey().toString());
            assertTrue(response != null, "no answer for " + check.getKey());
            check.getValue().accept(response);
        }
        McpCalls.assertStillServing(s);
        assertEquals(List.of(), s.finish(McpSession.WAIT), "nothing beyond one answer per request");
        assertTrue(millis < 40_000, "100 calls took " + millis + "ms");
    }

    @Test
    void cancellingARunningCallKillsItsGitAndSendsNoAnswer() throws Exception {
        try (HangingRepo hang = HangingRepo.create()) {
            McpSession s = McpSession.initialized(repo.dir());
            s.sendRequest("slow", "tools/call", call("get_diff", "repo_path", hang.repo.dir().toString()));
            List<ProcessHandle> tree = hang.awaitGit();
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "slow")
                    .put("reason", "user gave up"));
            HangingRepo.assertAllExit(tree);
            McpCalls.assertStillServing(s);
            String head = commits.get(9);
            assertEquals(new String(repo.gitDiff(head + "^1", head), java.nio.charset.StandardCharsets.UTF_8),
                    responseText(s.request("tools/call", call("get_commit_diff", "hash", head))));
            // A second cancel for the same id, and one for an id never used, change nothing.
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "slow"));
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", 404));
            assertEquals(List.of(), s.finish(McpSession.WAIT), "the cancelled call was answered");
            assertTrue(s.log().contains("cancelled request \"slow\" (user gave up)"), s.log());
        }
    }

    @Test
    void aCancelledCallWaitingForAWorkerNeverRunsAndTheQueueMovesOn() throws Exception {
        McpServer.Config oneWorker = McpSession.config(repo.dir()).withPool(1, 4);
        try (HangingRepo hang = HangingRepo.create()) {
            McpSession s = McpSession.initialized(oneWorker);
            s.sendRequest("running", "tools/call", call("get_diff", "repo_path", hang.repo.dir().toString()));
            List<ProcessHandle> tree = hang.awaitGit();
            s.sendRequest("queued", "tools/call", call("get_commit_diff", "hash", "HEAD"));
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "queued"));
            s.expectSilence(Duration.ofMillis(300));
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "running"));
            HangingRepo.assertAllExit(tree);
            JsonNode after = s.request("tools/call", call("get_commit_diff", "hash", "HEAD"));
            assertTrue(responseText(after).startsWith("diff --git "), after.toString());
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    @Test
    void aFullPoolAnswersBusyAndServesAgainOnceItDrains() throws Exception {
        McpServer.Config tiny = McpSession.config(repo.dir()).withPool(1, 1);
        try (HangingRepo hang = HangingRepo.create()) {
            McpSession s = McpSession.initialized(tiny);
            ObjectNode slow = call("get_diff", "repo_path", hang.repo.dir().toString());
            s.sendRequest("a", "tools/call", slow);
            List<ProcessHandle> tree = hang.awaitGit();
            s.sendRequest("b", "tools/call", slow);
            JsonNode busy = s.request("tools/call", call("get_commit_diff", "hash", "HEAD"));
            assertEquals(-32000, busy.get("error").get("code").asInt(), busy.toString());
            McpCalls.assertStillServing(s);
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "b"));
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "a"));
            HangingRepo.assertAllExit(tree);
            assertTrue(responseText(s.request("tools/call", call("get_commit_diff", "hash", "HEAD"))).startsWith("diff --git "));
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    /** Cancels racing completions: whichever wins, a request gets one whole answer or none, never an error. */
    @Test
    void cancelsRacingCompletionsNeverAnswerTwiceOrHalfway() {
        McpSession s = McpSession.initialized(repo.dir());
        String head = commits.get(9);
        String expected = new String(repo.gitDiff(head + "^1", head), java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < 50; i++) {
            s.sendRequest("race-" + i, "tools/call", call("get_commit_diff", "hash", head));
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "race-" + i));
        }
        JsonNode last = s.sendRequest("last", "ping", null);
        List<JsonNode> rest = new ArrayList<>();
        JsonNode m;
        do {
            m = s.next(McpSession.WAIT);
            rest.add(m);
        } while (!McpSession.sameId(last, m.get("id")));
        rest.addAll(s.finish(McpSession.WAIT));
        Map<String, Integer> answers = new HashMap<>();
        for (JsonNode r : rest) {
            if (r.get("id").asText().startsWith("race-")) {
                answers.merge(r.get("id").asText(), 1, Integer::sum);
                assertEquals(expected, responseText(r));
            }
        }
        answers.forEach((id, n) -> assertEquals(1, n, id));
    }

    @Test
    void aStatelessCallCanBeCancelledToo() throws Exception {
        try (HangingRepo hang = HangingRepo.create(); McpSession s = McpSession.start(repo.dir())) {
            ObjectNode slow = call("get_diff", "repo_path", hang.repo.dir().toString());
            slow.set("_meta", McpCalls.modernParams().get("_meta"));
            s.sendRequest(7, "tools/call", slow);
            List<ProcessHandle> tree = hang.awaitGit();
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", 7));
            HangingRepo.assertAllExit(tree);
            JsonNode pong = s.request("ping", McpCalls.modernParams());
            assertEquals("complete", pong.get("result").get("resultType").asText());
        }
    }

    @Test
    void endOfInputLetsARunningCallFinishAndAnswer() throws Exception {
        try (HangingRepo hang = HangingRepo.create()) {
            McpSession s = McpSession.initialized(McpSession.config(repo.dir()).withGitTimeout(Duration.ofSeconds(2)));
            s.sendRequest("last", "tools/call", call("get_diff", "repo_path", hang.repo.dir().toString()));
            hang.awaitGit();
            List<JsonNode> rest = s.finish(McpSession.WAIT);
            assertEquals(1, rest.size(), rest.toString());
            assertEquals("last", rest.get(0).get("id").asText());
            JsonNode body = McpCalls.toolError(rest.get(0).get("result"), "TIMEOUT");
            assertTrue(body.get("message").asText().contains("timed out after 2s"), body.toString());
        }
    }
}
