package dev.prdiff.diff;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Copies only the sections that touch one of the given paths, exactly as they appear in the whole diff. A
 * selected path matches itself and everything below it, as a literal git pathspec does: {@code pkg/cmd} selects
 * {@code pkg/cmd/root.go}, never {@code pkg/cmdline.go}. Holds one section header at a time: a selected section
 * streams through, an unselected one is read past.
 */
public final class SectionFilter {
    private SectionFilter() {}

    /** Returns how many sections were written. */
    public static int copy(InputStream diff, Set<String> paths, OutputStream out) throws IOException {
        return copy(diff, paths, out, s -> {});
    }

    /** As {@link #copy(InputStream, Set, OutputStream)}, telling {@code seen} of every section, written or not. */
    public static int copy(InputStream diff, Set<String> paths, OutputStream out, Consumer<FileSection> seen)
            throws IOException {
        DiffParser parser = new DiffParser(diff);
        int[] written = {0};
        java.util.function.Predicate<FileSection> wanted = s -> {
            seen.accept(s);
            boolean keep = touches(paths, s);
            written[0] += keep ? 1 : 0;
            return keep;
        };
        while (parser.copyNext(wanted, out) != null) {
            // each call writes its section if wanted
        }
        return written[0];
    }

    public static boolean touches(Set<String> paths, FileSection s) {
        return selects(paths, s.oldPath()) || selects(paths, s.newPath());
    }

    /** True when {@code path} is one of {@code paths} or lies below one of them. */
    public static boolean selects(Set<String> paths, String path) {
        if (path == null) {
            return false;
        }
        if (paths.contains(path)) {
            return true;
        }
        for (int slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
            if (paths.contains(path.substring(0, slash))) {
                return true;
            }
        }
        return false;
    }
}
