package diff;

import dev.prdiff.diff.DiffLineWriter;
import dev.prdiff.diff.DiffParseException;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.TempRepo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one grammar of a diff's lines (LineGrammar, read by DiffParser and by DiffLineWriter) gives each line of
 * git's own diff the kind git wrote it as. The oracle is the same diff written by git with other output
 * indicators (--output-indicator-old=R, -new=A, -context=C): there git itself says which line is removed, added
 * or context, whatever the line's text starts with. The tricky texts: lines that read as a section, a hunk header,
 * a header name or a no-newline marker once prefixed, empty lines, CRLF, bytes that are not UTF-8, a last line
 * without a newline, hunks of -U0 whose counts alone say where they end, and binary patches.
 */
@support.Parallel
class LineGrammarTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    /** The texts that look like something else once git puts ' ', '-' or '+' before them. */
    static final String[] TRICKY = {
        "diff --git a/x b/x", "@@ -1,2 +1,2 @@", "-- a", "++ b", "\\ No newline at end of file", "", "index 1..2",
        "GIT binary patch", "crlf\r", "bytes \u00ff\u00fe", "--- a/x", "+++ b/x", "@@@ -1 -1 +1 @@@",
    };

    @BeforeAll
    static void fixture() {
        repo.write("tricky.txt", file(true)).write("bin.dat", binary(1)).write("same.txt", "same\n")
                .write("gone.txt", "gone\n");
        base = repo.commit("base");
        repo.write("tricky.txt", file(false)).write("bin.dat", binary(2)).move("same.txt", "moved.txt")
                .delete("gone.txt").write("new.txt", "-- new\n++ new\n");
        head = repo.commit("head");
    }

    /**
     * Every tricky text three times: kept in both files, only in the old one, only in the new one (each line
     * unique, so git can only show it as context, removed or added), with unchanged lines between so that -U1 makes
     * several hunks. The old file's last line has no newline.
     */
    static byte[] file(boolean old) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < TRICKY.length; i++) {
            String t = TRICKY[i];
            String cr = t.endsWith("\r") ? "\r" : "";
            String text = cr.isEmpty() ? t : t.substring(0, t.length() - 1);
            line(out, text.isEmpty() ? "" : text + " both" + i + cr); // an empty line in both: " " alone in the diff
            line(out, text + (old ? " old" : " new") + i + cr);
            for (int k = 0; k < 4; k++) {
                line(out, "plain " + i + "." + k);
            }
        }
        byte[] last = ((old ? "last old" : "last new\n")).getBytes(StandardCharsets.UTF_8);
        out.writeBytes(last);
        return out.toByteArray();
    }

    private static void line(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1); // \u00ff stays one byte 0xFF: not UTF-8
        out.writeBytes(b);
        out.write('\n');
    }

    static byte[] binary(int seed) {
        byte[] b = new byte[3000];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * seed + (i >> 3));
        }
        return b;
    }

    /** git's diff, and the same diff with R, A and C as its removed, added and context indicators. */
    static byte[][] diffs(String... options) {
        List<String> args = new ArrayList<>(List.of("diff", "--binary", "-M"));
        args.addAll(List.of(options));
        args.add(base);
        args.add(head);
        byte[] plain = repo.git(args.toArray(String[]::new));
        List<String> marked = new ArrayList<>(args);
        marked.addAll(1, List.of("--output-indicator-old=R", "--output-indicator-new=A", "--output-indicator-context=C"));
        return new byte[][] {plain, repo.git(marked.toArray(String[]::new))};
    }

    /** The kinds git wrote, read from the diff with R, A and C indicators. */
    static List<LineKind> gitsKinds(byte[] marked) {
        List<LineKind> kinds = new ArrayList<>();
        boolean inHunk = false;
        boolean inBinary = false;
        for (byte[] l : lines(marked)) {
            String s = new String(l, StandardCharsets.ISO_8859_1);
            LineKind k = null;
            if (inHunk) {
                k = switch (s.isEmpty() ? '?' : s.charAt(0)) {
                    case 'R' -> LineKind.REMOVED;
                    case 'A' -> LineKind.ADDED;
                    case 'C' -> LineKind.CONTEXT;
                    case '\\' -> LineKind.NO_NEWLINE;
                    default -> null;
                };
                inHunk = k != null;
            }
            if (k == null) {
                if (s.startsWith("diff --git ")) {
                    k = LineKind.SECTION;
                    inBinary = false;
                } else if (s.startsWith("@@ -")) {
                    k = LineKind.HUNK_HEADER;
                    inHunk = true;
                } else if (inBinary || s.startsWith("GIT binary patch")) {
                    k = LineKind.BINARY;
                    inBinary = true;
                } else {
                    k = LineKind.HEADER;
                }
            }
            kinds.add(k);
        }
        return kinds;
    }

    static List<byte[]> lines(byte[] diff) {
        List<byte[]> lines = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < diff.length; i++) {
            if (diff[i] == '\n') {
                lines.add(java.util.Arrays.copyOfRange(diff, from, i + 1));
                from = i + 1;
            }
        }
        if (from < diff.length) {
            lines.add(java.util.Arrays.copyOfRange(diff, from, diff.length));
        }
        return lines;
    }

    /** The kinds DiffLineWriter gives, fed {@code diff} in chunks of {@code chunk} bytes. */
    static List<LineKind> writerKinds(byte[] diff, int chunk) {
        List<LineKind> kinds = new ArrayList<>();
        DiffLineWriter w = new DiffLineWriter((kind, b, off, len) -> kinds.add(kind));
        try {
            for (int at = 0; at < diff.length; at += chunk) {
                w.write(diff, at, Math.min(chunk, diff.length - at));
            }
            w.finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return kinds;
    }

    /** The kinds DiffParser hands on with each line of every section (copyNext), and the bytes it hands on. */
    static List<LineKind> parserKinds(byte[] diff, ByteArrayOutputStream bytes) {
        List<LineKind> kinds = new ArrayList<>();
        DiffParser parser = new DiffParser(new ByteArrayInputStream(diff));
        try {
            while (parser.copyNext(s -> true, (kind, b, off, len) -> {
                kinds.add(kind);
                bytes.write(b, off, len);
            }) != null) {
                // every section is wanted
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return kinds;
    }

    @ParameterizedTest(name = "git diff {0}")
    @ValueSource(strings = {"-U3", "-U1", "-U0", "-U12"})
    void everyLineHasTheKindGitWroteItAs(String context) {
        byte[][] d = diffs(context);
        List<LineKind> git = gitsKinds(d[1]);
        assertEquals(lines(d[0]).size(), git.size());
        assertTrue(git.contains(LineKind.NO_NEWLINE) && git.contains(LineKind.BINARY), git.toString());
        assertEquals(git, writerKinds(d[0], d[0].length));
        assertEquals(git, writerKinds(d[0], 7));
        ByteArrayOutputStream handed = new ByteArrayOutputStream();
        assertEquals(git, parserKinds(d[0], handed));
        assertEquals(new String(d[0], StandardCharsets.ISO_8859_1), handed.toString(StandardCharsets.ISO_8859_1));
    }

    /** Colours follow the kinds git wrote: a removed "--- a" is red, not a bold header; stripping them gives git's diff. */
    @Test
    void coloursFollowTheKindsGitWrote() throws IOException {
        byte[][] d = diffs("-U1");
        List<LineKind> git = gitsKinds(d[1]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        dev.prdiff.shape.DiffColors colors = new dev.prdiff.shape.DiffColors(out);
        colors.write(d[0]);
        colors.finish();
        List<byte[]> colored = lines(out.toByteArray());
        assertEquals(git.size(), colored.size());
        for (int i = 0; i < git.size(); i++) {
            String line = new String(colored.get(i), StandardCharsets.ISO_8859_1);
            String expected = line.equals("\n") ? "" : switch (git.get(i)) { // an empty line has nothing to colour
                case SECTION, HEADER, BINARY -> "\u001b[1m";
                case HUNK_HEADER -> "\u001b[36m";
                case REMOVED -> "\u001b[31m";
                case ADDED -> "\u001b[32m";
                default -> "";
            };
            assertTrue(expected.isEmpty() ? !line.startsWith("\u001b") : line.startsWith(expected),
                    git.get(i) + ": " + line);
        }
        assertEquals(new String(d[0], StandardCharsets.ISO_8859_1),
                out.toString(StandardCharsets.ISO_8859_1).replaceAll("\u001b\\[[0-9;]*m", ""));
    }

    @Test
    void theParsersCountsAreGitsNumstat() {
        byte[] diff = diffs("-U1")[0];
        String numstat = repo.text("diff", "--numstat", "-M", base, head);
        for (FileSection s : DiffParser.parseAll(diff)) {
            String counts = s.binary() ? "-\t-\t" : s.additions() + "\t" + s.deletions() + "\t";
            assertTrue(numstat.contains(counts + (s.previousPath() != null ? "" : s.path())), s + "\n" + numstat);
        }
    }

    /** Hand-made lines git would not write in this order, each with the kind the grammar gives it. */
    @Test
    void countsDecideWhereAHunkEnds() {
        String diff = "@@ -1 +1 @@ before any section\n"
                + "diff --git a/f b/f\n"
                + "--- a/f\n"
                + "+++ b/f\n"
                + "@@ -1,2 +1 @@\n"
                + "--- removed, not a header\n"
                + "\r\n"
                + "\\ No newline at end of file\n"
                + "-past the old count\n"
                + "@@ -5 +4,0 @@\n"
                + "-x\n"
                + "+past the new count\n"
                + "diff --git a/g b/g\n"
                + "GIT binary patch\n"
                + "@@ -1 +1 @@\n";
        List<LineKind> expected = List.of(LineKind.OTHER, LineKind.SECTION, LineKind.HEADER, LineKind.HEADER,
                LineKind.HUNK_HEADER, LineKind.REMOVED, LineKind.CONTEXT, LineKind.NO_NEWLINE, LineKind.OTHER,
                LineKind.HUNK_HEADER, LineKind.REMOVED, LineKind.OTHER, LineKind.SECTION, LineKind.BINARY,
                LineKind.BINARY);
        assertEquals(expected, writerKinds(diff.getBytes(StandardCharsets.UTF_8), 5));
    }

    @Test
    void aCrlfHunkHeaderIsOne() {
        String diff = "diff --git a/f b/f\r\n--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n";
        assertEquals(List.of(LineKind.SECTION, LineKind.HEADER, LineKind.HEADER, LineKind.HUNK_HEADER,
                LineKind.REMOVED, LineKind.ADDED), writerKinds(diff.getBytes(StandardCharsets.UTF_8), 3));
        assertEquals(1, DiffParser.parseAll(diff.getBytes(StandardCharsets.UTF_8)).get(0).additions());
    }

    @Test
    void theParserRejectsALinePastTheCounts() {
        String diff = "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n+c\n";
        DiffParseException e = assertThrows(DiffParseException.class,
                () -> DiffParser.parseAll(diff.getBytes(StandardCharsets.UTF_8)));
        assertEquals(7, e.lineNumber(), e.getMessage());
    }
}
