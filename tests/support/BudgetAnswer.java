package support;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An answer under a byte budget, read as a reader would: the table of contents it opens with (the call stated once,
 * with PATH for a file's path, then one line per file left out, some with their own call), the sections shown, and
 * the last line's call that continues (MCP's cursor).
 *
 * @param diff     the sections shown, as bytes
 * @param template the call stated once, PATH in it; null when nothing was left out
 * @param listed   each file left out (as the line names it) and the call that fetches it whole
 * @param sizes    each file left out and the bytes its line says
 * @param more     files left out past the table's end, counted on its last line
 * @param next     the call that continues, or null
 * @param toc      the table's text
 */
public record BudgetAnswer(byte[] diff, String template, Map<String, String> listed, Map<String, Long> sizes, int more,
        String next, String toc) {
    public static final Pattern HEADER = Pattern.compile("# prdiff: \\d+ of \\d+ files shown.*?(?:, each fetched by (.*))?");
    public static final Pattern ENTRY = Pattern.compile("# (\\S+) \\+(\\d+) -(\\d+) (.*), (\\d+) bytes(?:: (.*))?");
    public static final Pattern MORE = Pattern.compile("# \\.\\.\\. and (\\d+) more files left out; list them all: (.*)");
    public static final String NEXT = "# prdiff: the next files: ";

    /** {@code fill}: the template and a file's name as listed, to the call for that file. */
    public static BudgetAnswer parse(byte[] out, BiFunction<String, String, String> fill) {
        int at = 0;
        String template = null;
        Map<String, String> listed = new LinkedHashMap<>();
        Map<String, Long> sizes = new LinkedHashMap<>();
        int more = 0;
        StringBuilder toc = new StringBuilder();
        // The table: the lines before the first section, each starting "# ".
        while (at < out.length && out[at] == '#') {
            int end = indexOf(out, at);
            String line = new String(out, at, end - at, StandardCharsets.UTF_8);
            if (line.startsWith(NEXT)) {
                break;
            }
            at = Math.min(out.length, end + 1);
            toc.append(line).append('\n');
            Matcher h = HEADER.matcher(line);
            Matcher e = ENTRY.matcher(line);
            Matcher m = MORE.matcher(line);
            if (h.matches()) {
                template = h.group(1);
            } else if (e.matches()) {
                String name = e.group(4).replaceFirst(" \\(from .*\\)$", "");
                String call = e.group(6) != null ? e.group(6) : fill.apply(template, name);
                if (listed.put(name, call) != null) {
                    throw new AssertionError("listed twice: " + name);
                }
                sizes.put(name, Long.parseLong(e.group(5)));
            } else if (m.matches()) {
                more = Integer.parseInt(m.group(1));
            } else {
                throw new AssertionError("not a line of the table of contents: " + line);
            }
        }
        byte[] rest = Arrays.copyOfRange(out, at, out.length);
        String next = null;
        // The answer's last lines: the cursor's call and the guidance the text carries (a page's next skip).
        String[] apart = McpCalls.guidanceApart(new String(rest, StandardCharsets.UTF_8));
        for (String line : apart[1].split("\n")) {
            if (line.startsWith(NEXT)) {
                next = line.substring(NEXT.length());
            }
        }
        rest = Arrays.copyOf(rest, rest.length - apart[1].getBytes(StandardCharsets.UTF_8).length);
        return new BudgetAnswer(rest, template, listed, sizes, more, next, toc.toString());
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return b.length;
    }

    /** An MCP tool call written as "TOOL {JSON}": the tool. */
    public static String tool(String call) {
        return call.substring(0, call.indexOf(' '));
    }

    /** An MCP tool call written as "TOOL {JSON}": its arguments' JSON. */
    public static String arguments(String call) {
        return call.substring(call.indexOf(' ') + 1);
    }
}
