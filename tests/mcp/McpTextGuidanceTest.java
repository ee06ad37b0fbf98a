package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpCalls;
import support.McpSession;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the model must act on is in the text, not only in _meta (which hosts seldom show it): a page with more
 * after it ends with the next skip, a path that matches nothing says so with its did-you-mean, each one line
 * in the tool's own terms after git's text, which is otherwise untouched.
 */
@Timeout(60)
@support.Parallel
class McpTextGuidanceTest {
    static TempRepo repo;
    static String base;
    static String head;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        for (int i = 0; i < 7; i++) {
            repo.write("src/file" + i + ".txt", "line " + i + "\n");
        }
        base = repo.commit("base");
        for (int i = 0; i < 7; i++) {
            repo.write("src/file" + i + ".txt", "line " + i + " changed\n");
        }
        head = repo.commit("change");
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
    }

    static ObjectNode range() {
        return McpCalls.args("base", base, "head", head);
    }

    @Test
    void everyPageButTheLastEndsWithTheNextSkip() {
        List<String> names = repo.text("diff", "--name-only", base + "..." + head).lines().toList();
        StringBuilder walked = new StringBuilder();
        int skip = 0;
        for (int page = 0; ; page++) {
            ObjectNode args = range().put("top", 3).put("skip", skip);
            String[] parts = McpCalls.guidanceApart(McpCalls.ok(s, "get_diff", args));
            walked.append(parts[0]);
            int to = Math.min(skip + 3, names.size());
            if (to == names.size()) {
                assertEquals("", parts[1], "the last page says nothing more");
                break;
            }
            assertEquals("# prdiff: files " + (skip + 1) + " to " + to + " of " + names.size()
                    + " shown; next page: the same call with skip " + to + "\n", parts[1]);
            skip = to;
        }
        assertEquals(McpCalls.git(repo, base + "..." + head), walked.toString());
        String stat = McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", head).put("stat", true)
                .put("top", 2));
        assertTrue(stat.endsWith("\n# prdiff: files 1 to 2 of 7 shown; next page: the same call with skip 2\n"), stat);
        assertEquals(McpCalls.guidanceApart(stat)[0], repo.text("diff", "--stat", head + "^", head, "--", "src/file0.txt",
                "src/file1.txt"));
    }

    @Test
    void aPathThatMatchesNothingSaysSoInTheText() {
        JsonNode result = s.callResult("get_diff", range().put("path", "src/file9.txt"));
        assertEquals("# prdiff: no changed file matches 'src/file9.txt'; did you mean src/file0.txt,"
                + " src/file1.txt, src/file2.txt?\n", McpCalls.text(result));
        assertTrue(McpCalls.notices(result).stream().anyMatch(n -> n.contains("did you mean")), result.toString());
        String commit = McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", head, "path",
                "src/file1.txt,nowhere"));
        assertEquals(McpCalls.git(repo, head + "^", head, "--", "src/file1.txt")
                + "# prdiff: no changed file matches 'nowhere'\n", commit);
    }

    @Test
    void aWholeAnswerCarriesNoGuidance() {
        assertEquals(McpCalls.git(repo, base + "..." + head), McpCalls.ok(s, "get_diff", range()));
        String all = McpCalls.ok(s, "get_diff", range().put("top", 7));
        assertFalse(all.contains("# prdiff"), all);
        List<String> meta = new ArrayList<>(McpCalls.notices(s.callResult("get_diff", range().put("top", 7))));
        assertTrue(meta.stream().anyMatch(n -> n.startsWith("pagination: ")), meta.toString());
    }
}
