package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which changed files a reader wants, by path glob and change type (--include, --exclude, --status).
 *
 * <p>Globs: {@code *} and {@code ?} stay inside one folder, {@code **} crosses folders ({@code **}{@code /} also
 * matches no folder at all), {@code [abc]} is a class. A pattern without a slash matches the file name at any
 * depth, as in .gitignore ({@code *.go} is {@code **}{@code /*.go}); a leading {@code /} anchors it at the top.
 * A pattern that matches a folder matches everything below it. A file is kept when its path, or for a rename
 * its previous path, matches some include (or there are none) and neither matches an exclude.
 *
 * <p>Status: added, modified, deleted, renamed, copied, as git's --diff-filter=AMDRC; modified covers a change
 * of mode only too (git's M).
 */
public record FileFilter(List<String> include, List<String> exclude, Set<String> status) {
    public static final List<String> STATUSES = List.of("added", "modified", "deleted", "renamed", "copied");
    public static final FileFilter NONE = new FileFilter(List.of(), List.of(), Set.of());

    public FileFilter {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        status = Set.copyOf(status);
        for (String s : status) {
            if (!STATUSES.contains(s)) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "unknown status '" + s + "'; status takes "
                        + String.join(", ", STATUSES));
            }
        }
        for (String g : include) {
            requireGlob(g);
        }
        for (String g : exclude) {
            requireGlob(g);
        }
    }

    /** Status values as typed: repeatable and comma-separated ("added,deleted"), case and spaces forgiven. */
    public static Set<String> statuses(List<String> values) {
        Set<String> out = new LinkedHashSet<>();
        for (String v : values) {
            for (String s : v.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip().toLowerCase(java.util.Locale.ROOT));
                }
            }
        }
        return out;
    }

    public boolean isEmpty() {
        return include.isEmpty() && exclude.isEmpty() && status.isEmpty();
    }

    /** True when the file is kept; {@code previousPath} is null unless it was renamed or copied. */
    public boolean keeps(String path, String previousPath, String changeType) {
        if (!status.isEmpty() && !status.contains(changeType.equals("mode-changed") ? "modified" : changeType)) {
            return false;
        }
        if (!include.isEmpty() && !anyMatches(include, path) && !anyMatches(include, previousPath)) {
            return false;
        }
        return !anyMatches(exclude, path) && !anyMatches(exclude, previousPath);
    }

    /** How the filter reads in a warning: "include *.go; status added". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!include.isEmpty()) {
            parts.add("include " + String.join(", ", include.stream().map(PathBytes::inLine).toList()));
        }
        if (!exclude.isEmpty()) {
            parts.add("exclude " + String.join(", ", exclude.stream().map(PathBytes::inLine).toList()));
        }
        if (!status.isEmpty()) {
            parts.add("status "
                    + String.join(",", STATUSES.stream().filter(status::contains).toList()));
        }
        return String.join("; ", parts);
    }

    private static boolean anyMatches(List<String> globs, String path) {
        if (path == null) {
            return false;
        }
        for (String g : globs) {
            if (matches(g, path)) {
                return true;
            }
        }
        return false;
    }

    /** True when the repo-relative {@code path} matches {@code glob} as described above. */
    public static boolean matches(String glob, String path) {
        return compile(glob).matcher(path).matches();
    }

    private static void requireGlob(String glob) {
        if (glob.isEmpty() || glob.indexOf('\0') >= 0) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "an include or exclude glob is empty or contains a NUL byte");
        }
        compile(glob);
    }

    static Pattern compile(String glob) {
        String g = glob;
        boolean anchored = g.startsWith("/");
        while (g.startsWith("/")) {
            g = g.substring(1);
        }
        while (g.endsWith("/")) {
            g = g.substring(0, g.length() - 1);
        }
        StringBuilder re = new StringBuilder();
        if (!anchored && !g.contains("/")) {
            re.append("(?:.*/)?");
        }
        int i = 0;
        while (i < g.length()) {
            char c = g.charAt(i);
            if (c == '*' && i + 1 < g.length() && g.charAt(i + 1) == '*') {
                boolean slashAfter = i + 2 < g.length() && g.charAt(i + 2) == '/';
                boolean slashBefore = i == 0 || g.charAt(i - 1) == '/';
                if (slashBefore && slashAfter) {
                    re.append("(?:.*/)?");
                    i += 3;
                } else {
                    re.append(".*");
                    i += 2;
                }
            } else if (c == '*') {
                re.append("[^/]*");
                i++;
            } else if (c == '?') {
                re.append("[^/]");
                i++;
            } else if (c == '[' && g.indexOf(']', i + 2) > 0) {
                int end = g.indexOf(']', i + 2);
                String body = g.substring(i + 1, end);
                boolean negated = body.startsWith("!") || body.startsWith("^");
                if (negated) {
                    body = body.substring(1);
                }
                re.append(negated ? "[^/" : "[");
                for (char b : body.toCharArray()) {
                    re.append(b == '-' ? "-" : Character.isLetterOrDigit(b) ? String.valueOf(b) : "\\" + b);
                }
                re.append(']');
                i = end + 1;
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
                i++;
            }
        }
        re.append("(?:/.*)?");
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
