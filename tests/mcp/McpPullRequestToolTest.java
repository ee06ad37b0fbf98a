package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.HangingRepo;
import support.OpenApiDocument;
import support.Fault;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.TempDirs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.McpCalls.argsOf;

/**
 * get_pull_request_diff over the protocol, through the real gh and git against the GitHub stand-in: the live
 * diff is gh's, a pinned sha is git's diff of the same objects, files_only is JSON that fits the document's
 * FileList schema, GitHub's failures are isError results, and a cancel kills a hanging gh.
 */
@Timeout(60)
class McpPullRequestToolTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static McpSession s;

    @BeforeAll
    static void start() {
        s = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(scenario.env));
    }

    @AfterAll
    static void stop() {
        if (s != null) {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    @BeforeEach
    void reset() {
        scenario.github.clearFaults();
    }

    static byte[] gh(String... args) {
        List<String> argv = new ArrayList<>(List.of("gh"));
        argv.addAll(List.of(args));
        Proc.Result r = Proc.run(argv, scenario.clone.dir(), scenario.env, Duration.ofSeconds(30));
        assertEquals(0, r.exit(), r.stderr());
        return r.stdout();
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void theLiveDiffIsGhsOwnAndFileCutsItsSections() {
        String whole = utf8(gh("pr", "diff", "1", "-R", "octo/demo"));
        assertTrue(whole.length() > 1000);
        assertEquals(whole, McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1, "repo", "octo/demo")));
        assertEquals(whole, McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1)));
        String a = McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1, "file", "lib/a/index.ts"));
        assertTrue(a.startsWith("diff --git a/lib/a/index.ts b/lib/a/index.ts\n"), a);
        assertTrue(whole.contains(a), a);
        assertEquals("# prdiff: no changed file matches 'index.ts'; did you mean lib/a/index.ts, lib/b/index.ts?\n",
                McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1, "file", "index.ts")));
    }

    @Test
    void aPinnedShaIsGitsDiffOfThoseObjects() {
        String pinned = McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1, "sha", scenario.pr.headSha()));
        assertEquals(utf8(scenario.clone.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha())), pinned);
        String one = McpCalls.ok(s, "get_pull_request_diff",
                argsOf("pr_number", 1, "sha", scenario.pr.headSha().substring(0, 12), "file", "src/app.ts"));
        assertEquals(utf8(scenario.clone.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha(), "--", "src/app.ts")), one);
        assertEquals("", scenario.clone.text("status", "--porcelain"));
    }

    /** base_sha pins the base as --base-sha does: nothing is asked of GitHub, and the base named is the one used. */
    @Test
    void bothShasPinnedAnswerFromObjectsWithoutAskingGitHub() {
        String head = scenario.pr.headSha();
        String range = scenario.pr.baseSha() + "..." + head;
        McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1, "sha", head)); // fetches the head if needed
        scenario.github.clearRequests();
        scenario.github.inject(Fault.SERVER_ERROR);
        assertEquals(utf8(scenario.clone.gitDiff(range, "--", "src/app.ts")), McpCalls.ok(s, "get_pull_request_diff",
                argsOf("pr_number", 1, "sha", head, "base_sha", scenario.pr.baseSha(), "file", "src/app.ts")));
        assertEquals("", McpCalls.ok(s, "get_pull_request_diff", argsOf("pr_number", 1, "sha", head, "base_sha", head)),
                "head...head: the pinned base is the one used");
        assertEquals(List.of(), scenario.github.requests());
        McpCalls.toolError(s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "sha", head)), "NETWORK_ERROR");
        scenario.github.clearFaults();
        McpCalls.toolError(s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "base_sha", head)), "INVALID_INPUT");
    }

    @Test
    void filesOnlyIsJsonThatFitsTheDocumentsFileListSchema() {
        JsonNode schema = OpenApiDocument.load().outputSchema("get_changed_files");
        JsonNode liveResult = s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "files_only", true));
        JsonNode live = McpCalls.textJson(liveResult, schema);
        List<String> all = McpCalls.numstat(scenario.origin.work(), scenario.pr.baseSha() + "..." + scenario.pr.headSha());
        assertEquals(all, McpCalls.listed(live));
        assertEquals(scenario.pr.headSha(), live.get("head_sha").asText());
        assertEquals("github", live.get("source").asText());
        // structuredContent: the envelope listing no change (the text lists them), its summary counting them all.
        JsonNode envelope = McpCalls.envelope(liveResult, "get_pull_request_diff");
        assertEquals(List.of(), McpCalls.changed(envelope));
        assertEquals(all.size(), envelope.at("/data/summary/files").asInt());

        JsonNode pinnedResult = s.callResult("get_pull_request_diff",
                argsOf("pr_number", 1, "files_only", true, "sha", scenario.pr.headSha(), "file", "src/app.ts"));
        JsonNode pinned = McpCalls.textJson(pinnedResult, schema);
        List<String> one = all.stream().filter(f -> f.startsWith("src/app.ts ")).toList();
        assertEquals(one, McpCalls.listed(pinned));
        assertEquals("git", pinned.get("source").asText());
        assertEquals(1, McpCalls.envelope(pinnedResult, "get_pull_request_diff").at("/data/summary/files").asInt());
    }

    /**
     * files_only answers as get_changed_files does: a list over max_bytes is a page whose whole result is within it,
     * with a second text block naming the next skip; the pages together are the whole list, and each file is named
     * once in all the result (the text; structuredContent lists no change).
     */
    @Test
    void filesOnlyPagesWithinMaxBytesAndSendsTheListOnce() {
        PullRequestFixture many = scenario.origin.pull(6).orElseGet(
                () -> scenario.origin.openManyFilePullRequest(6, "files-only-pages", 90));
        List<String> all = McpCalls.numstat(scenario.origin.work(), many.baseSha() + "..." + many.headSha());
        JsonNode schema = OpenApiDocument.load().outputSchema("get_changed_files");
        for (Object[] pin : new Object[][] {{}, {"sha", many.headSha()}}) {
            for (int max : new int[] {3000, 7000}) {
                List<String> walked = new ArrayList<>();
                int skip = 0;
                int pages = 0;
                while (true) {
                    ObjectNode args = argsOf("pr_number", 6, "files_only", true, "max_bytes", max, "skip", skip);
                    for (int i = 0; i < pin.length; i += 2) {
                        args.put((String) pin[i], (String) pin[i + 1]);
                    }
                    JsonNode result = s.callResult("get_pull_request_diff", args);
                    String where = args + " -> " + result;
                    String sent = Json.write(result);
                    assertTrue(sent.getBytes(StandardCharsets.UTF_8).length <= max, where);
                    JsonNode list = McpCalls.json(result.at("/content/0/text").asText());
                    assertEquals(List.of(), support.SchemaViolations.of(schema, list), where);
                    JsonNode envelope = McpCalls.envelope(result, "get_pull_request_diff");
                    assertEquals(List.of(), McpCalls.changed(envelope), where);
                    assertEquals(all.size(), envelope.at("/data/summary/files").asInt(), where);
                    List<String> page = McpCalls.listed(list);
                    for (JsonNode f : list.get("files")) {
                        String path = f.get("path").asText();
                        assertEquals(1, sent.split(java.util.regex.Pattern.quote(path), -1).length - 1,
                                path + " is named once: " + where);
                    }
                    walked.addAll(page);
                    pages++;
                    JsonNode p = list.get("pagination");
                    if (p == null || !p.get("has_more").asBoolean()) {
                        assertEquals(1, result.get("content").size(), where);
                        break;
                    }
                    assertEquals(p, envelope.get("pagination"), where);
                    int next = p.get("next_skip").asInt();
                    assertEquals("# prdiff: files " + (skip + 1) + " to " + next + " of " + all.size() + " shown"
                            + " (max_bytes " + max + "); next page: the same call with skip " + next + "\n",
                            result.at("/content/1/text").asText(), where);
                    skip = next;
                }
                assertTrue(pages > 1, max + ": " + pages + " pages");
                assertEquals(all, walked, "max_bytes " + max + " " + List.of(pin));
            }
        }
    }

    /**
     * info: the pull request's metadata as GitHub's REST answer (read here with the real gh) holds it, as JSON that is
     * both the text and the structuredContent; a body too long for max_bytes is cut, and a warning says so.
     */
    @Test
    void infoIsThePullRequestsMetadataWithinItsBudget() throws Exception {
        JsonNode rest = Json.MAPPER.readTree(gh("api", "repos/octo/demo/pulls/1"));
        JsonNode result = s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "info", true));
        JsonNode structured = McpCalls.envelope(result, "get_pull_request_diff");
        assertEquals(structured, McpCalls.json(McpCalls.text(result)));
        JsonNode pr = structured.get("pull_request");
        assertEquals(rest.get("title"), pr.get("title"));
        assertEquals(rest.get("state"), pr.get("state"));
        assertEquals(rest.get("draft"), pr.get("draft"));
        assertEquals(rest.at("/user/login"), pr.get("author"));
        assertEquals(rest.at("/head/sha"), pr.get("head_sha"));
        assertEquals(rest.at("/head/ref"), pr.get("head_ref"));
        assertEquals(rest.at("/base/sha"), pr.get("base_sha"));
        assertEquals(rest.at("/base/ref"), pr.get("base_ref"));
        for (String count : List.of("commits", "additions", "deletions", "changed_files")) {
            assertEquals(rest.get(count), pr.get(count), count);
        }
        assertEquals(scenario.pr.headSha(), pr.get("head_sha").asText());
        JsonNode mixed = McpCalls.toolError(s.callResult("get_pull_request_diff",
                argsOf("pr_number", 1, "info", true, "file", "src/app.ts")), "INVALID_INPUT");
        assertTrue(mixed.get("message").asText().contains("drop file"), mixed.toString());

        String body = "Review notes \u00e9 \uD83D\uDE42 with a long tail.\n".repeat(8000);
        scenario.github.rewrite("/repos/octo/demo/pulls/1", reply -> {
            JsonNode json = McpCalls.json(reply.bodyText());
            if (json instanceof ObjectNode o && o.has("number")) {
                o.put("body", body);
                return support.Reply.json(reply.status(), o);
            }
            return reply;
        });
        try (McpSession fresh = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(scenario.env))) {
            JsonNode whole = fresh.callResult("get_pull_request_diff", argsOf("pr_number", 1, "info", true,
                    "max_bytes", 8388608));
            assertEquals(body, McpCalls.envelope(whole, "get_pull_request_diff").at("/pull_request/body").asText());
            for (int max : new int[] {100000, 20000}) {
                JsonNode cut = fresh.callResult("get_pull_request_diff", max == 100000
                        ? argsOf("pr_number", 1, "info", true) : argsOf("pr_number", 1, "info", true, "max_bytes", max));
                long size = Json.write(cut).getBytes(StandardCharsets.UTF_8).length;
                assertTrue(size <= max && size > max - 1000, max + ": " + size);
                JsonNode env = McpCalls.envelope(cut, "get_pull_request_diff");
                String kept = env.at("/pull_request/body").asText();
                assertTrue(body.startsWith(kept) && kept.length() < body.length(), kept.length() + " chars");
                assertEquals("the body is cut at " + kept.length() + " of its " + body.length() + " characters to keep"
                        + " the answer within max_bytes " + max + "; a larger max_bytes gives more",
                        env.at("/warnings/0").asText());
                assertEquals(rest.get("title"), env.at("/pull_request/title"));
            }
        }
    }

    /** The diff, its json envelope and its stat each carry the envelope, valid and with gh's files. */
    @Test
    void everyAnswerCarriesTheEnvelopeAsStructuredContent() {
        List<String> all = McpCalls.numstat(scenario.origin.work(), scenario.pr.baseSha() + "..." + scenario.pr.headSha());
        JsonNode diff = s.callResult("get_pull_request_diff", argsOf("pr_number", 1));
        assertEquals(utf8(gh("pr", "diff", "1", "-R", "octo/demo")), McpCalls.text(diff));
        JsonNode bare = McpCalls.envelope(diff, "get_pull_request_diff");
        assertEquals(all, McpCalls.changed(bare));
        bare.at("/data/changes").forEach(c -> assertTrue(!c.has("diff") && !c.has("diff_base64"), c.toString()));
        JsonNode json = s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "json", true));
        JsonNode full = McpCalls.json(McpCalls.text(json));
        ObjectNode bareJson = full.deepCopy();
        bareJson.remove("data");
        assertEquals(bareJson, McpCalls.envelope(json, "get_pull_request_diff"), "the text holds the data once");
        assertEquals(all, McpCalls.changed(full));
        JsonNode stat = s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "stat", true));
        assertEquals(all, McpCalls.changed(McpCalls.envelope(stat, "get_pull_request_diff")));
    }

    @Test
    void anUnknownShaIsShaNotFoundNeverTheLiveHead() {
        JsonNode body = McpCalls.toolError(s.callResult("get_pull_request_diff",
                argsOf("pr_number", 1, "sha", "0123456789abcdef0123456789abcdef01234567")), "SHA_NOT_FOUND");
        assertTrue(body.get("message").asText().contains("0123456789abcdef0123456789abcdef01234567"), body.toString());
    }

    @Test
    void aShaWithoutACloneIsNotARepository() throws Exception {
        Path empty = TempDirs.create("prdiff-noclone-");
        try {
            JsonNode body = McpCalls.toolError(s.callResult("get_pull_request_diff", argsOf("pr_number", 1,
                    "repo", "octo/demo", "sha", scenario.pr.headSha(), "repo_path", empty.toString())), "NOT_A_REPOSITORY");
            assertTrue(body.get("message").asText().contains("octo/demo"), body.toString());
        } finally {
            Files.delete(empty);
        }
    }

    @Test
    void gitHubsFailuresAreIsErrorResultsWithTheClisCodes() {
        scenario.github.inject(Fault.RATE_LIMITED);
        JsonNode limited = McpCalls.toolError(
                s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "repo", "octo/demo")), "RATE_LIMIT");
        assertTrue(limited.get("retry_after_seconds").isIntegralNumber(), limited.toString());
        assertTrue(limited.get("retry_after_seconds").asInt() > 0, limited.toString());
        McpCalls.toolError(s.callResult("get_pull_request_diff", argsOf("pr_number", 1, "files_only", true)), "RATE_LIMIT");
        scenario.github.clearFaults();

        scenario.github.inject(Fault.BAD_CREDENTIALS);
        McpCalls.toolError(s.callResult("get_pull_request_diff", argsOf("pr_number", 1)), "AUTH_ERROR");
        scenario.github.clearFaults();

        McpCalls.toolError(s.callResult("get_pull_request_diff", argsOf("pr_number", 99, "repo", "octo/demo")), "NOT_FOUND");
        McpCalls.toolError(s.callResult("get_pull_request_diff",
                argsOf("pr_number", 1, "repo", "octo/demo", "file", "a\u0000b")), "INVALID_INPUT");
    }

    /** The server keeps a pull request's diff in memory: with the disk cache emptied, reading on downloads nothing. */
    @Test
    void aServerReadsAPullRequestFileByFileWithOneDownload() throws Exception {
        java.nio.file.Path cache = TempDirs.create("prdiff-mcp-cache-");
        java.util.Map<String, String> env = new java.util.HashMap<>(scenario.env);
        env.put("PRDIFF_CACHE_DIR", cache.toString());
        McpSession own = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(env));
        try {
            scenario.github.clearRequests();
            JsonNode first = own.callResult("get_pull_request_diff", argsOf("pr_number", 1, "file", "src/app.ts"));
            assertEquals(false, first.path("isError").asBoolean(false), first.toString());
            try (var files = java.nio.file.Files.list(cache)) {
                for (java.nio.file.Path f : files.toList()) {
                    java.nio.file.Files.delete(f);
                }
            }
            for (String path : List.of("lib/a/index.ts", "new name.txt", "gone.txt")) {
                JsonNode r = own.callResult("get_pull_request_diff", argsOf("pr_number", 1, "file", path));
                assertTrue(r.path("content").get(0).path("text").asText().contains(path), r.toString());
            }
            long downloads = scenario.github.requests().stream()
                    .filter(r -> r.accept() != null && r.accept().contains("diff")).count();
            assertEquals(1, downloads, scenario.github.requests().toString());
        } finally {
            assertEquals(List.of(), own.finish(McpSession.WAIT));
        }
    }

    @Test
    void cancellingACallWaitingOnGitHubKillsItsGh() throws Exception {
        scenario.github.inject(Fault.HANG);
        s.sendRequest("hang", "tools/call", McpCalls.toolCall("get_pull_request_diff", "{\"pr_number\":1}"));
        ProcessHandle gh = null;
        long deadline = System.nanoTime() + McpSession.WAIT.toNanos();
        while (gh == null && System.nanoTime() < deadline) {
            gh = support.ProcessTable.ownDescendants()
                    .filter(p -> p.info().command().orElse("").endsWith("/gh"))
                    .filter(p -> p.info().commandLine().orElse("").matches(".*(pr diff 1|api .*pulls/1).*"))
                    .findFirst().orElse(null);
            Thread.sleep(20);
        }
        assertTrue(gh != null, "gh never started");
        List<ProcessHandle> tree = new ArrayList<>(List.of(gh));
        gh.descendants().forEach(tree::add);
        s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "hang"));
        HangingRepo.assertAllExit(tree);
        scenario.github.clearFaults();
        McpCalls.assertStillServing(s);
    }
}
