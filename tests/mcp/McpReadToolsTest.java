package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.McpCalls;
import support.BareOracle;
import support.Fixtures;
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
    static TempRepo repo;
    static BareOracle oracle;
    static String head;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        head = Fixtures.everyShape(repo)[1];
        oracle = BareOracle.cloneOf(repo.dir());
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() throws Exception {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
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
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", "0000000", "path", "x")),
                "SHA_NOT_FOUND");
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", head, "path", "./src/app.ts")),
                "INVALID_INPUT");
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", "-p", "path", "x")),
                "INVALID_INPUT");
        McpCalls.toolError(s.callResult("get_file_at_sha", McpCalls.args("sha", head)), "INVALID_INPUT");
    }

    @Test
    void grepAtShaIsGitGrepWithLineNumbers() {
        ObjectNode plain = McpCalls.args("pattern", "-leading", "sha", head);
        assertEquals(utf8(oracle.grep("-n", "-e", "-leading", head).stdout()), McpCalls.ok(s, "grep_at_sha", plain));

        ObjectNode some = McpCalls.args("pattern", "NAME", "sha", head);
        some.put("ignore_case", true);
        some.putArray("paths").add("colon:name.txt").add("with space renamed.txt").add("src");
        Proc.Result expected = oracle.grep("-n", "-i", "-e", "NAME", head, "--", "colon:name.txt",
                "with space renamed.txt", "src");
        assertTrue(expected.stdout().length > 0);
        assertEquals(utf8(expected.stdout()), McpCalls.ok(s, "grep_at_sha", some));

        ObjectNode fixed = McpCalls.args("pattern", "app [0-9]", "sha", head);
        fixed.put("fixed_strings", true);
        JsonNode none = s.callResult("grep_at_sha", fixed);
        assertEquals("", McpCalls.text(none));
        assertEquals(List.of("no line matches"), McpCalls.notices(none));

        ObjectNode words = McpCalls.args("pattern", "app (7|seven)", "sha", head);
        words.put("extended_regexp", true);
        words.put("word_regexp", true);
        assertEquals(utf8(oracle.grep("-n", "-E", "-w", "-e", "app (7|seven)", head).stdout()),
                McpCalls.ok(s, "grep_at_sha", words));
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
            JsonNode grep = McpCalls.toolError(tiny.callResult("grep_at_sha",
                    McpCalls.args("pattern", "app", "sha", head)), "INVALID_INPUT");
            assertTrue(grep.get("message").asText().contains("paths"), grep.toString());
            assertEquals(utf8(oracle.show(head + ":lib/a/index.ts")), McpCalls.ok(tiny, "get_file_at_sha",
                    McpCalls.args("sha", head, "path", "lib/a/index.ts")));
        }
    }
}
