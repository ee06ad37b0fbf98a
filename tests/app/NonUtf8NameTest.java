package app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.NeutralGit;
import support.OpenApiDocument;
import support.Proc;
import support.SchemaViolations;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * File names that are not UTF-8 ({@code caf\xe8} and {@code caf\xe9}, which any lossy decoding makes one name,
 * and a rename between two such names) stay apart and exact through --files-only, --file and the MCP tools,
 * every expectation taken from git's own output for the same commits.
 */
@Timeout(120)
@support.Parallel
class NonUtf8NameTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String dir;

    @BeforeAll
    static void fixture() {
        dir = repo.dir().toString();
        repo.write("a.txt", "a\n");
        sh("printf 'line one\\nline two\\nline three\\nline four\\n' > \"$(printf 'old\\377')\"");
        repo.commit("base");
        repo.checkout("-b", "feat");
        sh("printf 'one\\n' > \"$(printf 'caf\\350')\"; printf 'two\\n' > \"$(printf 'caf\\351')\";"
                + " mv \"$(printf 'old\\377')\" \"$(printf 'new\\376')\"");
        repo.commit("non-UTF-8 names");
    }

    /** A shell command in the repository; the shell's printf writes the bytes Java cannot put in an argument. */
    static byte[] sh(String script) {
        Proc.Result r = Proc.run(List.of("sh", "-c", script), repo.dir(), NeutralGit.env(), Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    /** git's own diff limited to one name, given as printf escapes. */
    static byte[] gitDiffOf(String printfName) {
        return sh("exec git " + String.join(" ", NeutralGit.DIFF_SETTINGS) + " diff --no-color --no-ext-diff"
                + " --no-textconv main...feat -- \"$(printf '" + printfName + "')\"");
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(java.nio.file.Path.of(dir), args);
    }

    static JsonNode json(byte[] bytes) {
        try {
            return Json.MAPPER.readTree(bytes);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Checks a FileList against git: quoted paths as git prints them, exact bytes in the base64 fields. */
    static void assertListedLikeGit(JsonNode list) {
        // git's C-quoted names (core.quotePath on): "R100\t\"old\\377\"\t\"new\\376\"" and the like.
        String[] status = new String(repo.git(NeutralGit.diff("--name-status", "main...feat")), StandardCharsets.US_ASCII)
                .split("\n");
        byte[] z = repo.git(NeutralGit.diff("--name-only", "-z", "main...feat"));
        List<byte[]> rawNames = split(z);
        JsonNode files = list.get("files");
        assertEquals(status.length, files.size(), list.toString());
        for (int i = 0; i < status.length; i++) {
            String[] f = status[i].split("\t");
            JsonNode entry = files.get(i);
            assertEquals(f[f.length - 1], entry.get("path").asText(), entry.toString());
            boolean ascii = f[f.length - 1].indexOf('"') < 0;
            assertEquals(ascii, !entry.has("path_bytes_base64"), entry.toString());
            if (!ascii) {
                assertArrayEquals(rawNames.get(i), Base64.getDecoder().decode(entry.get("path_bytes_base64").asText()));
            }
            if (f[0].startsWith("R")) {
                assertEquals(f[1], entry.get("previous_path").asText(), entry.toString());
                assertArrayEquals("old\377".getBytes(StandardCharsets.ISO_8859_1),
                        Base64.getDecoder().decode(entry.get("previous_path_bytes_base64").asText()));
            }
        }
        assertTrue(Arrays.asList(status).contains("A\t\"caf\\350\""));
        assertTrue(Arrays.asList(status).contains("A\t\"caf\\351\""));
    }

    static List<byte[]> split(byte[] z) {
        List<byte[]> names = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < z.length; i++) {
            if (z[i] == 0) {
                names.add(Arrays.copyOfRange(z, start, i));
                start = i + 1;
            }
        }
        return names;
    }

    @Test
    void filesOnlyListsEachNameAsGitQuotesItWithItsExactBytes() {
        JsonNode list = json(ok("main...feat", "--files-only").stdout());
        assertListedLikeGit(list);
        assertEquals(List.of(), SchemaViolations.of(OpenApiDocument.load().outputSchema("get_changed_files"), list), list.toString());
    }

    @Test
    void fileSelectsByExactBytesGivenGitsQuotedForm() {
        byte[] e8 = gitDiffOf("caf\\350");
        byte[] e9 = gitDiffOf("caf\\351");
        assertTrue(e9.length > 0);
        assertNotEquals(new String(e8, StandardCharsets.ISO_8859_1), new String(e9, StandardCharsets.ISO_8859_1));
        assertArrayEquals(e9, ok("main...feat", "--file", "\"caf\\351\"").stdout());
        assertArrayEquals(e8, ok("main...feat", "--file", "\"caf\\350\"").stdout());
        // The rename's section, by either name, is the whole diff's.
        byte[] renamed = sh("exec git " + String.join(" ", NeutralGit.DIFF_SETTINGS) + " diff --no-color --no-ext-diff"
                + " --no-textconv main...feat -- \"$(printf 'old\\377')\" \"$(printf 'new\\376')\"");
        assertTrue(new String(renamed, StandardCharsets.ISO_8859_1).contains("rename from \"old\\377\""));
        assertArrayEquals(renamed, ok("main...feat", "--file", "\"new\\376\"").stdout());
        assertArrayEquals(renamed, ok("main...feat", "--file", "\"old\\377\"").stdout());
        // The replacement character a lossy decoding produced selects nothing.
        assertEquals(0, ok("main...feat", "--file", "caf\uFFFD").stdout().length);

        JsonNode one = json(ok("main...feat", "--files-only", "--file", "\"caf\\351\"").stdout()).get("files");
        assertEquals(1, one.size(), one.toString());
        assertEquals("\"caf\\351\"", one.get(0).get("path").asText());
        // Commits only, so a pathspec would be possible: it is not used for such names (or the output would differ).
        assertArrayEquals(e9, ok(repo.text("rev-parse", "main").strip() + "..." + repo.text("rev-parse", "feat").strip(),
                "--file", "\"caf\\351\"").stdout());
    }

    @Test
    void mcpToolsListAndSelectTheSameWay() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            JsonNode result = s.callResult("get_changed_files", McpCalls.args("base", "main", "head", "feat"));
            assertFalse(result.path("isError").asBoolean(false), result.toString());
            assertListedLikeGit(McpCalls.fileList(result));
            String e9 = new String(gitDiffOf("caf\\351"), StandardCharsets.US_ASCII);
            assertEquals(e9, McpCalls.ok(s, "get_diff", McpCalls.args("base", "main", "head", "feat",
                    "path", "\"caf\\351\"")));
            JsonNode one = McpCalls.fileList(s.callResult("get_changed_files", McpCalls.args("base", "main", "head", "feat",
                    "path", "\"caf\\350\""))).get("files");
            assertEquals(1, one.size(), one.toString());
            assertEquals(Base64.getEncoder().encodeToString("caf\350".getBytes(StandardCharsets.ISO_8859_1)),
                    one.get(0).get("path_bytes_base64").asText());
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }
}
