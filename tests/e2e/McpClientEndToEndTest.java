package e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BigRange;
import support.BudgetAnswer;
import support.DiffSections;
import support.McpCalls;
import support.McpClientNode;
import support.OpenApiDocument;
import support.Proc;
import support.PullRequestScenario;
import support.RepoRoot;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #4's end-to-end proof: the official MCP TypeScript SDK client (tests/mcp-client) starts the real server with
 * {@code ./jbang mcp-shim.java}, lists the tools and calls each one; every answer is checked against git's own
 * output, gh's, and the schemas openapi.yaml declares. The client runs once; each test reads part of its report.
 */
class McpClientEndToEndTest {
    static final String MISSING_SHA = "0123456789abcdef0123456789abcdef01234567";
    static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static TempRepo local;
    /** A range of hundreds of files, far over the default budget, for the walk. */
    static TempRepo big;
    static String bigBase;
    static OpenApiDocument openApi;
    static McpClientNode.Report report;

    @BeforeAll
    static void runTheClient() {
        openApi = OpenApiDocument.load();
        local = TempRepo.init();
        big = TempRepo.init();
        bigBase = BigRange.build(big, 150);
        PullRequestScenario.branchedHistory(local);
        local.checkout("feature");

        List<ObjectNode> cases = List.of(
                call("diff", "get_diff", "base", "main", "head", "feature"),
                call("diff-path", "get_diff", "base", "main", "path", "lib/a/index.ts,lib/b/index.ts"),
                withTextSchema(call("diff-json", "get_diff", "base", "main", "head", "feature", "json", true),
                        openApi.responseSchema("get_diff", "application/json")),
                withTextSchema(call("diff-head-alone", "get_diff", "head", "feature"), openApi.errorSchema("get_diff")),
                withTextSchema(call("diff-typo", "get_diff", "pathh", "x"), openApi.errorSchema("get_diff")),
                call("commit", "get_commit_diff", "hash", local.text("rev-parse", "feature").trim()),
                withTextSchema(call("commit-unknown", "get_commit_diff", "hash", MISSING_SHA),
                        openApi.errorSchema("get_commit_diff")),
                withTextSchema(call("changed", "get_changed_files", "base", "main", "head", "feature"),
                        openApi.responseSchema("get_changed_files", "application/json")),
                call("pr", "get_pull_request_diff", "pr_number", 1, "repo", "octo/demo"),
                call("pr-file", "get_pull_request_diff", "pr_number", 1, "repo", "octo/demo",
                        "file", "lib/a/index.ts,lib/b/index.ts"),
                filesOnlyCase(),
                call("pr-sha", "get_pull_request_diff", "pr_number", 1, "repo_path", scenario.clone.dir().toString(),
                        "sha", scenario.pr.headSha()),
                withTextSchema(call("pr-unknown", "get_pull_request_diff", "pr_number", 99, "repo", "octo/demo"),
                        openApi.errorSchema("get_pull_request_diff")),
                call("walk", "get_diff", "repo_path", big.dir().toString(), "base", bigBase, "head", "HEAD",
                        "no_binary", false, "skip_generated", false).put("walk", true));
        Path root = RepoRoot.find();
        List<String> server = List.of(root.resolve("jbang").toString(), root.resolve("mcp-shim.java").toString(),
                "-C", local.dir().toString());
        report = McpClientNode.run(cases, server, McpClientNode.withJbangCaches(scenario.env));
    }

    @AfterAll
    static void stop() {
        if (local != null) {
            local.close();
        }
        if (big != null) {
            big.close();
        }
    }

    /** files_only: the text is a FileList; structuredContent, checked against the DiffEnvelope, lists no change. */
    static ObjectNode filesOnlyCase() {
        return withTextSchema(call("pr-files-only", "get_pull_request_diff", "pr_number", 1, "repo", "octo/demo",
                "files_only", true), openApi.responseSchema("get_changed_files", "application/json"));
    }

    /** A case for e2e.mjs: a name for the report, the tool, and its arguments as name/value pairs. */
    static ObjectNode call(String name, String tool, Object... arguments) {
        ObjectNode c = JsonNodeFactory.instance.objectNode().put("name", name).put("tool", tool);
        ObjectNode args = c.putObject("arguments");
        for (int i = 0; i < arguments.length; i += 2) {
            args.set((String) arguments[i], JSON.valueToTree(arguments[i + 1]));
        }
        return c;
    }

    static ObjectNode withTextSchema(ObjectNode c, JsonNode schema) {
        c.set("textSchema", schema);
        return c;
    }

    /** The call's result, which must have completed without a client-side or schema complaint. */
    static JsonNode result(String name) {
        JsonNode call = report.call(name);
        String where = name + ": " + call;
        assertTrue(call.path("clientError").isNull(), where);
        assertTrue(call.path("structuredContentErrors").isNull(), where);
        assertTrue(call.path("textJsonErrors").isMissingNode() || call.path("textJsonErrors").isNull(), where);
        JsonNode result = call.get("result");
        assertEquals(1, result.path("content").size(), where);
        assertEquals("text", result.path("content").get(0).path("type").asText(), where);
        return result;
    }

    static JsonNode success(String name) {
        JsonNode result = result(name);
        assertFalse(result.path("isError").asBoolean(false), name + ": " + result);
        return result;
    }

    static byte[] text(String name) {
        return success(name).get("content").get(0).get("text").asText().getBytes(StandardCharsets.UTF_8);
    }

    /** An isError result whose text is a ToolError JSON object (schema-checked by the client) with this code. */
    static JsonNode error(String name, String code) throws Exception {
        JsonNode result = result(name);
        assertTrue(result.path("isError").asBoolean(false), name + ": " + result);
        assertTrue(result.path("structuredContent").isMissingNode(), name + ": " + result);
        JsonNode body = JSON.readTree(result.get("content").get(0).get("text").asText());
        assertEquals(code, body.path("error_code").asText(), name + ": " + body);
        return body;
    }

    /** {@code git diff --numstat -M} of the range as "path added deleted" lines, in diff order ("-" for binary). */
    static List<String> numstat(TempRepo repo, String range) {
        String[] z = repo.text("diff", "--numstat", "-z", "-M", range).split("\0");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < z.length; i++) {
            String[] c = z[i].split("\t", 3);
            String path = c[2].isEmpty() ? z[i += 2] : c[2];
            lines.add(path + " " + c[0] + " " + c[1]);
        }
        return lines;
    }

    /** The same lines from a FileList; binary files count 0 and may say binary:true. */
    static List<String> counts(JsonNode fileList, boolean binaryIsDash) {
        List<String> lines = new ArrayList<>();
        for (JsonNode f : fileList.get("files")) {
            boolean binary = binaryIsDash && f.path("binary").asBoolean(false);
            lines.add(f.get("path").asText() + " " + (binary ? "- -"
                    : f.get("additions").asLong() + " " + f.get("deletions").asLong()));
        }
        return lines;
    }

    /**
     * The SDK client walks a range of 150 files (over 2 MB of diff) under the default budget as an agent would:
     * the cursor on each answer's last line to the end, then the calls the tables name (a section over the budget
     * page by page). No result is over 100000 bytes as sent, every structuredContent is valid, and the sections it
     * got are git's whole diff, byte for byte.
     */
    @Test
    void theClientWalksALargeRangeWithinTheBudgetAndGetsGitsWholeDiff() {
        JsonNode call = report.call("walk");
        assertTrue(call.path("clientError").isNull(), call.toString());
        byte[] git = big.gitDiff(bigBase + "...HEAD");
        assertTrue(git.length > 1_000_000, git.length + " bytes");
        java.util.Map<String, byte[]> sections = DiffSections.sectionsOf(git);
        java.util.Map<String, byte[]> got = new java.util.HashMap<>();
        int cursors = 0;
        int paged = 0;
        StringBuilder pages = new StringBuilder();
        for (JsonNode step : call.get("walk")) {
            String where = step.get("tool").asText() + " " + step.get("arguments");
            // Each call's budget: the default, or the max_bytes a table's own call names for a large file.
            long budget = step.at("/arguments/max_bytes").asLong(100_000);
            assertTrue(step.get("bytes").asLong() <= budget, where + ": " + step.get("bytes") + " bytes");
            JsonNode result = step.get("result");
            assertFalse(result.path("isError").asBoolean(false), where + ": " + result);
            assertTrue(result.has("structuredContent"), where);
            cursors += step.at("/arguments/cursor").isMissingNode() ? 0 : 1;
            String text = result.at("/content/0/text").asText();
            // A section over the budget: its pages, each without its last line, joined to the one that ends it.
            String[] apart = McpCalls.guidanceApart(text);
            if (apart[1].startsWith("# prdiff: lines ")) {
                pages.append(apart[0]);
                if (!apart[1].endsWith("; that is its end\n")) {
                    continue;
                }
                text = pages.toString();
                pages.setLength(0);
                paged++;
            }
            BudgetAnswer a = BudgetAnswer.parse(text.getBytes(StandardCharsets.UTF_8), DiffSections::toolCall);
            DiffSections.sectionsOf(a.diff()).forEach((path, section) -> {
                byte[] was = got.put(path, section);
                assertTrue(was == null || java.util.Arrays.equals(was, section), "two sections of " + path);
            });
        }
        assertTrue(cursors > 3, cursors + " answers after the first");
        assertTrue(paged > 0, "no section over the budget read in pages");
        assertEquals("", pages.toString(), "a section's pages did not end");
        assertEquals(sections.keySet(), got.keySet());
        java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
        sections.keySet().forEach(path -> whole.writeBytes(got.get(path)));
        assertArrayEquals(git, whole.toByteArray());
    }

    @Test
    void theSdkNegotiatesItsNewestProtocolVersionWithTheServer() {
        JsonNode r = report.json();
        assertEquals(r.path("clientProtocolVersion").asText(), r.path("negotiatedProtocolVersion").asText(), r.toString());
        assertEquals("prdiff", r.path("serverInfo").path("name").asText(), r.toString());
        assertTrue(r.path("serverCapabilities").path("tools").isObject(), r.toString());
    }

    @Test
    void toolsListHasOpenApisToolsWithTheirDeclaredSchemas() {
        List<String> names = new ArrayList<>();
        report.json().get("tools").forEach(t -> names.add(t.get("name").asText()));
        assertEquals(openApi.tools(), names);
        assertEquals(McpCalls.TOOLS, names);
        for (JsonNode tool : report.json().get("tools")) {
            String name = tool.get("name").asText();
            assertEquals(openApi.inputSchema(name), tool.get("inputSchema"), name);
            // The mapping openapi.yaml states: the 200 response's application/json schema, text beside it or not.
            assertEquals(openApi.responseSchema(name, "application/json"), tool.get("outputSchema"), name);
            assertTrue(tool.path("annotations").path("readOnlyHint").asBoolean(), name);
        }
        // So the SDK's own structuredContent validation is in play, not only e2e.mjs's.
        assertTrue(report.json().get("tools").get(3).get("outputSchema").isObject());
        assertTrue(report.json().get("tools").get(1).get("outputSchema").isObject());
        assertEquals("get_diff", report.json().get("tools").get(1).get("name").asText());
    }

    @Test
    void getDiffIsGitsOwnDiffOfTheRange() {
        byte[] expected = local.gitDiff("main...feature");
        assertTrue(expected.length > 1000);
        assertArrayEquals(expected, text("diff"));
        assertArrayEquals(local.gitDiff("main...HEAD", "--", "lib/a/index.ts", "lib/b/index.ts"), text("diff-path"));
    }

    /** Arguments the input schema refuses reach the client as an isError result it can show the model. */
    @Test
    void invalidArgumentsAreToolErrorsTheClientReads() throws Exception {
        assertTrue(error("diff-head-alone", "INVALID_INPUT").path("message").asText().contains("'head' needs 'base'"));
        assertTrue(error("diff-typo", "INVALID_INPUT").path("message").asText().contains("unknown property 'pathh'"));
    }

    @Test
    void getCommitDiffIsGitsOwnDiffAgainstTheFirstParent() throws Exception {
        assertArrayEquals(local.gitDiff("feature^1", "feature"), text("commit"));
        assertTrue(error("commit-unknown", "SHA_NOT_FOUND").path("message").isTextual());
    }

    @Test
    void getChangedFilesCountsAreGitsNumstatAndMatchTheSchema() throws Exception {
        JsonNode result = success("changed");
        // The list is sent once: the text is the FileList, structuredContent the same without its files.
        JsonNode list = JSON.readTree(result.get("content").get(0).get("text").asText());
        assertEquals(numstat(local, "main...feature"), counts(list, true));
        assertEquals(local.text("rev-parse", "feature").trim(), list.path("head_sha").asText());
        assertEquals(local.text("merge-base", "main", "feature").trim(), list.path("merge_base_sha").asText());
        ((com.fasterxml.jackson.databind.node.ObjectNode) list).remove("files");
        assertEquals(list, result.get("structuredContent"));
    }

    @Test
    void pullRequestDiffIsByteIdenticalToGhPrDiff() {
        Proc.Result gh = Proc.run(List.of("gh", "pr", "diff", "1", "-R", "octo/demo"), scenario.clone.dir(), scenario.env,
                Duration.ofSeconds(60));
        assertEquals(0, gh.exit(), gh.stderr());
        assertTrue(gh.stdout().length > 1000);
        assertArrayEquals(gh.stdout(), text("pr"));
    }

    @Test
    void pullRequestFileIsThoseFilesSections() {
        TempRepo work = scenario.origin.work();
        assertArrayEquals(work.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha(), "--", "lib/a/index.ts", "lib/b/index.ts"),
                text("pr-file"));
    }

    @Test
    void pullRequestFilesOnlyIsAFileListAsTextAndItsEnvelopeAsStructuredContent() throws Exception {
        JsonNode result = success("pr-files-only");
        JsonNode list = JSON.readTree(result.get("content").get(0).get("text").asText());
        assertEquals(scenario.pr.headSha(), list.path("head_sha").asText());
        assertEquals(scenario.pr.baseSha(), list.path("base_sha").asText());
        // GitHub counts a binary file's lines as 0, where git prints "-".
        List<String> expected = binaryAsZero(numstat(scenario.origin.work(), scenario.pr.baseSha() + "..." + scenario.pr.headSha()));
        assertEquals(expected, counts(list, false));
        // structuredContent lists no change: the text holds the list once; the summary counts the files.
        JsonNode data = result.get("structuredContent").get("data");
        assertEquals(List.of(), changes(data, false));
        assertEquals(scenario.pr.headSha(), data.path("range").path("head").asText());
        assertEquals(expected.size(), data.path("summary").path("files").asInt());
    }

    /** get_diff's text is git's diff; structuredContent (the SDK checked it against the envelope) has no bodies. */
    @Test
    void getDiffCarriesItsEnvelopeWithoutBodiesBesideTheText() {
        JsonNode data = success("diff").get("structuredContent").get("data");
        assertEquals(binaryAsZero(numstat(local, "main...feature")), changes(data, false));
        data.get("changes").forEach(c -> assertFalse(c.has("diff") || c.has("diff_base64"), c.toString()));
        assertEquals(local.text("rev-parse", "feature").trim(), data.path("range").path("head").asText());
        assertEquals(local.text("merge-base", "main", "feature").trim(), data.path("range").path("merge_base").asText());
    }

    /**
     * json: the envelope is the text, and structuredContent the same envelope without its data, which the text
     * holds (the diff is sent once); its sections, in order, are git's diff.
     */
    @Test
    void getDiffJsonIsTheEnvelopeAsTextAndAsStructuredContent() throws Exception {
        JsonNode result = success("diff-json");
        JsonNode text = JSON.readTree(result.get("content").get(0).get("text").asText());
        ObjectNode bare = text.deepCopy();
        bare.remove("data");
        assertEquals(bare, result.get("structuredContent"));
        assertEquals(binaryAsZero(numstat(local, "main...feature")), changes(text.get("data"), false));
        StringBuilder sections = new StringBuilder();
        text.get("data").get("changes").forEach(c -> sections.append(c.get("diff").asText()));
        assertEquals(new String(local.gitDiff("main...feature"), StandardCharsets.UTF_8), sections.toString());
    }

    /**
     * numstat's "- -" of a binary file as 0 0: an envelope counts it so, and does not call an exact rename of one
     * binary (git prints no binary patch for it).
     */
    static List<String> binaryAsZero(List<String> numstat) {
        return numstat.stream().map(l -> l.endsWith(" - -") ? l.substring(0, l.length() - 4) + " 0 0" : l).toList();
    }

    /** An envelope's changes as numstat lines, like {@link #counts}. */
    static List<String> changes(JsonNode data, boolean binaryIsDash) {
        List<String> lines = new ArrayList<>();
        for (JsonNode c : data.get("changes")) {
            boolean binary = binaryIsDash && c.path("binary").asBoolean(false);
            lines.add(c.get("path").asText() + " " + (binary ? "- -"
                    : c.get("additions").asLong() + " " + c.get("deletions").asLong()));
        }
        return lines;
    }

    @Test
    void pullRequestPinnedToAShaIsComputedFromGitObjects() {
        assertArrayEquals(scenario.clone.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha()), text("pr-sha"));
        assertEquals(scenario.pr.headSha(), scenario.clone.text("rev-parse", "refs/prdiff/pull/1/head").trim());
    }

    @Test
    void anUnknownPullRequestIsANotFoundToolError() throws Exception {
        assertTrue(error("pr-unknown", "NOT_FOUND").path("message").asText().contains("99"));
    }
}
