package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.QuotedPath;
import dev.prdiff.diff.SectionFilter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The --file values (and the paths after {@code --}) as repo-relative paths, forgiving what git forgives: a path
 * is relative to the folder prdiff runs in (the CLI's current folder or -C), a leading {@code ./} and {@code ..}
 * are resolved, {@code :/path} is from the top level, and a directory selects every changed file below it. Each
 * value is split at commas, with the spaces after a comma trimmed; the whole value is kept too, so a file whose
 * name contains a comma can still be selected. Nothing is a glob and a basename never matches a deeper path. A
 * value in git's C-quoted form (how --files-only shows a name that is not UTF-8, for example {@code "caf\351"})
 * also selects the repo-relative name it stands for, byte for byte.
 */
public final class PathSelection {
    /** One path asked for: {@code given} as typed, {@code path} repo-relative; {@code whole} is the comma value it came from. */
    record Part(String given, String path, String whole) {}

    private final List<Part> parts;
    private final Set<String> paths;
    private final String prefix;

    private PathSelection(List<Part> parts, Set<String> paths, String prefix) {
        this.parts = parts;
        this.paths = paths;
        this.prefix = prefix;
    }

    /** Repo-relative values, as the MCP tools take them. */
    public static PathSelection of(List<String> values) {
        return of(values, "", null);
    }

    /**
     * @param prefix   the folder the values are relative to, below the top level ("pkg/cmd/" or "")
     * @param topLevel the work tree's top level, for absolute paths; null if there is none
     */
    public static PathSelection of(List<String> values, String prefix, Path topLevel) {
        List<Part> parts = new ArrayList<>();
        Set<String> paths = new LinkedHashSet<>();
        for (String value : values) {
            if (value.indexOf('\0') >= 0) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "a --file path contains a NUL byte");
            }
            if (value.contains(",")) {
                String whole = resolve(value, prefix, topLevel);
                if (whole != null) {
                    paths.add(whole);
                }
                for (String piece : value.split(",")) {
                    String trimmed = piece.strip();
                    if (!trimmed.isEmpty()) {
                        add(parts, paths, trimmed, resolve(trimmed, prefix, topLevel), whole);
                    }
                }
            } else if (!value.isEmpty()) {
                add(parts, paths, value, resolve(value, prefix, topLevel), null);
            }
        }
        return new PathSelection(List.copyOf(parts), java.util.Collections.unmodifiableSet(paths), prefix);
    }

    private static void add(List<Part> parts, Set<String> paths, String given, String path, String whole) {
        String unquoted = QuotedPath.unquote(given);
        parts.add(new Part(given, unquoted != null ? unquoted : path, whole));
        if (path != null) {
            paths.add(path);
        }
        if (unquoted != null) {
            paths.add(unquoted);
        }
    }

    /**
     * The repo-relative path for a value, or null when it names nothing inside the repository (it climbs above
     * the top level, or is an absolute path elsewhere). The top level itself is "": everything.
     */
    static String resolve(String value, String prefix, Path topLevel) {
        String relative;
        if (value.startsWith(":/")) {
            relative = value.substring(2);
        } else if (value.startsWith("/")) {
            if (topLevel == null) {
                return null;
            }
            Path abs = Path.of(value).normalize();
            if (!abs.startsWith(topLevel)) {
                return null;
            }
            relative = topLevel.relativize(abs).toString();
        } else {
            relative = prefix + value;
        }
        List<String> segments = new ArrayList<>();
        for (String s : relative.split("/", -1)) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (segments.isEmpty()) {
                    return null;
                }
                segments.remove(segments.size() - 1);
            } else {
                segments.add(s);
            }
        }
        return String.join("/", segments);
    }

    public boolean isEmpty() {
        return parts.isEmpty() && paths.isEmpty();
    }

    /** The repo-relative paths to select; each selects itself and everything below it (see {@link #everything()}). */
    public Set<String> paths() {
        return paths;
    }

    /** True when the selection is the whole tree (".", ":/", or a folder's ".." up to the top). */
    public boolean everything() {
        return paths.contains("");
    }

    public boolean selects(String path) {
        return everything() || SectionFilter.selects(paths, path);
    }

    /** True when the section is selected; then its old and new paths are added to {@code touched}, for {@link #report}. */
    public boolean takes(FileSection s, List<String> touched) {
        if (!SectionFilter.touches(paths, s)) {
            return false;
        }
        touched.add(s.oldPath());
        touched.add(s.newPath());
        return true;
    }

    /** The entries whose path, or previous path, is selected. */
    public List<FileEntry> filter(List<FileEntry> files) {
        return files.stream().filter(f -> selects(f.name()) || selects(f.previousName())).toList();
    }

    /**
     * Tells {@code notices} of each asked-for path that matched none of {@code touched}, with the closest changed
     * paths; with {@code strict}, fails with NO_MATCH instead. {@code changed} (every path the diff changes) is
     * only computed when something matched nothing.
     */
    public void report(Collection<String> touched, Supplier<Collection<String>> changed, boolean strict,
            Consumer<String> notices) {
        Set<String> matched = new LinkedHashSet<>();
        for (String t : touched) {
            if (t == null) {
                continue;
            }
            for (Part p : parts) {
                if (p.path() != null && (p.path().isEmpty() || SectionFilter.selects(Set.of(p.path()), t))) {
                    matched.add(p.path());
                }
                if (p.whole() != null && SectionFilter.selects(Set.of(p.whole()), t)) {
                    matched.add(p.whole());
                }
            }
        }
        List<Part> missing = new ArrayList<>();
        for (Part p : parts) {
            if ((p.path() == null || !matched.contains(p.path())) && (p.whole() == null || !matched.contains(p.whole()))) {
                missing.add(p);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Collection<String> all = changed.get();
        List<String> messages = new ArrayList<>();
        for (Part p : missing) {
            messages.add(describe(p, all));
        }
        if (strict) {
            throw new PrdiffException(ErrorCode.NO_MATCH, String.join("; ", messages));
        }
        messages.forEach(m -> notices.accept("warning: " + m));
    }

    private String describe(Part p, Collection<String> changed) {
        StringBuilder m = new StringBuilder("no changed file matches '").append(PathBytes.inLine(p.given()))
                .append("'");
        if (p.path() == null) {
            m.append(" (it is outside the repository)");
        } else if (!p.path().equals(p.given())) {
            m.append(" (").append(PathBytes.inLine(p.path())).append(prefix.isEmpty() ? "" : " from "
                    + PathBytes.inLine(prefix)).append(")");
        }
        List<String> close = closest(p.path() != null ? p.path() : p.given(), changed);
        if (!close.isEmpty()) {
            m.append("; did you mean ").append(String.join(", ", close.stream().map(PathBytes::inLine).toList()))
                    .append("?");
        } else if (changed.isEmpty()) {
            m.append("; the diff changes no files");
        }
        return m.toString();
    }

    /** Up to three changed paths: same basename first, then by edit distance, if close enough to be a typo. */
    static List<String> closest(String wanted, Collection<String> changed) {
        String base = basename(wanted);
        record Candidate(String path, int score) {}
        List<Candidate> candidates = new ArrayList<>();
        for (String path : new LinkedHashSet<>(changed)) {
            if (path == null) {
                continue;
            }
            int whole = distance(wanted.toLowerCase(Locale.ROOT), path.toLowerCase(Locale.ROOT));
            int name = distance(base.toLowerCase(Locale.ROOT), basename(path).toLowerCase(Locale.ROOT));
            int score;
            if (basename(path).equals(base) || path.endsWith("/" + wanted)) {
                score = 0;
            } else if (whole <= Math.max(2, wanted.length() / 4)) {
                score = 1 + whole;
            } else if (name <= Math.max(1, base.length() / 4)) {
                score = 10 + name;
            } else {
                continue;
            }
            candidates.add(new Candidate(path, score));
        }
        return candidates.stream()
                .sorted(Comparator.comparingInt(Candidate::score).thenComparing(Candidate::path))
                .limit(3)
                .map(Candidate::path)
                .toList();
    }

    private static String basename(String path) {
        int slash = path.lastIndexOf('/');
        return slash >= 0 ? path.substring(slash + 1) : path;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
