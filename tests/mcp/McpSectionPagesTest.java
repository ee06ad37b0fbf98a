package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BudgetAnswer;
import support.McpCalls;
import support.McpSession;
import support.TempRepo;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A file's section larger than max_bytes is read in pages of its lines: get_diff with that one path answers the
 * first lines that fit, ended between hunks where that still fills half the page, and a last line naming the call
 * (a cursor "@LINE") for the next page. Following them to the page that says it is the end, the pages joined are
 * git's section byte for byte, and no answer is over its budget, on a file of a hundred hunks and on a new file
 * that is one hunk of 3,000 lines with quotes, backslashes, tabs, control characters and non-ASCII text.
 */
class McpSectionPagesTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            many.append("line ").append(i).append(" of a long file\n");
        }
        repo.write("many.txt", many.toString());
        repo.write("small.txt", "small\n");
        base = repo.commit("base");
        StringBuilder changed = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            changed.append("line ").append(i).append(i % 40 == 7 ? " changed \"here\"" : " of a long file").append('\n');
        }
        repo.write("many.txt", changed.toString());
        StringBuilder huge = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            huge.append("huge ").append(i).append(": \"quoted\" \\ back\ttab \u0001 ü\n");
        }
        repo.write("dir/huge file.txt", huge.toString());
        repo.write("small.txt", "small, changed\n");
        head = repo.commit("head");
    }

    @Test
    void theHundredHunksOfOneFileReadInPagesJoinIntoGitsSectionEndingBetweenHunks() {
        String git = McpCalls.git(repo, base + "..." + head, "--", "many.txt");
        assertTrue(git.length() > 20_000, git.length() + " bytes");
        for (long max : new long[] {5000, 12_000}) {
            String joined = walk("many.txt", max, true);
            assertEquals(git, joined, "max_bytes " + max);
        }
    }

    @Test
    void aNewFileOfOneLongHunkReadsInPagesCutBetweenItsLines() {
        String git = McpCalls.git(repo, base + "..." + head, "--", "dir/huge file.txt");
        assertTrue(git.length() > 100_000, git.length() + " bytes");
        for (Long max : new Long[] {null, 30_000L}) {
            assertEquals(git, walk("dir/huge file.txt", max, false), "max_bytes " + max);
        }
    }

    /**
     * A section that fits max_bytes alone but not with what the answer says beside it is read in pages too: a table
     * would name the very call that gave it.
     */
    @Test
    void aSectionJustUnderTheBudgetReadsInPagesNotAsATableOfItself() {
        String git = McpCalls.git(repo, base + "..." + head, "--", "many.txt");
        long cost = Json.write(com.fasterxml.jackson.databind.node.TextNode.valueOf(git))
                .getBytes(StandardCharsets.UTF_8).length - 2;
        for (long max : new long[] {cost + 600, cost + 1200}) {
            assertEquals(git, walk("many.txt", max, true), "max_bytes " + max + " for " + cost + " bytes");
        }
    }

    /** A cursor within a section continues only that one section. */
    @Test
    void aCursorWithinASectionNeedsItsOneFile() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            ObjectNode args = McpCalls.args("base", base, "head", head);
            args.put("cursor", "@10");
            JsonNode body = McpCalls.toolError(s.callResult("get_diff", args), "INVALID_INPUT");
            assertTrue(body.get("message").asText().startsWith("cursor @10 continues one file's section"),
                    body.toString());
            args.put("path", "small.txt").put("cursor", "@99");
            body = McpCalls.toolError(s.callResult("get_diff", args), "INVALID_INPUT");
            assertTrue(body.get("message").asText().startsWith("cursor @99 is past the end of small.txt's section"),
                    body.toString());
        }
    }

    /**
     * Follows the pages of {@code path}'s section under {@code max} (null: the default) and returns them joined;
     * {@code betweenHunks}: every page but the last ends before a hunk's header.
     */
    static String walk(String path, Long max, boolean betweenHunks) {
        long budget = max == null ? 100_000 : max;
        StringBuilder joined = new StringBuilder();
        try (McpSession s = McpSession.initialized(repo.dir())) {
            ObjectNode args = McpCalls.args("base", base, "head", head, "path", path);
            if (max != null) {
                args.put("max_bytes", max);
            }
            String tool = "get_diff";
            int pages = 0;
            while (true) {
                JsonNode result = s.callResult(tool, args);
                assertFalse(result.path("isError").asBoolean(false), result.toString());
                long bytes = Json.write(result).getBytes(StandardCharsets.UTF_8).length;
                assertTrue(bytes <= budget, "page " + pages + ": " + bytes + " bytes over " + budget);
                String[] apart = McpCalls.guidanceApart(McpCalls.text(result));
                assertTrue(apart[0].length() > 0, "page " + pages + " shows nothing");
                if (betweenHunks && pages > 0) {
                    assertTrue(apart[0].startsWith("@@ "), "page " + pages + " starts inside a hunk");
                }
                joined.append(apart[0]);
                pages++;
                String guidance = apart[1];
                assertTrue(guidance.startsWith("# prdiff: lines "), guidance);
                int next = guidance.indexOf("; the next lines: ");
                if (next < 0) {
                    assertTrue(guidance.endsWith("; that is its end\n"), guidance);
                    break;
                }
                String call = guidance.substring(next + "; the next lines: ".length()).strip();
                tool = BudgetAnswer.tool(call);
                args = McpCalls.args(BudgetAnswer.arguments(call));
            }
            assertTrue(pages > 1, pages + " pages");
        }
        return joined.toString();
    }
}
