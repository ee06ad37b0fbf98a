package shape;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.shape.SideBySide;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.DiffSections;
import support.Proc;
import support.RenderFixture;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --side-by-side and MCP format side_by_side on a history made by git: rows never wider than asked, every cell's
 * number and text checked against the file git has at base or head, headers unchanged, the exact layout of a
 * hand-written hunk, and output independent of how the bytes were cut into writes or sections.
 */
@Timeout(120)
@support.Parallel
class SideBySideTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static String range;
    static final Map<String, List<String>> FILES = new HashMap<>();

    @BeforeAll
    static void fixture() {
        String[] shas = RenderFixture.build(repo);
        base = shas[0];
        head = shas[1];
        range = base + "..." + head;
    }

    static byte[] render(int width, byte[] diff) {
        return RenderFixture.whole(out -> new SideBySide(out, width), diff);
    }

    static String text(String... args) {
        return PrdiffCli.ok(repo.dir(), args).out();
    }

    /** One row: the left cell padded to {@code side} columns (ASCII here), the bar, the right cell. */
    static String row(int side, String left, String right) {
        return left + " ".repeat(side - left.length()) + (right.isEmpty() ? " |\n" : " | " + right + "\n");
    }

    @Test
    void aHunkAsOldAndNewColumns() {
        String header = "diff --git a/f b/f\nindex 1..2 100644\n--- a/f\n+++ b/f\n@@ -1,7 +1,6 @@ heading\n";
        String diff = header + " same\n-old one\n-old two\n-old three\n+new one\n ctx\n-x\tis\n+y\tis\n"
                + "+a line much too long to fit in its half of the row\n"
                + "-last\n\\ No newline at end of file\n+last!\n\\ No newline at end of file\n";
        int side = (45 - 3) / 2;
        // the hunk reaches line 7: one digit a number; tabs stop every 4 columns after the mark
        String expected = header
                + row(side, "1  same", "1  same")
                + row(side, "2 -old one", "2 +new one")
                + row(side, "3 -old two", "")
                + row(side, "4 -old three", "")
                + row(side, "5  ctx", "3  ctx")
                + row(side, "6 -x   is", "4 +y   is")
                + row(side, "", "5 +a line much too l\u2026")
                + row(side, "7 -last", "6 +last!")
                + row(side, "  \\ No newline at en\u2026", "  \\ No newline at en\u2026");
        assertEquals(expected, new String(render(45, diff.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
    }

    @Test
    void wideCharactersControlBytesAndBytesThatAreNotUtf8() {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        in.writeBytes(("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n-日本語のテキストです\n-\u00e9t\u00e9\r\n"
                + "+caf\u00e9\u0301s\n+ok\n").getBytes(StandardCharsets.UTF_8));
        in.writeBytes(new byte[] {'+', (byte) 0xE9, (byte) 0xE9, (byte) 0xE9, '\n'});
        byte[] out = render(40, in.toByteArray());
        // 40 columns: 18 a side, 16 for the text after the one-digit number; the wide characters take two columns
        // each, so the cut comes after seven of them; the combining accent takes none; CR shows as ^M
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.writeBytes(("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n"
                + "1 -日本語のテキス\u2026" + " | " + "1 +caf\u00e9\u0301s\n"
                + "2 -\u00e9t\u00e9^M" + " ".repeat(10) + " | " + "2 +ok\n"
                + " ".repeat(18) + " | " + "3 +").getBytes(StandardCharsets.UTF_8));
        expected.writeBytes(new byte[] {(byte) 0xE9, (byte) 0xE9, (byte) 0xE9, '\n'});
        assertEquals(new String(expected.toByteArray(), StandardCharsets.ISO_8859_1),
                new String(out, StandardCharsets.ISO_8859_1));
    }

    @Test
    void aCutNeverSplitsACharacter() {
        for (int width = 40; width <= 60; width++) {
            String rows = new String(render(width, repo.gitDiff(range, "--", "wide.txt")), StandardCharsets.UTF_8);
            assertFalse(rows.contains("\uFFFD"), rows);
            assertTrue(rows.contains("…"), rows);
            for (String row : rows.split("\n")) {
                assertTrue(columns(row) <= width, width + ": " + row);
            }
        }
    }

    @Test
    void everyCellIsTheLineGitHasAtItsNumber() {
        for (int width : new int[] {40, 97, 160, 1000}) {
            String rows = new String(render(width, repo.gitDiff(range)), StandardCharsets.UTF_8);
            int checked = checkCells(rows, width);
            assertTrue(checked > 60, "only " + checked + " cells at width " + width);
        }
    }

    @Test
    void headersPassThroughAndChunksAndSectionsDoNotMatter() {
        byte[] diff = DiffSections.withTextBefore(repo.gitDiff("--binary", range));
        byte[] whole = render(100, diff);
        // every line outside the hunks, the binary patch among them, is there unchanged and in order
        String in = new String(diff, StandardCharsets.ISO_8859_1);
        String out = new String(whole, StandardCharsets.ISO_8859_1);
        int from = 0;
        for (String line : in.split("\n")) {
            if (line.startsWith("diff --git ") || line.startsWith("index ") || line.startsWith("@@ ")
                    || line.startsWith("GIT binary patch") || line.startsWith("rename ") || line.startsWith("+++ ")) {
                int at = out.indexOf(line + "\n", from);
                assertTrue(at >= 0, "missing or out of order: " + line);
                from = at + line.length();
            }
        }
        Random random = new Random(7);
        for (int i = 0; i < 30; i++) {
            assertArrayEquals(whole, RenderFixture.chunked(o -> new SideBySide(o, 100), diff, random), "try " + i);
        }
        List<byte[]> sections = RenderFixture.sections(diff);
        assertArrayEquals(whole, RenderFixture.parts(o -> new SideBySide(o, 100), sections));
        ByteArrayOutputStream oneEach = new ByteArrayOutputStream();
        for (byte[] section : sections) {
            oneEach.writeBytes(render(100, section));
        }
        assertArrayEquals(whole, oneEach.toByteArray());
    }

    @Test
    void cliWidthAndCombinations() {
        String rows = text(range, "--side-by-side", "--width", "80", "--file", "big.txt");
        assertEquals(new String(render(80, repo.gitDiff(range, "--", "big.txt")), StandardCharsets.UTF_8), rows);
        assertTrue(rows.contains("5 -big 5" + " ".repeat(30) + " | 5 +big five\n"), rows);
        // default 160 in a pipe, COLUMNS ignored there
        String wide = PrdiffCli.run(Map.of("COLUMNS", "90"), "-C", repo.dir().toString(), range, "--side-by-side",
                "--file", "big.txt").out();
        assertEquals(new String(render(160, repo.gitDiff(range, "--", "big.txt")), StandardCharsets.UTF_8), wide);
        assertEquals(new String(render(50, repo.gitDiff("-U1", range, "--", ":(glob)**/*.txt")),
                StandardCharsets.UTF_8), text(range, "--side-by-side", "--width", "50", "-U", "1", "--include", "*.txt"));
        // --line-numbers adds nothing to side-by-side
        assertEquals(rows, text(range, "--side-by-side", "--line-numbers", "--width", "80", "--file", "big.txt"));
    }

    @Test
    void inATerminalTheWidthIsColumnsAndItIsColoured() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("COLUMNS", "70");
        env.put("PRDIFF_PAGER", "");
        int code = PrdiffCli.call(out, new java.io.PrintStream(err, true, StandardCharsets.UTF_8), env, true,
                "-C", repo.dir().toString(), range, "--side-by-side", "--file", "big.txt");
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertArrayEquals(RenderFixture.whole(o -> new SideBySide(o, 70, SideBySide.DEFAULT_TAB_WIDTH, true),
                repo.gitDiff(range, "--", "big.txt")), out.toByteArray());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("\u001b[31m-big 5\u001b[m"), out.toString());
    }

    @Test
    void usageErrors() {
        for (String[] args : new String[][] {
                {range, "--side-by-side", "--width", "39"},
                {range, "--side-by-side", "--width", "1001"},
                {range, "--width", "80"},
                {range, "--side-by-side", "--files-only"},
                {range, "--side-by-side", "--stat"},
                {range, "--side-by-side", "--tab-width", "0"},
                {range, "--side-by-side", "--tab-width", "17"},
                {range, "--tab-width", "4"},
                {range, "--line-numbers", "--color=always"}}) {
            Proc.Result r = PrdiffCli.in(repo.dir(), args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.stderr());
            assertTrue(r.stderr().startsWith("prdiff: usage error: "), r.stderr());
        }
        assertTrue(PrdiffCli.in(repo.dir(), range, "--side-by-side", "--width", "39").stderr()
                .contains("40 to 1000"));
        assertTrue(PrdiffCli.in(repo.dir(), range, "--side-by-side", "--tab-width", "17").stderr()
                .contains("--tab-width: the tab width must be 1 to 16"));
    }

    @Test
    void mcpFormatSideBySide() {
        McpSession s = McpSession.initialized(repo.dir());
        try {
            ObjectNode args = McpCalls.args("base", base, "head", head, "format", "side_by_side");
            assertEquals(text(range, "--side-by-side", "--width", "160"), McpCalls.ok(s, "get_diff", args));
            args.put("width", 60);
            assertEquals(text(range, "--side-by-side", "--width", "60"), McpCalls.ok(s, "get_diff", args));
            ObjectNode commit = McpCalls.args("hash", head, "format", "side_by_side");
            commit.putArray("include").add("big.txt");
            commit.put("width", 44);
            assertEquals(text("--commit", head, "--side-by-side", "--width", "44", "--include", "big.txt"),
                    McpCalls.ok(s, "get_commit_diff", commit));
            // width only with side_by_side; files_only and stat have no layout; the schema bounds width
            McpCalls.toolError(s.callResult("get_diff", widthOnly()), "INVALID_INPUT");
            ObjectNode stat = McpCalls.args("base", base, "head", head, "format", "side_by_side");
            stat.put("stat", true);
            McpCalls.toolError(s.callResult("get_diff", stat), "INVALID_INPUT");
            ObjectNode narrow = McpCalls.args("base", base, "head", head, "format", "side_by_side");
            narrow.put("width", 39);
            McpCalls.toolError(s.callResult("get_diff", narrow), "INVALID_INPUT");
            ObjectNode unknown = McpCalls.args("base", base, "head", head, "format", "sideBySide");
            McpCalls.toolError(s.callResult("get_diff", unknown), "INVALID_INPUT");
        } finally {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    static ObjectNode widthOnly() {
        ObjectNode a = McpCalls.args("base", base, "head", head);
        a.put("width", 80);
        return a;
    }

    /**
     * Checks each numbered cell of each hunk row against the file at base (left) or head (right): its text, up to
     * a cut, is the line git has at that number (CR shown as ^M; files with tabs, wide characters or bytes that
     * are not UTF-8 are checked by the tests above); rows are at most {@code width} columns. Returns how many
     * cells it checked.
     */
    static int checkCells(String rows, int width) {
        int side = (width - 3) / 2;
        String oldPath = null;
        String newPath = null;
        boolean inHunk = false;
        int checked = 0;
        for (String row : rows.split("\n")) {
            if (row.startsWith("diff --git ")) {
                inHunk = false;
            } else if (!inHunk && row.startsWith("--- ")) {
                oldPath = row.equals("--- /dev/null") ? null : row.substring(6);
            } else if (!inHunk && row.startsWith("+++ ")) {
                newPath = row.equals("+++ /dev/null") ? null : row.substring(6);
            } else if (row.startsWith("@@ ")) {
                inHunk = true;
                continue;
            }
            if (!inHunk || List.of("latin1.txt", "wide.txt", "tabs.txt").contains(String.valueOf(newPath))) {
                continue;
            }
            assertTrue(columns(row) <= width, row);
            assertEquals(" |", row.substring(side, side + 2), row);
            checked += checkCell(row.substring(0, side), base, oldPath, '+');
            checked += checkCell(side + 3 <= row.length() ? row.substring(side + 3) : "", head, newPath, '-');
        }
        return checked;
    }

    /** A cell: the number right-aligned, a space, the diff's line (its mark first), maybe cut with an ellipsis. */
    private static int checkCell(String cell, String sha, String path, char otherSide) {
        String s = cell.stripLeading();
        if (s.isEmpty() || s.startsWith("\\")) {
            return 0;
        }
        int digits = 0;
        while (Character.isDigit(s.charAt(digits))) {
            digits++;
        }
        assertTrue(digits > 0 && s.charAt(digits) == ' ', cell);
        String rest = s.substring(digits + 1);
        assertTrue(rest.charAt(0) != otherSide, cell);
        String line = FILES.computeIfAbsent(sha + ":" + path, k -> RenderFixture.lines(repo, sha, path))
                .get(Integer.parseInt(s.substring(0, digits)) - 1).replace("\r", "^M");
        String text = rest.substring(1).stripTrailing();
        if (text.endsWith("\u2026")) {
            assertTrue(line.startsWith(text.substring(0, text.length() - 1)), cell + " vs " + line);
        } else {
            assertEquals(line, text, cell);
        }
        return 1;
    }

    /** Display columns: a code point each, East Asian wide ones two, combining marks none. */
    static int columns(String row) {
        int n = 0;
        for (int i = 0; i < row.length(); ) {
            int cp = row.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.getType(cp) == Character.NON_SPACING_MARK) {
                continue;
            }
            n += (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3)
                    || (cp >= 0xFF00 && cp <= 0xFF60) ? 2 : 1;
        }
        return n;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
