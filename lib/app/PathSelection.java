package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The --file values as exact repo-relative paths. Each value is split at commas; the whole value is kept too,
 * so a file whose name contains a comma can still be selected.
 */
public final class PathSelection {
    private PathSelection() {}

    /** The entries whose path, or previous path, is selected. */
    public static List<FileEntry> filter(List<FileEntry> files, List<String> values) {
        Set<String> wanted = of(values);
        return files.stream()
                .filter(f -> wanted.contains(f.path()) || (f.previousPath() != null && wanted.contains(f.previousPath())))
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
                    paths.add(part);
                }
            }
            if (value.contains(",")) {
                paths.add(value);
            }
        }
        return paths;
    }
}
