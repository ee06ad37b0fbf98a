package support;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Taking prdiff's and git's diffs apart in tests: sections by path, --max-bytes answers, envelope bodies, and
 * where two outputs first differ.
 */
public final class DiffSections {
    private DiffSections() {}

    /** The answer split into the sections shown and the table of contents' entries (path to call). */
    public record Answer(Map<String, byte[]> shown, Map<String, String> listed, String toc, int more) {}

    public static final Pattern MORE = Pattern.compile("# \\.\\.\\. and (\\d+) more files left out; list them all: (.*)");

    public static final Pattern ENTRY = Pattern.compile("# (\\S+) \\+(\\d+) -(\\d+) (.*), (\\d+) bytes: (.*)");

    public static boolean startsWith(byte[] b, int at, byte[] prefix) {
        if (at + prefix.length > b.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    public static String excerpt(String[] lines, int from) {
        return String.join(" | ", Arrays.copyOfRange(lines, Math.min(from, lines.length), Math.min(from + 3, lines.length)));
    }

    public static Answer split(byte[] out) {
        String text = new String(out, StandardCharsets.ISO_8859_1);
        int toc = text.indexOf("# prdiff: truncated to --max-bytes ");
        byte[] diff = toc < 0 ? out : Arrays.copyOf(out, toc);
        Map<String, String> listed = new LinkedHashMap<>();
        int more = 0;
        String tocText = toc < 0 ? "" : new String(out, toc, out.length - toc, StandardCharsets.UTF_8);
        for (String line : tocText.split("\n")) {
            Matcher m = ENTRY.matcher(line);
            if (m.matches()) {
                String name = m.group(4).replaceFirst(" \\(from .*\\)$", "");
                assertEquals(null, listed.put(name, m.group(6)), "listed twice: " + name);
            }
            Matcher rest = MORE.matcher(line);
            if (rest.matches()) {
                more = Integer.parseInt(rest.group(1));
            }
        }
        return new Answer(sectionsOf(diff), listed, tocText, more);
    }

    public static Map<String, byte[]> sectionsOf(byte[] diff) {
        Map<String, byte[]> bySection = new LinkedHashMap<>();
        for (FileSection s : DiffParser.parseAll(diff)) {
            bySection.put(s.path(), s.bytes());
        }
        return bySection;
    }

    /** A POSIX shell's words for a line of plain words and single-quoted strings. */
    public static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                w.append(line, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '\\') {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (c == ' ') {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }

    /** The oracle: git's whole diff, cut at its "diff --git" lines, sections whose names include a path. */
    public static byte[] sectionsOf(byte[] wholeDiff, Set<String> paths) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        dev.prdiff.diff.SectionFilter.copy(new ByteArrayInputStream(wholeDiff), paths, out);
        return out.toByteArray();
    }

    public static List<String> changedPaths(TempRepo r, String range) {
        String z = r.text("diff", "--name-status", "-z", "-M", range);
        List<String> paths = new ArrayList<>();
        String[] f = z.split("\0");
        for (int i = 0; i < f.length; ) {
            boolean two = f[i].startsWith("R") || f[i].startsWith("C");
            paths.add(f[i + 1]);
            if (two) {
                paths.add(f[i + 2]);
            }
            i += two ? 3 : 2;
        }
        return paths;
    }

    public static Proc.Result prdiffOk(TempRepo r, String... args) {
        return PrdiffCli.ok(r.dir(), args);
    }

    /** git's diff split at each "diff --git " line, as bytes. */
    public static List<byte[]> sections(byte[] diff) {
        List<byte[]> out = new ArrayList<>();
        byte[] mark = "diff --git ".getBytes(StandardCharsets.US_ASCII);
        int start = -1;
        for (int i = 0; i <= diff.length; i++) {
            boolean lineStart = i == diff.length || ((i == 0 || diff[i - 1] == '\n') && startsWith(diff, i, mark));
            if (lineStart) {
                if (start >= 0) {
                    out.add(java.util.Arrays.copyOfRange(diff, start, i));
                }
                start = i;
            }
        }
        return out;
    }

    public static byte[] diffOf(JsonNode change) {
        return change.hasNonNull("diff_base64") ? Base64.getDecoder().decode(change.get("diff_base64").asText())
                : change.get("diff").asText().getBytes(StandardCharsets.UTF_8);
    }

    public static JsonNode find(JsonNode files, String path) {
        for (JsonNode f : files) {
            if (f.get("path").asText().equals(path)) {
                return f;
            }
        }
        throw new AssertionError("no entry for " + path + " in " + files);
    }

    public static FileSection find(List<FileSection> sections, String path) {
        return sections.stream().filter(s -> s.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no section for " + path));
    }

    /** Where two outputs part: the line number and a few lines of each from there. */
    public static String firstDifference(byte[] expected, byte[] got) {
        String[] e = new String(expected, StandardCharsets.UTF_8).split("\n", -1);
        String[] g = new String(got, StandardCharsets.UTF_8).split("\n", -1);
        int i = 0;
        while (i < e.length && i < g.length && e[i].equals(g[i])) {
            i++;
        }
        return "first difference at line " + (i + 1) + "\n  expected: " + excerpt(e, i) + "\n  got:      " + excerpt(g, i);
    }

    /** The files whose section carries the generated marker instead of hunks. */
    public static Set<String> trimmed(String diff) {
        Set<String> paths = new TreeSet<>();
        for (String section : diff.split("(?m)^(?=diff --git )")) {
            if (section.contains("\n# prdiff: generated file: ")) {
                String first = section.substring(0, section.indexOf('\n'));
                paths.add(first.substring(first.indexOf(" b/") + 3));
            }
        }
        return paths;
    }

    /** Prepends text that looks like a hunk but comes before any section, which must pass through. */
    public static byte[] withTextBefore(byte[] diff) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("a note\n@@ -1 +1 @@\n-not a hunk\n".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(diff);
        return out.toByteArray();
    }
}
