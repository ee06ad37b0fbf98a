package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.QuotedPath;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The --file values as exact repo-relative paths. Each value is split at commas; the whole value is kept too,
 * so a file whose name contains a comma can still be selected. A value in git's C-quoted form (how --files-only
 * shows a name that is not UTF-8, for example {@code "caf\351"}) also selects the name it stands for, byte for byte.
 */
public final class PathSelection {
    private PathSelection() {}

    /** The entries whose path, or previous path, is selected. */
    public static List<FileEntry> filter(List<FileEntry> files, List<String> values) {
        Set<String> wanted = of(values);
        return files.stream()
                .filter(f -> wanted.contains(f.name()) || (f.previousName() != null && wanted.contains(f.previousName())))
                .toList();
    }

    public static Set<String> of(List<String> values) {
        Set<String> paths = new LinkedHashSet<>();
        for (String value : values) {
            if (value.indexOf('\0') >= 0) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "a --file path contains a NUL byte");
            }
            for (String part : value.split(",")) {
                if (!part.isEmpty()) {
                    add(paths, part);
                }
            }
            if (value.contains(",")) {
                add(paths, value);
            }
        }
        return paths;
    }

    /** The path, and the name it stands for when it is in git's C-quoted form ("caf\351", a name that is not UTF-8). */
    private static void add(Set<String> paths, String path) {
        paths.add(path);
        String unquoted = QuotedPath.unquote(path);
        if (unquoted != null) {
            paths.add(unquoted);
        }
    }
}
