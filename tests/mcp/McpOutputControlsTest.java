package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.Fixtures;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The output controls as MCP parameters (include, exclude, status, top, skip, context_lines, stat), each answer
 * compared with git's own for the same objects, and the pages checked against the FileList schema.
 */
@Timeout(60)
@support.Parallel
class McpOutputControlsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
    }

    static ObjectNode range() {
        return McpCalls.args("base", base, "head", head);
    }

    static String range3() {
        return base + "..." + head;
    }

    @Test
    void filtersAreGitsDiffFilterAndGlobPathspecs() {
        JsonNode result = s.callResult("get_diff", McpCalls.withArray(range(), "status", "added", "deleted"));
        assertEquals(McpCalls.git(repo, "--diff-filter=AD", range3()), McpCalls.text(result));
        assertTrue(McpCalls.notices(result).stream().anyMatch(n -> n.startsWith("warning: filter applied (status"
                + " added,deleted): it removed ")), result.toString());
        ObjectNode globs = McpCalls.withArray(McpCalls.withArray(range(), "include", "lib/**"), "exclude", "**/b/**");
        assertEquals(McpCalls.git(repo, range3(), "--", ":(glob)lib/**", ":(exclude,glob)**/b/**"),
                McpCalls.ok(s, "get_diff", globs));
        ObjectNode commit = McpCalls.withArray(McpCalls.args("hash", head), "include", "*.ts");
        assertEquals(McpCalls.git(repo, head + "^1", head, "--", ":(glob)**/*.ts"),
                McpCalls.ok(s, "get_commit_diff", commit));
        JsonNode files = McpCalls.fileList(
                s.callResult("get_changed_files", McpCalls.withArray(range(), "status", "renamed")));
        for (JsonNode f : files.get("files")) {
            assertEquals("renamed", f.get("status").asText(), files.toString());
        }
        assertEquals(repo.text("diff", "--name-only", "-M", "--diff-filter=R", range3()).lines().count(),
                files.get("files").size());
    }

    @Test
    void anUnknownStatusIsRejectedByTheSchema() {
        JsonNode body = McpCalls.toolError(
                s.callResult("get_diff", McpCalls.withArray(range(), "status", "changed")), "INVALID_INPUT");
        assertTrue(body.get("message").asText().contains("arguments.status[0]: must be one of"), body.toString());
    }

    @Test
    void walkingThePagesGivesEveryFileOnce() {
        List<String> all = McpCalls.listed(McpCalls.fileList(s.callResult("get_changed_files", range())));
        List<String> walked = new ArrayList<>();
        StringBuilder diff = new StringBuilder();
        int skip = 0;
        while (true) {
            ObjectNode args = range();
            args.put("top", 4);
            args.put("skip", skip);
            JsonNode listed = s.callResult("get_changed_files", args);
            JsonNode page = McpCalls.fileList(listed);
            walked.addAll(McpCalls.listed(page));
            JsonNode text = s.callResult("get_diff", args);
            String[] parts = McpCalls.guidanceApart(McpCalls.text(text));
            diff.append(parts[0]);
            JsonNode p = page.get("pagination");
            assertEquals(all.size(), p.get("total").asInt());
            assertTrue(McpCalls.notices(text).contains("pagination: " + p
                    + (p.get("has_more").asBoolean() ? "; next page: skip " + p.get("next_skip").asInt() : "")),
                    text.toString());
            assertEquals(p.get("has_more").asBoolean() ? "# prdiff: files " + (skip + 1) + " to " + (skip
                    + p.get("showing").asInt()) + " of " + all.size() + " shown; next page: the same call with skip "
                    + p.get("next_skip").asInt() + "\n" : "", parts[1]);
            // The file list says the same in a second text block, after its JSON.
            assertEquals(parts[1], listed.at("/content/1/text").asText(""), listed.toString());
            if (!p.get("has_more").asBoolean()) {
                break;
            }
            skip = p.get("next_skip").asInt();
        }
        assertEquals(all, walked);
        assertEquals(McpCalls.git(repo, range3()), diff.toString());
    }

    @Test
    void contextLinesAndStatAreGitsOwn() {
        ObjectNode u0 = range();
        u0.put("context_lines", 0);
        assertEquals(McpCalls.git(repo, "-U0", range3()), McpCalls.ok(s, "get_diff", u0));
        ObjectNode commit = McpCalls.args("hash", head);
        commit.put("context_lines", 9);
        assertEquals(McpCalls.git(repo, "-U9", head + "^1", head), McpCalls.ok(s, "get_commit_diff", commit));
        ObjectNode stat = range();
        stat.put("stat", true);
        assertEquals(McpCalls.git(repo, "--stat", range3()), McpCalls.ok(s, "get_diff", stat));
        assertEquals(McpCalls.git(repo, "--stat", "--diff-filter=R", range3()),
                McpCalls.ok(s, "get_diff", McpCalls.withArray(stat.deepCopy(), "status", "renamed")));
        ObjectNode statOfOne = stat.deepCopy();
        statOfOne.put("path", "lib");
        assertEquals(McpCalls.git(repo, "--stat", range3(), "--", "lib"), McpCalls.ok(s, "get_diff", statOfOne));
        ObjectNode tooMany = range();
        tooMany.put("context_lines", 21);
        McpCalls.toolError(s.callResult("get_diff", tooMany), "INVALID_INPUT");
        ObjectNode notForFiles = range();
        notForFiles.put("stat", true);
        McpCalls.toolError(s.callResult("get_changed_files", notForFiles), "INVALID_INPUT");
    }

    @Test
    void thePullRequestToolTakesTheControlsWithSha() {
        ObjectNode pinned = McpCalls.args("sha", head);
        pinned.put("pr_number", 5);
        pinned.put("context_lines", 2);
        JsonNode live = s.callResult("get_pull_request_diff", pinned.deepCopy().without(List.of("sha")));
        JsonNode body = McpCalls.toolError(live, "INVALID_INPUT");
        assertTrue(body.get("message").asText().contains("sha"), body.toString());
        ObjectNode filesAndStat = McpCalls.args("sha", head);
        filesAndStat.put("pr_number", 5);
        filesAndStat.put("files_only", true);
        filesAndStat.put("stat", true);
        McpCalls.toolError(s.callResult("get_pull_request_diff", filesAndStat), "INVALID_INPUT");
        assertFalse(McpCalls.text(s.callResult("get_changed_files", range())).contains("pagination"));
    }
}
