package dev.prdiff.core;

import java.util.List;

/**
 * What {@code prdiff grep} and grep_at_sha search for: one pattern (basic regular expression unless
 * {@code fixed} or {@code extended}), its matching options, git pathspecs to search below, the lines of context
 * around each match ({@code before}, {@code after}) and what is listed: the lines, the files, or a count per file.
 */
public record GrepQuery(String pattern, boolean ignoreCase, boolean fixed, boolean extended, boolean word,
                        List<String> paths, int before, int after, Listing listing) {
    /** The most lines of context asked for on either side, as git takes any number but a screen holds few. */
    public static final int MAX_CONTEXT = 1000;

    /** What git grep prints for each file that matches: its lines (-n), its name (-l) or its count (-c). */
    public enum Listing { LINES, FILES, COUNTS }

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
        if (before < 0 || after < 0 || before > MAX_CONTEXT || after > MAX_CONTEXT) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "lines of context are 0 to " + MAX_CONTEXT
                    + ", not " + (before < 0 || before > MAX_CONTEXT ? before : after));
        }
        paths = List.copyOf(paths);
    }

    /** The matching lines themselves, no context. */
    public GrepQuery(String pattern, boolean ignoreCase, boolean fixed, boolean extended, boolean word,
            List<String> paths) {
        this(pattern, ignoreCase, fixed, extended, word, paths, 0, 0, Listing.LINES);
    }
}
