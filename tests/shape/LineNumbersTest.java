package shape;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.shape.LineNumbers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.Proc;
import support.RenderFixture;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.withTextBefore;

/**
 * --line-numbers and MCP line_numbers on a history made by git: every number is checked against the file's own
 * lines at the base and head commits (git show), removing the prefixes gives git's diff back byte for byte, and
 * the renderer's output does not depend on how the bytes were cut into writes or sections.
 */
@Timeout(120)
@support.Parallel
class LineNumbersTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static String range;
    /** A field of a numbered line: a number right-aligned in its columns, or blanks. */
    static final Pattern FIELD = Pattern.compile(" *\\d*");

    @BeforeAll
    static void fixture() {
        String[] shas = RenderFixture.build(repo);
        base = shas[0];
        head = shas[1];
        range = base + "..." + head;
    }

    static final Map<String, List<String>> FILES = new HashMap<>();

    /** The file's lines at a commit, read once. */
    static List<String> file(String sha, String path) {
        return FILES.computeIfAbsent(sha + ":" + path, k -> RenderFixture.lines(repo, sha, path));
    }

    static byte[] cli(String... args) {
        return PrdiffCli.ok(repo.dir(), args).stdout();
    }

    static byte[] render(byte[] diff) {
        return RenderFixture.whole(LineNumbers::new, diff);
    }

    @Test
    void everyNumberIsTheLineGitHasAtThatNumber() {
        for (String context : new String[] {"3", "0", "12"}) {
            byte[] numbered = cli(range, "--line-numbers", "-U", context);
            int checked = checkNumbers(numbered);
            assertTrue(checked > 30, "only " + checked + " numbered lines with -U " + context);
            assertArrayEquals(repo.gitDiff("-U" + context, range), strip(numbered), "-U " + context);
        }
    }

    @Test
    void combinesWithFileIncludeAndTop() {
        byte[] one = cli(range, "--line-numbers", "--file", "huge.txt");
        assertArrayEquals(render(repo.gitDiff(range, "--", "huge.txt")), one);
        String text = new String(one, StandardCharsets.UTF_8);
        // past 9999 the fields grow to 5 columns, for that hunk
        assertTrue(text.contains("10020" + " ".repeat(7) + "|-huge 10020\n"), text);
        assertTrue(text.contains(" ".repeat(6) + "10020 |+huge ten thousand twenty\n"), text);
        checkNumbers(one);
        assertArrayEquals(render(repo.gitDiff(range, "--", ":(glob)**/*.txt")),
                cli(range, "--line-numbers", "--include", "*.txt"));
        Proc.Result page = PrdiffCli.ok(repo.dir(), range, "--line-numbers", "--top", "2", "--skip", "1");
        checkNumbers(page.stdout());
        assertTrue(page.stderr().contains("pagination: "), page.stderr());
    }

    @Test
    void theFormatIsDocumented() {
        String text = new String(cli(range, "--line-numbers", "--file", "big.txt"), StandardCharsets.UTF_8);
        assertTrue(text.contains("@@ -2,7 +2,7 @@ big 1\n   2    2 | big 2\n"), text);
        assertTrue(text.contains("   5      |-big 5\n        5 |+big five\n"), text);
        assertTrue(text.contains("\n 698  696 | big 698\n"), text); // after two removed lines
        assertTrue(text.contains(" 700  698 | big 700\n" + " ".repeat(6) + "699 |+new 1\n"), text);
        String nonl = new String(cli(range, "--line-numbers", "--file", "nonl.txt"), StandardCharsets.UTF_8);
        String marker = " ".repeat(10) + "|\\ No newline at end of file\n";
        assertTrue(nonl.endsWith("   2      |-b\n" + marker + "        2 |+B\n" + marker), nonl);
    }

    @Test
    void bytesThatAreNotUtf8PassThrough() {
        byte[] numbered = cli(range, "--line-numbers", "--file", "latin1.txt");
        byte[] expected = "   2      |-caf\u00e9 2\n        2 |+CAF\u00c9 2\n".getBytes(StandardCharsets.ISO_8859_1);
        assertTrue(new String(numbered, StandardCharsets.ISO_8859_1).contains(
                new String(expected, StandardCharsets.ISO_8859_1)), new String(numbered, StandardCharsets.ISO_8859_1));
        assertArrayEquals(repo.gitDiff(range, "--", "latin1.txt"), strip(numbered));
    }

    @Test
    void chunksAndSectionsGiveTheSameBytes() {
        byte[] diff = withTextBefore(repo.gitDiff("--binary", range));
        byte[] whole = render(diff);
        Random random = new Random(42);
        for (int i = 0; i < 30; i++) {
            assertArrayEquals(whole, RenderFixture.chunked(LineNumbers::new, diff, random), "try " + i);
        }
        List<byte[]> sections = RenderFixture.sections(diff);
        assertTrue(sections.size() > 10, "sections: " + sections.size());
        assertArrayEquals(whole, RenderFixture.parts(LineNumbers::new, sections));
        ByteArrayOutputStream oneEach = new ByteArrayOutputStream();
        for (byte[] section : sections) {
            oneEach.writeBytes(render(section));
        }
        assertArrayEquals(whole, oneEach.toByteArray());
        // the binary patch, the text before the first section and every header stay as they were
        assertArrayEquals(diff, strip(whole));
    }

    @Test
    void aLastLineWithoutNewlineIsWrittenByFinish() {
        byte[] cut = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new".getBytes(StandardCharsets.UTF_8);
        assertEquals("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n   1      |-old\n        1 |+new",
                new String(render(cut), StandardCharsets.UTF_8));
    }

    @Test
    void mcpLineNumbersAreTheClis() {
        McpSession s = McpSession.initialized(repo.dir());
        try {
            ObjectNode args = McpCalls.args("base", base, "head", head);
            args.put("line_numbers", true);
            assertEquals(new String(cli(range, "--line-numbers"), StandardCharsets.UTF_8),
                    McpCalls.ok(s, "get_diff", args));
            ObjectNode commit = McpCalls.args("hash", head);
            commit.put("line_numbers", true);
            commit.put("context_lines", 1);
            assertEquals(new String(cli("--commit", head, "--line-numbers", "-U", "1"), StandardCharsets.UTF_8),
                    McpCalls.ok(s, "get_commit_diff", commit));
            ObjectNode stat = McpCalls.args("hash", head);
            stat.put("line_numbers", true);
            stat.put("stat", true);
            McpCalls.toolError(s.callResult("get_commit_diff", stat), "INVALID_INPUT");
        } finally {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    @Test
    void usageErrors() {
        for (String[] args : new String[][] {
                {range, "--line-numbers", "--files-only"},
                {range, "--line-numbers", "--stat"},
                {range, "--line-numbers", "--color=always"},
                {range, "--line-numbers", "--width", "80"}}) {
            Proc.Result r = PrdiffCli.in(repo.dir(), args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.stderr());
            assertTrue(r.stderr().startsWith("prdiff: usage error: "), r.stderr());
        }
    }

    /** Each numbered line's prefix removed; its other lines as they are. */
    static byte[] strip(byte[] numbered) {
        String text = new String(numbered, StandardCharsets.ISO_8859_1);
        StringBuilder out = new StringBuilder();
        for (String line : text.split("(?<=\n)")) {
            String[] parts = numbered(line);
            out.append(parts == null ? line : parts[2]);
        }
        return out.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * {old number, new number, the diff's line} of a numbered line ("OLD NEW |line", both fields W >= 4 columns
     * wide, a blank field for no number), or null for a line without the prefix.
     */
    static String[] numbered(String line) {
        int bar = line.indexOf(" |");
        if (bar < 9 || bar % 2 == 0) {
            return null;
        }
        int w = (bar - 1) / 2;
        String oldField = line.substring(0, w);
        String newField = line.substring(w + 1, bar);
        if (line.charAt(w) != ' ' || !FIELD.matcher(oldField).matches() || !FIELD.matcher(newField).matches()) {
            return null;
        }
        return new String[] {oldField.strip(), newField.strip(), line.substring(bar + 2)};
    }

    /**
     * Checks every numbered + and - and context line against the file at head and base, naming files by the
     * "--- a/" and "+++ b/" headers (this fixture's names need no quoting); returns how many lines it checked.
     */
    static int checkNumbers(byte[] numbered) {
        String text = new String(numbered, StandardCharsets.ISO_8859_1);
        String oldPath = null;
        String newPath = null;
        int checked = 0;
        for (String line : text.split("\n", -1)) {
            String[] m = numbered(line);
            if (m == null) {
                if (line.startsWith("--- ")) {
                    oldPath = line.equals("--- /dev/null") ? null : line.substring("--- a/".length());
                } else if (line.startsWith("+++ ")) {
                    newPath = line.equals("+++ /dev/null") ? null : line.substring("+++ b/".length());
                }
                continue;
            }
            String content = m[2];
            if (content.startsWith("\\")) {
                assertTrue(m[0].isEmpty() && m[1].isEmpty(), line);
                continue;
            }
            char kind = content.charAt(0);
            String body = content.substring(1);
            if (kind == '-' || kind == ' ') {
                assertEquals(body, file(base, oldPath).get(Integer.parseInt(m[0]) - 1),
                        oldPath + ": " + line);
                checked++;
            }
            if (kind == '+' || kind == ' ') {
                assertEquals(body, file(head, newPath).get(Integer.parseInt(m[1]) - 1),
                        newPath + ": " + line);
                checked++;
            }
            assertEquals(kind == '+', m[0].isEmpty(), line);
            assertEquals(kind == '-', m[1].isEmpty(), line);
        }
        return checked;
    }
}
