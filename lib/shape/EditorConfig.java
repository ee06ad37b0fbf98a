package dev.prdiff.shape;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The tab widths a repository's top {@code .editorconfig} gives its files (editorconfig.org): sections headed by
 * a glob ({@code [*]}, {@code [*.go]}, {@code [Makefile]}, {@code [*.{js,ts}]}, {@code [lib/**.java]}), later
 * sections winning, {@code tab_width} first, else a numeric {@code indent_size}. A glob without a slash matches a
 * file's name in any folder; one with a slash matches the path from the top. {@code *} stays in a folder,
 * {@code **} crosses folders, {@code ?}, {@code [abc]}, {@code [!abc]} and {@code {a,b}} as in the specification;
 * numeric ranges ({@code {1..3}}) are read as plain text. Lines starting with {@code #} or {@code ;} are comments.
 * Files in sub-folders named {@code .editorconfig} are not read.
 */
public final class EditorConfig {
    /** Widths outside this range are ignored, as a mistake. */
    public static final int MAX_TAB_WIDTH = 16;

    private record Section(Pattern glob, Map<String, String> properties) {}

    private final List<Section> sections;

    private EditorConfig(List<Section> sections) {
        this.sections = sections;
    }

    public static EditorConfig parse(String text) {
        List<Section> sections = new ArrayList<>();
        Map<String, String> current = null;
        for (String raw : text.split("\r?\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                current = new HashMap<>();
                sections.add(new Section(glob(line.substring(1, line.length() - 1)), current));
                continue;
            }
            int eq = line.indexOf('=');
            if (current != null && eq > 0) {
                current.put(line.substring(0, eq).strip().toLowerCase(Locale.ROOT),
                        line.substring(eq + 1).strip().toLowerCase(Locale.ROOT));
            }
        }
        return new EditorConfig(sections);
    }

    /** The tab width for {@code path} (repo-relative, '/' between folders), or null when nothing sets one. */
    public Integer tabWidth(String path) {
        String tabWidth = null;
        String indentSize = null;
        for (Section s : sections) {
            if (!s.glob().matcher(path).matches()) {
                continue;
            }
            tabWidth = s.properties().getOrDefault("tab_width", tabWidth);
            indentSize = s.properties().getOrDefault("indent_size", indentSize);
        }
        Integer width = number(tabWidth);
        return width != null ? width : number(indentSize);
    }

    private static Integer number(String value) {
        if (value == null || !value.matches("[0-9]{1,3}")) {
            return null; // unset, tab, or not a width
        }
        int n = Integer.parseInt(value);
        return n >= 1 && n <= MAX_TAB_WIDTH ? n : null;
    }

    /** The section's glob as a pattern over the whole repo-relative path. */
    static Pattern glob(String glob) {
        boolean braces = balanced(glob);
        boolean anchored = slashOutsideBrackets(glob);
        String g = glob.startsWith("/") ? glob.substring(1) : glob;
        StringBuilder re = new StringBuilder(anchored ? "" : "(?:.*/)?");
        int depth = 0;
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            switch (c) {
                case '\\' -> {
                    if (i + 1 < g.length()) {
                        re.append(Pattern.quote(String.valueOf(g.charAt(++i))));
                    }
                }
                case '*' -> {
                    if (i + 1 < g.length() && g.charAt(i + 1) == '*') {
                        re.append(".*");
                        i++;
                    } else {
                        re.append("[^/]*");
                    }
                }
                case '?' -> re.append("[^/]");
                case '[' -> {
                    int close = g.indexOf(']', i + 2);
                    if (close < 0) {
                        re.append("\\[");
                    } else {
                        String set = g.substring(i + 1, close);
                        boolean negated = set.startsWith("!");
                        re.append('[').append(negated ? "^/" : "")
                                .append((negated ? set.substring(1) : set).replace("\\", "\\\\").replace("[", "\\["))
                                .append(']');
                        i = close;
                    }
                }
                case '{' -> {
                    if (braces) {
                        re.append("(?:");
                        depth++;
                    } else {
                        re.append("\\{");
                    }
                }
                case '}' -> {
                    if (braces && depth > 0) {
                        re.append(')');
                        depth--;
                    } else {
                        re.append("\\}");
                    }
                }
                case ',' -> re.append(depth > 0 ? "|" : ",");
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }

    private static boolean balanced(String glob) {
        int depth = 0;
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth < 0) {
                return false;
            }
        }
        return depth == 0;
    }

    private static boolean slashOutsideBrackets(String glob) {
        boolean inBrackets = false;
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '[') {
                inBrackets = true;
            } else if (c == ']') {
                inBrackets = false;
            } else if (c == '/' && !inBrackets) {
                return true;
            }
        }
        return false;
    }
}
