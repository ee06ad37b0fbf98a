package dev.prdiff.diff;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;

/**
 * Copies only the sections that touch one of the given paths, exactly as they appear in the whole diff. Holds
 * one section header at a time: a selected section streams through, an unselected one is read past.
 */
public final class SectionFilter {
    private SectionFilter() {}

    /** Returns how many sections were written. */
    public static int copy(InputStream diff, Set<String> paths, OutputStream out) throws IOException {
        DiffParser parser = new DiffParser(diff);
        int[] written = {0};
        java.util.function.Predicate<FileSection> wanted = s -> {
            boolean keep = paths.stream().anyMatch(s::touches);
            written[0] += keep ? 1 : 0;
            return keep;
        };
        while (parser.copyNext(wanted, out) != null) {
            // each call writes its section if wanted
        }
        return written[0];
    }
}
