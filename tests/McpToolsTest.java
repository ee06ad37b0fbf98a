import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.OpenApiDocument;
import support.SchemaViolations;
import support.Fixtures;
import support.TempRepo;
import support.TempDirs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The local tools over the protocol: every diff compared with git's own output for the same objects, every
 * JSON result checked against the tool's outputSchema from openapi.yaml and against its own text block, and
 * each tool's usual failures as isError results with the CLI's error codes.
 */
@Timeout(60)
class McpToolsTest {
    static TempRepo repo;
    static String base;
    static String head;
    static Path notARepo;
    static McpSession s;

    @BeforeAll
    static void fixture() throws Exception {
        repo = TempRepo.init();
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        notARepo = TempDirs.create("prdiff-not-a-repo-");
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() throws Exception {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
        Files.deleteIfExists(notARepo);
    }

    static ObjectNode args(String json) {
        return (ObjectNode) McpProtocolTest.json(json);
    }

    static ObjectNode args(String... keyValues) {
        ObjectNode a = Json.MAPPER.createObjectNode();
        for (int i = 0; i < keyValues.length; i += 2) {
            a.put(keyValues[i], keyValues[i + 1]);
        }
        return a;
    }

    /** The result's one text block; a successful result has exactly one. */
    static String text(JsonNode result) {
        assertEquals(1, result.get("content").size(), result.toString());
        JsonNode block = result.get("content").get(0);
        assertEquals("text", block.get("type").asText());
        return block.get("text").asText();
    }

    static String ok(McpSession session, String tool, JsonNode arguments) {
        JsonNode result = session.callResult(tool, arguments);
        assertFalse(result.path("isError").asBoolean(false), tool + " " + arguments + " -> " + result);
        return text(result);
    }

    static String git(TempRepo r, String... diffArgs) {
        return new String(r.gitDiff(diffArgs), StandardCharsets.UTF_8);
    }

    /** The isError body, checked against openapi.yaml's ToolError schema and for the expected code. */
    static JsonNode toolError(JsonNode result, String code) {
        assertTrue(result.path("isError").asBoolean(false), result.toString());
        JsonNode body = McpProtocolTest.json(text(result));
        assertEquals(List.of(), SchemaViolations.of(OpenApiDocument.load().errorSchema("get_diff"), body),
                body.toString());
        assertEquals(code, body.get("error_code").asText(), body.toString());
        assertFalse(body.get("message").asText().isBlank());
        return body;
    }

    /** structuredContent must validate against the schema and equal the JSON in the text block. */
    static JsonNode structured(JsonNode result, JsonNode schema) {
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), "no structuredContent: " + result);
        assertEquals(List.of(), SchemaViolations.of(schema, structured), structured.toString());
        assertEquals(structured, McpProtocolTest.json(text(result)));
        return structured;
    }

    /** The text block parsed as JSON, valid against {@code schema} (files_only's FileList, say). */
    static JsonNode textJson(JsonNode result, JsonNode schema) {
        assertFalse(result.path("isError").asBoolean(false), result.toString());
        JsonNode json = McpProtocolTest.json(text(result));
        assertEquals(List.of(), SchemaViolations.of(schema, json), json.toString());
        return json;
    }

    /** structuredContent, valid against the DiffEnvelope schema get_diff and get_pull_request_diff list. */
    static JsonNode envelope(JsonNode result, String tool) {
        assertFalse(result.path("isError").asBoolean(false), result.toString());
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), "no structuredContent: " + result);
        assertEquals(List.of(), SchemaViolations.of(OpenApiDocument.load().outputSchema(tool), structured),
                structured.toString());
        return structured;
    }

    /** An envelope's changes as {@link #listed} writes a file list's files. */
    static List<String> changed(JsonNode envelope) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : envelope.at("/data/changes")) {
            out.add(c.get("path").asText() + " " + c.get("additions").asLong() + " " + c.get("deletions").asLong());
        }
        return out;
    }

    /** "path additions deletions" per file, in diff order, as git's own numstat reports them. */
    static List<String> numstat(TempRepo r, String range) {
        String[] fields = r.text("diff", "--numstat", "-z", "-M", range).split("\0");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].isEmpty()) {
                continue;
            }
            String[] c = fields[i].split("\t", 3);
            String path = c[2].isEmpty() ? fields[i += 2] : c[2];
            out.add(path + " " + (c[0].equals("-") ? "0 0" : c[0] + " " + c[1]));
        }
        return out;
    }

    static List<String> listed(JsonNode fileList) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : fileList.get("files")) {
            out.add(f.get("path").asText() + " " + f.get("additions").asLong() + " " + f.get("deletions").asLong());
        }
        return out;
    }

    static List<String> notices(JsonNode result) {
        List<String> out = new ArrayList<>();
        result.path("_meta").path("dev.prdiff/notices").forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void getDiffIsGitsThreeDotDiff() {
        String expected = git(repo, "main...feature");
        assertTrue(expected.length() > 1000);
        assertEquals(expected, ok(s, "get_diff", args("base", "main", "head", "feature")));
        assertEquals(git(repo, base + "..." + head), ok(s, "get_diff", args("base", base, "head", head)));
        assertEquals(git(repo, "feature...main"), ok(s, "get_diff", args("base", "feature", "head", "main")));
    }

    @Test
    void getDiffWithBaseAloneOrNothingIsBaseToHead() {
        assertEquals("feature", repo.text("rev-parse", "--abbrev-ref", "HEAD").trim());
        String expected = git(repo, "main...HEAD");
        assertEquals(expected, ok(s, "get_diff", args("base", "main")));
        JsonNode auto = s.callResult("get_diff", args("{}"));
        assertEquals(expected, text(auto));
        String mainSha = repo.text("rev-parse", "main").trim();
        String headSha = repo.text("rev-parse", "HEAD").trim();
        assertEquals(List.of("range main...HEAD (base " + mainSha + ", head " + headSha + ", merge base "
                + repo.text("merge-base", "main", "HEAD").trim() + ")"), notices(auto), auto.toString());
    }

    @Test
    void getDiffOfADirtyWorkTreeIsItsDiffAgainstHead() {
        try (TempRepo dirty = TempRepo.init()) {
            dirty.write("a.txt", "one\n");
            dirty.commit("one");
            dirty.write("a.txt", "two\n");
            String got = ok(s, "get_diff", args("repo_path", dirty.dir().toString()));
            assertEquals(git(dirty, "HEAD"), got);
            assertTrue(got.contains("+two"), got);
        }
    }

    @Test
    void getDiffSelectsFilesAndAnEmptyDiffIsEmptyText() {
        String paths = "lib/a/index.ts,lib/b/index.ts";
        assertEquals(git(repo, "main...feature", "--", "lib/a/index.ts", "lib/b/index.ts"),
                ok(s, "get_diff", args("base", "main", "head", "feature", "path", paths)));
        // No section: the text is only the line saying the path matched nothing.
        assertEquals("# prdiff: no changed file matches 'not/touched.txt'\n",
                ok(s, "get_diff", args("base", "main", "head", "feature", "path", "not/touched.txt")));
        assertEquals("", ok(s, "get_diff", args("base", "feature", "head", "feature")));
    }

    @Test
    void getCommitDiffIsTheCommitAgainstItsFirstParent() {
        assertEquals(git(repo, head + "^1", head), ok(s, "get_commit_diff", args("hash", head)));
        assertEquals(git(repo, head + "^1", head), ok(s, "get_commit_diff", args("hash", head.substring(0, 9))));
        assertEquals(git(repo, "HEAD~1", "HEAD"), ok(s, "get_commit_diff", args("hash", "HEAD")));
        String emptyTree = repo.text("hash-object", "-t", "tree", "/dev/null").trim();
        String root = ok(s, "get_commit_diff", args("hash", base));
        assertEquals(git(repo, emptyTree, base), root);
        assertTrue(root.contains("new file mode"));
    }

    @Test
    void getChangedFilesMatchesGitsNumstatAndItsOutputSchema() {
        JsonNode schema = OpenApiDocument.load().outputSchema("get_changed_files");
        JsonNode list = structured(s.callResult("get_changed_files", args("base", "main", "head", "feature")), schema);
        assertEquals(numstat(repo, "main...feature"), listed(list));
        assertEquals(repo.text("rev-parse", "main").trim(), list.get("base_sha").asText());
        assertEquals(repo.text("rev-parse", "feature").trim(), list.get("head_sha").asText());
        assertEquals(repo.text("merge-base", "main", "feature").trim(), list.get("merge_base_sha").asText());
        assertEquals("main...feature", list.get("range").asText());

        JsonNode renamed = null;
        for (JsonNode f : list.get("files")) {
            if (f.get("path").asText().equals("new name.txt")) {
                renamed = f;
            }
        }
        assertEquals("old name.txt", renamed.get("previous_path").asText(), list.toString());

        JsonNode some = structured(s.callResult("get_changed_files",
                args("base", "main", "head", "feature", "path", "lib/a/index.ts,bin.dat")), schema);
        assertEquals(numstat(repo, "main...feature").stream()
                .filter(f -> f.startsWith("lib/a/index.ts ") || f.startsWith("bin.dat ")).toList(), listed(some));
        assertTrue(some.get("files").findValues("binary").contains(McpProtocolTest.json("true")), some.toString());

        JsonNode auto = structured(s.callResult("get_changed_files", args("{}")), schema);
        assertEquals(numstat(repo, "main...HEAD"), listed(auto));
        JsonNode none = structured(s.callResult("get_changed_files", args("base", "feature", "head", "feature")), schema);
        assertEquals(0, none.get("files").size());
    }

    @Test
    void unknownCommitsAreShaNotFound() {
        assertTrue(toolError(s.callResult("get_commit_diff", args("hash", "0000000")), "SHA_NOT_FOUND")
                .get("message").asText().contains("0000000"));
        toolError(s.callResult("get_diff", args("base", "no-such-branch")), "SHA_NOT_FOUND");
        toolError(s.callResult("get_diff", args("base", "main", "head", "deadbeefdeadbeef")), "SHA_NOT_FOUND");
        toolError(s.callResult("get_changed_files", args("base", "no-such-branch", "head", "main")), "SHA_NOT_FOUND");
    }

    @Test
    void aDirectoryThatIsNoRepositoryIsNotARepository() {
        String dir = notARepo.toString();
        toolError(s.callResult("get_diff", args("repo_path", dir)), "NOT_A_REPOSITORY");
        toolError(s.callResult("get_commit_diff", args("hash", "HEAD", "repo_path", dir)), "NOT_A_REPOSITORY");
        toolError(s.callResult("get_changed_files", args("repo_path", dir)), "NOT_A_REPOSITORY");
        toolError(s.callResult("get_diff", args("repo_path", dir + "/missing")), "NOT_A_REPOSITORY");
        // Relative to the server's directory, like the CLI's -C.
        toolError(s.callResult("get_diff", args("repo_path", "no/such/dir")), "NOT_A_REPOSITORY");
    }

    @Test
    void optionLikeRevisionsAndBadPathsAreInvalidInput() {
        toolError(s.callResult("get_diff", args("base", "--output=/tmp/x")), "INVALID_INPUT");
        toolError(s.callResult("get_commit_diff", args("hash", "-p")), "INVALID_INPUT");
        toolError(s.callResult("get_changed_files", args("base", "main", "head", "-R")), "INVALID_INPUT");
        toolError(s.callResult("get_diff", args("base", "main", "path", "a\u0000b")), "INVALID_INPUT");
        toolError(s.callResult("get_commit_diff", args("hash", "HEAD", "repo_path", "bad\u0000path")), "INVALID_INPUT");
        toolError(s.callResult("get_pull_request_diff", args("{\"pr_number\":100000000000000000000000}")), "INVALID_INPUT");
    }

    @Test
    void aDiffLargerThanOneAnswerIsCutBetweenSectionsWithCallsForTheRest() throws Exception {
        McpServer.Config small = McpSession.config(repo.dir()).withLimits(1 << 20, 2000);
        try (McpSession tiny = McpSession.initialized(small)) {
            JsonNode result = tiny.callResult("get_diff", args("{\"base\":\"main\",\"head\":\"feature\",\"max_bytes\":8000}"));
            String text = result.at("/content/0/text").asText();
            assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= 2000, text);
            assertTrue(text.contains("# prdiff: truncated to --max-bytes 2000"), text);
            assertTrue(result.at("/_meta").toString().contains("truncated"), result.toString());
            String one = ok(tiny, "get_diff", args("base", "main", "head", "feature", "path", "lib/a/index.ts"));
            assertEquals(git(repo, "main...feature", "--", "lib/a/index.ts"), one);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (ProcessHandle.current().descendants().anyMatch(p -> p.info().command().orElse("").endsWith("git"))) {
            assertTrue(System.nanoTime() < deadline, "a git process outlived its call");
            Thread.sleep(50);
        }
    }

    @Test
    void aDiffThatIsNotUtf8IsSentWithReplacementsAndSaysSo() {
        try (TempRepo latin1 = TempRepo.init()) {
            latin1.write("caf\u00e9.txt", new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
            String sha = latin1.commit("latin-1");
            JsonNode result = s.callResult("get_commit_diff", args("hash", sha, "repo_path", latin1.dir().toString()));
            assertTrue(text(result).contains("+caf\ufffd"), result.toString());
            assertTrue(notices(result).stream().anyMatch(n -> n.contains("not valid UTF-8")), result.toString());
        }
    }

    @Test
    void diffResultsAreTextOnlyAndNoticesStayOutOfTheDiff() {
        JsonNode result = s.callResult("get_commit_diff", args("hash", head));
        assertNull(result.get("structuredContent"));
        assertNull(result.get("isError"));
        assertTrue(notices(result).get(0).startsWith("range "), result.toString());
        assertFalse(text(result).contains("range "));
    }
}
