package dev.prdiff.diff;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;

/** Copies only the sections that touch one of the given paths, exactly as they appear in the whole diff. */
public final class SectionFilter {
    private SectionFilter() {}

    /** Returns how many sections were written. */
    public static int copy(InputStream diff, Set<String> paths, OutputStream out) throws IOException {
        DiffParser parser = new DiffParser(diff);
        int written = 0;
        for (FileSection s; (s = parser.next()) != null; ) {
            if (paths.stream().anyMatch(s::touches)) {
                out.write(s.bytes());
                written++;
            }
        }
        return written;
    }
}
