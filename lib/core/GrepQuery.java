package dev.prdiff.core;

import java.util.List;

/**
 * What {@code prdiff grep} and grep_at_sha search for: one pattern (basic regular expression unless
 * {@code fixed} or {@code extended}), its matching options, and git pathspecs (repo-relative) to search below.
 */
public record GrepQuery(String pattern, boolean ignoreCase, boolean fixed, boolean extended, boolean word,
                        List<String> paths) {
    public GrepQuery {
        if (pattern == null || pattern.isEmpty()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the grep pattern is empty; give the text or regular"
                    + " expression to search for");
        }
        if (fixed && extended) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "a pattern is either fixed text (-F, fixed_strings) or"
                    + " an extended regular expression (-E): choose one");
        }
        if (pattern.indexOf('\n') >= 0 || pattern.indexOf('\0') >= 0) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the grep pattern holds a newline or NUL; git grep"
                    + " matches one line at a time, so search for one line");
        }
        for (String path : paths) {
            if (path.isEmpty() || path.indexOf('\0') >= 0) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "a grep path is empty or holds a NUL");
            }
        }
        paths = List.copyOf(paths);
    }
}
