package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
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
import static support.McpCalls.args;
import static support.McpCalls.changed;
import static support.McpCalls.envelope;
import static support.McpCalls.git;
import static support.McpCalls.listed;
import static support.McpCalls.notices;
import static support.McpCalls.numstat;
import static support.McpCalls.ok;
import static support.McpCalls.structured;
import static support.McpCalls.text;
import static support.McpCalls.textJson;
import static support.McpCalls.toolError;

/**
 * The local tools over the protocol: every diff compared with git's own output for the same objects, every
 * JSON result checked against the tool's outputSchema from openapi.yaml and against its own text block, and
 * each tool's usual failures as isError results with the CLI's error codes.
 */
@Timeout(60)
class McpToolsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static Path notARepo;
    static McpSession s;

    @BeforeAll
    static void fixture() throws Exception {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        notARepo = TempDirs.create("prdiff-not-a-repo-");
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() throws Exception {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        Files.deleteIfExists(notARepo);
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
        JsonNode list = McpCalls.fileList(s.callResult("get_changed_files", args("base", "main", "head", "feature")));
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

        JsonNode some = McpCalls.fileList(s.callResult("get_changed_files",
                args("base", "main", "head", "feature", "path", "lib/a/index.ts,bin.dat")));
        assertEquals(numstat(repo, "main...feature").stream()
                .filter(f -> f.startsWith("lib/a/index.ts ") || f.startsWith("bin.dat ")).toList(), listed(some));
        assertTrue(some.get("files").findValues("binary").contains(McpCalls.json("true")), some.toString());

        JsonNode auto = McpCalls.fileList(s.callResult("get_changed_files", args("{}")));
        assertEquals(numstat(repo, "main...HEAD"), listed(auto));
        JsonNode none = McpCalls.fileList(s.callResult("get_changed_files", args("base", "feature", "head", "feature")));
        assertEquals(0, none.get("files").size());
        // an empty answer says why, as the CLI's does on stderr
        JsonNode same = s.callResult("get_diff", args("base", "feature", "head", "feature"));
        assertEquals("", text(same));
        String sha = repo.text("rev-parse", "--short=7", "feature").trim();
        assertTrue(notices(same).contains("warning: nothing to show: feature and feature are the same commit (" + sha
                + ")"), same.toString());
    }

    @Test
    void unknownCommitsAreShaNotFoundAndUnknownNamesRefNotFound() {
        assertTrue(toolError(s.callResult("get_commit_diff", args("hash", "0000000")), "SHA_NOT_FOUND")
                .get("message").asText().contains("0000000"));
        toolError(s.callResult("get_diff", args("base", "no-such-branch")), "REF_NOT_FOUND");
        toolError(s.callResult("get_diff", args("base", "main", "head", "deadbeefdeadbeef")), "SHA_NOT_FOUND");
        toolError(s.callResult("get_changed_files", args("base", "no-such-branch", "head", "main")), "REF_NOT_FOUND");
        assertTrue(toolError(s.callResult("get_diff", args("base", "mian", "head", "feature")), "REF_NOT_FOUND")
                .get("message").asText().contains("did you mean main?"));
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
        McpServer.Config small = McpSession.config(repo.dir()).withLimits(1 << 20, 4000);
        try (McpSession tiny = McpSession.initialized(small)) {
            JsonNode result = tiny.callResult("get_diff", args("{\"base\":\"main\",\"head\":\"feature\",\"max_bytes\":8000}"));
            String text = result.at("/content/0/text").asText();
            assertTrue(Json.write(result).getBytes(StandardCharsets.UTF_8).length <= 4000, result.toString());
            assertTrue(text.startsWith("# prdiff: ") && text.contains("budget 4000"), text);
            assertTrue(result.at("/_meta").toString().contains("truncated"), result.toString());
            String one = ok(tiny, "get_diff", args("base", "main", "head", "feature", "path", "lib/a/index.ts"));
            assertEquals(git(repo, "main...feature", "--", "lib/a/index.ts"), one);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (support.ProcessTable.ownDescendants().anyMatch(p -> p.info().command().orElse("").endsWith("git"))) {
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
