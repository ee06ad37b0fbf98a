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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * log and stat within max_bytes, with a way to the rest: log takes path, top and skip (git log's own --skip,
 * --max-count and pathspec are the oracle), and a list of commits or a diffstat past max_bytes is cut after a
 * whole line, its last line naming the skip that continues, so walking the pages gives git's whole answer.
 */
@Timeout(120)
@support.Parallel
class McpLogAndStatBudgetTest {
    static final String FORMAT = "--format=%h %ad %an <%ae> %s";
    static TempRepo repo;
    static String base;
    static String head;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        repo.write("start.txt", "0\n");
        base = repo.commit("base");
        for (int i = 1; i <= 60; i++) {
            repo.write("dir" + (i % 3) + "/a-rather-long-file-name-for-the-diffstat-" + i + ".txt", "commit " + i + "\n");
            head = repo.commit("commit " + i + " with a subject long enough to fill the list of commits quickly");
        }
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
    }

    static String gitLog(String... more) {
        List<String> args = new ArrayList<>(List.of("log", "--no-use-mailmap", "--abbrev=7", "--date=iso-strict",
                FORMAT));
        args.addAll(List.of(more));
        return repo.text(args.toArray(String[]::new));
    }

    static ObjectNode range() {
        return McpCalls.args("base", base, "head", head).put("log", true);
    }

    @Test
    void logTakesPathTopAndSkipAsGitLogDoes() {
        assertEquals(gitLog(base + ".." + head), McpCalls.ok(s, "get_diff", range()));
        assertEquals(gitLog(base + ".." + head, "--", "dir1"), McpCalls.ok(s, "get_diff", range().put("path", "dir1")));
        String page = McpCalls.ok(s, "get_diff", range().put("top", 5).put("skip", 10));
        assertEquals(gitLog("--skip=10", "--max-count=5", base + ".." + head)
                + "# prdiff: commits 11 to 15 of 60 shown; next page: the same call with skip 15\n", page);
        String last = McpCalls.ok(s, "get_diff", range().put("top", 5).put("skip", 55));
        assertEquals(gitLog("--skip=55", base + ".." + head), last);
        String commit = McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", head, "path", "dir0")
                .put("log", true));
        assertEquals(gitLog("-1", head, "--", "dir0"), commit);
        assertEquals("", McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", head, "path", "dir1")
                .put("log", true)), "the commit does not touch dir1");
        McpCalls.toolError(s.callResult("get_diff", McpCalls.withArray(range(), "include", "*.txt")),
                "INVALID_INPUT");
    }

    @Test
    void aLongLogIsCutAtALineAndThePagesWalkToItsEnd() {
        String whole = gitLog(base + ".." + head);
        assertTrue(whole.length() > 6000, whole.length() + " bytes");
        StringBuilder walked = new StringBuilder();
        int skip = 0;
        for (int pages = 0; pages < 20; pages++) {
            JsonNode result = s.callResult("get_diff", range().put("max_bytes", 2000).put("skip", skip));
            String text = McpCalls.text(result);
            assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= 2000, text);
            String[] parts = McpCalls.guidanceApart(text);
            walked.append(parts[0]);
            if (parts[1].isEmpty()) {
                break;
            }
            int shown = (int) parts[0].lines().count();
            assertEquals("# prdiff: commits " + (skip + 1) + " to " + (skip + shown) + " shown within max_bytes 2000;"
                    + " next page: the same call with skip " + (skip + shown) + "\n", parts[1]);
            skip += shown;
        }
        assertEquals(whole, walked.toString());
    }

    @Test
    void aLongDiffstatIsCutAtALineKeepingGitsSummary() {
        String whole = repo.text("diff", "--stat=80", base + "..." + head);
        List<String> names = repo.text("diff", "--name-only", base + "..." + head).lines().toList();
        assertTrue(whole.length() > 3000, whole.length() + " bytes");
        List<String> walked = new ArrayList<>();
        int skip = 0;
        for (int pages = 0; pages < 30; pages++) {
            ObjectNode args = McpCalls.args("base", base, "head", head).put("stat", true).put("max_bytes", 1500)
                    .put("skip", skip);
            String text = McpCalls.ok(s, "get_diff", args);
            assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= 1500, text);
            String[] parts = McpCalls.guidanceApart(text);
            List<String> lines = parts[0].lines().toList();
            assertTrue(lines.get(lines.size() - 1).matches(" \\d+ files? changed.*"), parts[0]);
            List<String> files = lines.subList(0, lines.size() - 1);
            files.forEach(l -> walked.add(l.substring(0, l.indexOf('|')).strip()));
            if (!parts[1].contains("within max_bytes")) {
                break;
            }
            assertTrue(parts[1].startsWith("# prdiff: files " + (skip + 1) + " to " + (skip + files.size())
                    + " shown within max_bytes 1500; next page: the same call with skip " + (skip + files.size())), parts[1]);
            skip += files.size();
        }
        // git abbreviates long names in a diffstat (".../name"): compare the ends.
        assertEquals(names.size(), walked.size(), walked.toString());
        for (int i = 0; i < names.size(); i++) {
            String shown = walked.get(i).startsWith(".../") ? walked.get(i).substring(3) : walked.get(i);
            assertTrue(names.get(i).endsWith(shown), names.get(i) + " vs " + shown);
        }
    }

    /** A range with a merge lists as git log --first-parent, and a guidance line after the text says so. */
    @Test
    void mergesAreListedAsFirstParentAndTheTextSaysSo() {
        try (TempRepo merged = TempRepo.init()) {
            merged.write("a.txt", "a\n");
            String start = merged.commit("start");
            merged.checkout("-b", "side");
            merged.write("s.txt", "s\n");
            merged.commit("side");
            merged.checkout("main");
            merged.write("m.txt", "m\n");
            merged.commit("main");
            merged.git("merge", "-q", "--no-ff", "-m", "merge side", "side");
            String end = merged.text("rev-parse", "HEAD").strip();
            McpSession m = McpSession.initialized(merged.dir());
            try {
                String text = McpCalls.ok(m, "get_diff", McpCalls.args("base", start, "head", end).put("log", true));
                assertEquals(merged.text("log", "--first-parent", "--no-use-mailmap", "--abbrev=7", "--date=iso-strict",
                        FORMAT, start + ".." + end) + "# prdiff: log: listed as git log --first-parent lists it, each"
                        + " merge as one line: 1 merge brought in 1 commit not listed\n", text);
            } finally {
                assertEquals(List.of(), m.finish(McpSession.WAIT));
            }
        }
    }
}
