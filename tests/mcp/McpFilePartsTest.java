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

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parts of an answer asked for by name, each compared with git's own: one file of a commit (get_commit_diff's
 * path, as prdiff SHA --file), and a generated file named by path, which comes whole though skip_generated is on.
 */
@Timeout(60)
@support.Parallel
class McpFilePartsTest {
    static TempRepo repo;
    static String commit;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        repo.write(".gitattributes", "*.gen linguist-generated\n");
        repo.write("src/a.txt", "a\nb\nc\n");
        repo.write("src/b.txt", "one\n");
        repo.write("out.gen", "1\n2\n");
        repo.write("package-lock.json", "{}\n");
        repo.commit("base");
        repo.write("src/a.txt", "a\nB\nc\n");
        repo.write("src/b.txt", "two\n");
        repo.write("out.gen", "1\n2\n3\n");
        repo.write("package-lock.json", "{\"v\":1}\n");
        StringBuilder big = new StringBuilder();
        for (int i = 1; i <= 400; i++) {
            big.append("line ").append(i).append(" of the long file\n");
        }
        repo.write("long.txt", big + "last line, no newline");
        commit = repo.commit("change");
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
    }

    @Test
    void getCommitDiffTakesPathAsTheCliTakesFile() {
        assertEquals(McpCalls.git(repo, commit + "^", commit, "--", "src/b.txt"),
                McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", commit, "path", "src/b.txt")));
        assertEquals(McpCalls.git(repo, commit + "^", commit, "--", "src"),
                McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", commit, "path", "src")));
    }

    @Test
    void aGeneratedFileAskedForByNameComesWhole() {
        for (String name : List.of("out.gen", "package-lock.json")) {
            assertEquals(McpCalls.git(repo, commit + "^", commit, "--", name),
                    McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", commit, "path", name)), name);
            ObjectNode range = McpCalls.args("base", commit + "^", "head", commit, "path", name);
            assertEquals(McpCalls.git(repo, commit + "^..." + commit, "--", name),
                    McpCalls.ok(s, "get_diff", range), name);
        }
        // The whole commit keeps the marker; named beside a folder, the file still comes whole.
        String all = McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", commit));
        assertTrue(all.contains("# prdiff: generated file: "), all);
        String two = McpCalls.ok(s, "get_commit_diff", McpCalls.args("hash", commit, "path",
                "out.gen,src"));
        assertEquals(McpCalls.git(repo, commit + "^", commit, "--", "out.gen", "src"), two);
    }

    /** Lines {@code from} to {@code to} (1-based, inclusive) of git show's text, each with its newline. */
    static String lines(String text, int from, int to, boolean numbered) {
        StringBuilder out = new StringBuilder();
        int line = 1;
        for (int i = 0; i < text.length(); line++) {
            int nl = text.indexOf('\n', i);
            int end = nl < 0 ? text.length() : nl + 1;
            if (line >= from && line <= to) {
                out.append(numbered ? String.format("%6d\t", line) : "").append(text, i, end);
            }
            i = end;
        }
        return out.toString();
    }

    static ObjectNode file(String path) {
        return McpCalls.args("sha", commit, "path", path);
    }

    @Test
    void getFileAtShaGivesAPartOfAFileNumberedWhenAsked() {
        String whole = repo.text("show", commit + ":long.txt");
        assertEquals(whole, McpCalls.ok(s, "get_file_at_sha", file("long.txt")));
        assertEquals(lines(whole, 10, 12, false), McpCalls.ok(s, "get_file_at_sha",
                file("long.txt").put("start_line", 10).put("end_line", 12)));
        assertEquals(lines(whole, 399, 401, true), McpCalls.ok(s, "get_file_at_sha",
                file("long.txt").put("start_line", 399).put("line_numbers", true)));
        assertEquals(lines(whole, 1, 401, true), McpCalls.ok(s, "get_file_at_sha",
                file("long.txt").put("line_numbers", true)));
        assertEquals(lines(whole, 1, 2, false), McpCalls.ok(s, "get_file_at_sha",
                file("long.txt").put("end_line", 2)));
        JsonNode part = s.callResult("get_file_at_sha", file("long.txt").put("start_line", 400).put("end_line", 900));
        assertEquals("line 400 of the long file\nlast line, no newline", McpCalls.text(part));
        assertTrue(McpCalls.notices(part).contains("lines 400 to 401 of 401"), part.toString());

        JsonNode past = McpCalls.toolError(s.callResult("get_file_at_sha", file("long.txt").put("start_line", 402)),
                "INVALID_INPUT");
        assertTrue(past.get("message").asText().contains("which has 401 lines"), past.toString());
        JsonNode backwards = McpCalls.toolError(s.callResult("get_file_at_sha",
                file("long.txt").put("start_line", 5).put("end_line", 4)), "INVALID_INPUT");
        assertTrue(backwards.get("message").asText().contains("end_line 4 is before start_line 5"), backwards.toString());
    }

    @Test
    void aFileTooLargeToComeWholeCanBeReadInParts() {
        String whole = repo.text("show", commit + ":long.txt");
        try (McpSession tiny = McpSession.initialized(McpSession.config(repo.dir()).withLimits(1 << 20, 1000))) {
            JsonNode refused = McpCalls.toolError(tiny.callResult("get_file_at_sha", file("long.txt")),
                    "INVALID_INPUT");
            assertTrue(refused.get("message").asText().contains("start_line and end_line"), refused.toString());
            StringBuilder read = new StringBuilder();
            for (int from = 1; from <= 401; from += 30) {
                read.append(McpCalls.ok(tiny, "get_file_at_sha", file("long.txt").put("start_line", from)
                        .put("end_line", from + 29)));
            }
            assertEquals(whole, read.toString());
            JsonNode tooMany = McpCalls.toolError(tiny.callResult("get_file_at_sha",
                    file("long.txt").put("start_line", 1).put("end_line", 100)), "INVALID_INPUT");
            assertTrue(tooMany.get("message").asText().contains("ask for fewer"), tooMany.toString());
        }
    }
}
