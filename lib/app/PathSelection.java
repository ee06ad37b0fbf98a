package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.QuotedPath;
import dev.prdiff.diff.SectionFilter;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
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

    /**
     * The request's paths, relative to the folder they were typed in when they come from the CLI ({@code git} the
     * clone they were typed in, or null); null when nothing is selected or the selection is the whole tree.
     */
    static PathSelection of(DiffRequest request, dev.prdiff.git.Git git) {
        if (!request.selection().any()) {
            return null;
        }
        PathSelection selection = request.selection().pathsFromDir() && git != null
                ? of(request.selection().files(), git.prefix(), git.topLevel())
                : of(request.selection().files());
        return selection.everything() ? null : selection;
    }

    /** The names a file list touches: each file's path and its previous path (null when it has none). */
    static List<String> paths(List<FileEntry> files) {
        List<String> paths = new ArrayList<>();
        for (FileEntry f : files) {
            paths.add(f.path());
            paths.add(f.previousPath());
        }
        return paths;
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
            Duration timeout, Consumer<String> notices) {
        // Each touched path and the folders above it: a part matches when it is one of them (not parts x paths).
        Set<String> reached = new HashSet<>();
        boolean any = false;
        for (String t : touched) {
            if (t == null) {
                continue;
            }
            any = true;
            reached.add(t);
            for (int slash = t.indexOf('/'); slash > 0; slash = t.indexOf('/', slash + 1)) {
                reached.add(t.substring(0, slash));
            }
        }
        List<Part> missing = new ArrayList<>();
        for (Part p : parts) {
            boolean byPath = p.path() != null && (p.path().isEmpty() ? any : reached.contains(p.path()));
            if (!byPath && (p.whole() == null || !reached.contains(p.whole()))) {
                missing.add(p);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        PathSuggestions suggestions = new PathSuggestions(changed.get(), timeout);
        List<String> messages = new ArrayList<>();
        for (Part p : missing) {
            messages.add(describe(p, suggestions));
        }
        String shortfall = suggestions.shortfall(missing.size());
        if (shortfall != null) {
            messages.add(shortfall);
        }
        if (strict) {
            throw new PrdiffException(ErrorCode.NO_MATCH, String.join("; ", messages));
        }
        messages.forEach(m -> notices.accept("warning: " + m));
    }

    private String describe(Part p, PathSuggestions changed) {
        StringBuilder m = new StringBuilder("no changed file matches '").append(PathBytes.inLine(p.given()))
                .append("'");
        if (p.path() == null) {
            m.append(" (it is outside the repository)");
        } else if (!p.path().equals(p.given())) {
            m.append(" (").append(PathBytes.inLine(p.path())).append(prefix.isEmpty() ? "" : " from "
                    + PathBytes.inLine(prefix)).append(")");
        }
        List<String> close = changed.closest(p.path() != null ? p.path() : p.given());
        if (!close.isEmpty()) {
            m.append("; did you mean ").append(String.join(", ", close.stream().map(PathBytes::inLine).toList()))
                    .append("?");
        } else if (changed.noneChanged()) {
            m.append("; the diff changes no files");
        }
        return m.toString();
    }
}
