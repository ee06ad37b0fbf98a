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
import support.BareOracle;
import support.Fixtures;
import support.GrepRule;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** get_file_at_sha and grep_at_sha over the protocol, compared with git show and git grep -n in a bare clone. */
@Timeout(60)
@support.Parallel
class McpReadToolsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static BareOracle oracle;
    static String head;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        head = Fixtures.everyShape(repo)[1];
        oracle = BareOracle.cloneOf(repo.dir());
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() throws Exception {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        oracle.close();
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void getFileAtShaIsGitShowForFilesAndFolders() {
        for (String path : List.of("src/app.ts", "crlf.txt", "nonl.txt", "colon:name.txt", "-leading-dash.txt",
                "tab\there.txt", "ünïcödé/naïve.md", "added/empty.txt", "lib", "")) {
            String got = McpCalls.ok(s, "get_file_at_sha", McpCalls.args("sha", head, "path", path));
            assertEquals(utf8(oracle.show(head + ":" + path)), got, path);
        }
        JsonNode result = s.callResult("get_file_at_sha", McpCalls.args("sha", "feature", "path", "src/app.ts",
                "repo_path", repo.dir().toString()));
        assertEquals(utf8(oracle.show(head + ":src/app.ts")), McpCalls.text(result));
        String blob = repo.text("rev-parse", head + ":src/app.ts").strip();
        assertEquals(List.of("blob " + head + ":src/app.ts (" + blob + ", " + oracle.show(head + ":src/app.ts").length
                + " bytes)"), McpCalls.notices(result));
        assertNull(result.get("structuredContent"));
    }

    @Test
    void aBinaryFileIsDescribedNotSent() {
        String got = McpCalls.ok(s, "get_file_at_sha", McpCalls.args("sha", head, "path", "bin.dat"));
        assertEquals("binary file " + head + ":bin.dat, 600 bytes: not shown as text", got);
    }

    @Test
    void getFileAtShaFailuresHaveTheClisCodes() {
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", head, "path", "with space.txt")),
                "PATH_NOT_FOUND");
        JsonNode near = McpCalls.toolError(s.callResult("get_file_at_sha",
                McpCalls.args("sha", head, "path", "app.ts")), "PATH_NOT_FOUND");
        assertTrue(near.get("message").asText().endsWith("; did you mean src/app.ts?"), near.toString());
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", "0000000", "path", "x")),
                "SHA_NOT_FOUND");
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", head, "path", "./src/app.ts")),
                "INVALID_INPUT");
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", "-p", "path", "x")),
                "INVALID_INPUT");
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", head)), "INVALID_INPUT");
    }

    /** git grep -n's lines with "SHA:" taken from before each name, after a header naming the commit once. */
    static String grepped(Proc.Result git) {
        return header() + utf8(GrepRule.withoutRev(git.stdout(), head));
    }

    static String header() {
        return "# prdiff: commit " + head.substring(0, 12) + "\n";
    }

    @Test
    void grepAtShaIsGitGrepWithLineNumbers() {
        ObjectNode plain = McpCalls.args("pattern", "-leading", "sha", head);
        assertEquals(grepped(oracle.grep("-n", "-e", "-leading", head)), McpCalls.ok(s, "grep_at_sha", plain));

        ObjectNode some = McpCalls.args("pattern", "NAME", "sha", head);
        some.put("ignore_case", true);
        some.putArray("paths").add("colon:name.txt").add("with space renamed.txt").add("src");
        Proc.Result expected = oracle.grep("-n", "-i", "-e", "NAME", head, "--", "colon:name.txt",
                "with space renamed.txt", "src");
        assertTrue(expected.stdout().length > 0);
        assertEquals(grepped(expected), McpCalls.ok(s, "grep_at_sha", some));

        ObjectNode fixed = McpCalls.args("pattern", "app [0-9]", "sha", head);
        fixed.put("fixed_strings", true);
        JsonNode none = s.callResult("grep_at_sha", fixed);
        assertEquals(header() + "# prdiff: no line matches\n", McpCalls.text(none));
        assertEquals(List.of("no line matches"), McpCalls.notices(none));

        ObjectNode words = McpCalls.args("pattern", "app (7|seven)", "sha", head);
        words.put("extended_regexp", true);
        words.put("word_regexp", true);
        assertEquals(grepped(oracle.grep("-n", "-E", "-w", "-e", "app (7|seven)", head)),
                McpCalls.ok(s, "grep_at_sha", words));

        ObjectNode files = McpCalls.args("pattern", "a", "sha", head);
        files.put("files_with_matches", true);
        assertEquals(grepped(oracle.grep("-l", "-e", "a", head)), McpCalls.ok(s, "grep_at_sha", files));
    }

    /**
     * Past max_bytes a page ends at a whole line with the skip that continues; the pages, walked to the end, are
     * git grep's lines, and no result is over max_bytes counted whole.
     */
    @Test
    void grepAtShaPagesWithinMaxBytes() {
        String all = utf8(GrepRule.withoutRev(oracle.grep("-n", "-e", "a", head).stdout(), head));
        long lines = all.lines().count();
        assertTrue(all.length() > 3000, "the fixture should match more than a small page: " + all.length());
        StringBuilder walked = new StringBuilder();
        int skip = 0;
        int pages = 0;
        while (true) {
            ObjectNode page = McpCalls.args("pattern", "a", "sha", head);
            page.put("max_bytes", 1000);
            page.put("skip", skip);
            JsonNode result = s.callResult("grep_at_sha", page);
            assertTrue(result.toString().getBytes(StandardCharsets.UTF_8).length <= 1000,
                    result.toString());
            String text = McpCalls.text(result);
            assertTrue(text.startsWith(header()), text);
            String[] apart = McpCalls.guidanceApart(text.substring(header().length()));
            walked.append(apart[0]);
            pages++;
            if (apart[1].isEmpty()) {
                break;
            }
            int next = skip + (int) apart[0].lines().count();
            assertEquals("# prdiff: lines " + (skip + 1) + " to " + next + " of " + lines + " shown within max_bytes"
                    + " 1000; next page: the same call with skip " + next + ", or narrow the search with paths\n",
                    apart[1]);
            skip = next;
        }
        assertEquals(all, walked.toString());
        assertTrue(pages > 3, "pages: " + pages);

        ObjectNode past = McpCalls.args("pattern", "a", "sha", head);
        past.put("skip", (int) lines);
        assertEquals(header() + "# prdiff: skip " + lines + " is past the last of the " + lines + " lines\n",
                McpCalls.ok(s, "grep_at_sha", past));
    }

    @Test
    void grepAtShaFailuresHaveTheClisCodes() {
        ObjectNode badRegex = McpCalls.args("pattern", "x(", "sha", head);
        badRegex.put("extended_regexp", true);
        McpCalls.toolError(s.callResult("grep_at_sha", badRegex), "INVALID_INPUT");
        McpCalls.toolError(s.callResult("grep_at_sha", McpCalls.args("pattern", "x", "sha", "deadbeef")),
                "SHA_NOT_FOUND");
        McpCalls.toolError(s.callResult("grep_at_sha", McpCalls.args("pattern", "", "sha", head)), "INVALID_INPUT");
    }

    @Test
    void answersLargerThanTheServersCapFailAndSayWhatToDo() throws Exception {
        try (McpSession tiny = McpSession.initialized(McpSession.config(repo.dir()).withLimits(1 << 20, 100))) {
            JsonNode file = McpCalls.toolError(tiny.callResult("get_file_at_sha",
                    McpCalls.args("sha", head, "path", "src/app.ts")), "INVALID_INPUT");
            assertTrue(file.get("message").asText().contains("grep_at_sha"), file.toString());
            assertEquals(100, file.get("max_diff_bytes").asInt());
            // grep_at_sha pages instead: here not even one line fits the server's 100 bytes.
            String grep = McpCalls.ok(tiny, "grep_at_sha", McpCalls.args("pattern", "app", "sha", head));
            assertEquals(header() + "# prdiff: line 1 alone is more than max_bytes 100; raise max_bytes, or narrow"
                    + " the search with paths\n", grep);
            assertEquals(utf8(oracle.show(head + ":lib/a/index.ts")), McpCalls.ok(tiny, "get_file_at_sha",
                    McpCalls.args("sha", head, "path", "lib/a/index.ts")));
        }
    }
}
