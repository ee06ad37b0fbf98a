package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BigRange;
import support.BudgetAnswer;
import support.DiffSections;
import support.McpCalls;
import support.McpSession;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table of contents and the cursor, run as an agent would, against git: every call a table names (its template
 * with a file's path, or a file's own call) answers within the budget and returns that file's section as git prints
 * it (a section larger than the budget in pages of its lines, followed to the end and joined), and following the
 * cursors from the first answer to the last, then the calls of the files no page showed, gives back git's whole
 * diff, byte for byte, each answer within its budget. The calls name full SHAs, never the revisions as typed.
 */
@support.Parallel
class McpTableOfContentsWalkTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        base = BigRange.build(repo, 120);
        head = repo.text("rev-parse", "HEAD").trim();
        repo.git("branch", "base", base);
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        if (s != null) {
            s.close();
        }
    }

    @Test
    void followingTheCursorsAndTheTableGivesBackGitsWholeDiff() {
        for (Long budget : new Long[] {null, 20_000L}) {
            ObjectNode args = McpCalls.args("base", "base", "head", "HEAD");
            args.put("no_binary", false).put("skip_generated", false);
            if (budget != null) {
                args.put("max_bytes", budget);
            }
            walk("get_diff", args, budget == null ? 100_000 : budget, repo.gitDiff(base + "..." + head));
        }
    }

    @Test
    void aCommitsTableNamesCallsThatWork() {
        String commit = repo.text("rev-parse", "HEAD~1").trim();
        ObjectNode args = McpCalls.args("hash", "HEAD~1");
        args.put("max_bytes", 20_000).put("no_binary", false).put("skip_generated", false);
        walk("get_commit_diff", args, 20_000, repo.gitDiff(commit + "^", commit));
    }

    /**
     * The text of a table's {@code call} for one file, each answer within {@code max} bytes: its section whole, or
     * the pages of its lines joined, following each page's call for the next to the one that says it is the end
     * (the first call of such a section then added to {@code paged}).
     */
    static String section(String call, long max, java.util.List<String> paged) {
        StringBuilder joined = new StringBuilder();
        for (int page = 0; ; page++) {
            assertTrue(page < 200, "the pages do not end: " + call);
            JsonNode result = s.callResult(BudgetAnswer.tool(call), McpCalls.args(BudgetAnswer.arguments(call)));
            assertFalse(result.path("isError").asBoolean(false), call + " -> " + result);
            long bytes = Json.write(result).getBytes(StandardCharsets.UTF_8).length;
            assertTrue(bytes <= max, call + " answered " + bytes + " bytes, over " + max);
            String[] apart = McpCalls.guidanceApart(McpCalls.text(result));
            joined.append(apart[0]);
            if (!apart[1].startsWith("# prdiff: lines ")) {
                assertEquals("", apart[1], call);
                assertEquals(0, page, "a page of lines without its line: " + call);
                return joined.toString();
            }
            if (page == 0) {
                paged.add(call);
            }
            int next = apart[1].indexOf("; the next lines: ");
            if (next < 0) {
                assertTrue(apart[1].endsWith("; that is its end\n"), apart[1]);
                return joined.toString();
            }
            call = apart[1].substring(next + "; the next lines: ".length()).strip();
        }
    }

    /** Every call of each table, and the cursors to the end; returns nothing, asserts the whole diff came back. */
    static void walk(String tool, ObjectNode first, long max, byte[] git) {
        Map<String, byte[]> sections = DiffSections.sectionsOf(git);
        Map<String, byte[]> got = new LinkedHashMap<>();
        java.util.List<String> paged = new java.util.ArrayList<>();
        Map<String, String> followed = new java.util.HashMap<>();
        String call = tool + " " + Json.write(first);
        int pages = 0;
        while (call != null) {
            assertTrue(++pages < 100, "the cursors do not end: " + call);
            JsonNode result = s.callResult(BudgetAnswer.tool(call), McpCalls.args(BudgetAnswer.arguments(call)));
            assertFalse(result.path("isError").asBoolean(false), call + " -> " + result);
            long bytes = Json.write(result).getBytes(StandardCharsets.UTF_8).length;
            assertTrue(bytes <= max, call + " answered " + bytes + " bytes");
            BudgetAnswer a = BudgetAnswer.parse(McpCalls.text(result).getBytes(StandardCharsets.UTF_8),
                    DiffSections::toolCall);
            assertEquals(0, a.more(), "answer " + pages + " of " + call + ":\n" + a.toc());
            if (pages == 1) {
                assertNotNull(a.template(), "far over budget, the answer opens with its table:\n" + a.toc());
                assertFalse(a.toc().contains("\"HEAD\"") || a.toc().contains("\"base\":\"base\""),
                        "calls name full SHAs: " + a.toc());
            }
            DiffSections.sectionsOf(a.diff()).forEach((path, section) ->
                    assertNull(got.put(path, section), "shown twice: " + path));
            // Every call the table names answers within the budget and returns that file's section as git prints
            // it: whole, or (a section larger than the budget) in pages of its lines, followed to the end. Each
            // later answer's table lists again the files still left out, mostly with the very same calls (full
            // SHAs, the same budget): a call already followed is checked against this file's section once more
            // from what it gave, not asked again.
            for (Map.Entry<String, String> e : a.listed().entrySet()) {
                String path = DiffSections.unquoted(e.getKey());
                String text = followed.computeIfAbsent(e.getValue(), c -> section(c, max, paged));
                assertEquals(new String(sections.get(path), StandardCharsets.UTF_8), text, e.getValue());
                if (a.next() == null) {
                    got.putIfAbsent(path, text.getBytes(StandardCharsets.UTF_8));
                }
            }
            call = a.next();
        }
        // The range has sections larger than the budget: their calls read them in pages (each call counted once).
        long over = sections.values().stream().filter(b -> b.length > max).count();
        assertTrue(over > 0, "no section over " + max);
        assertTrue(paged.size() >= over, paged + " read in pages; " + over + " sections over " + max);
        assertEquals(sections.keySet(), got.keySet());
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        sections.keySet().forEach(path -> whole.writeBytes(got.get(path)));
        assertEquals(new String(git, StandardCharsets.UTF_8), whole.toString(StandardCharsets.UTF_8),
                tool + " " + first + ": " + pages + " answers");
    }
}
