package dev.prdiff.mcp;

import java.nio.charset.StandardCharsets;

/**
 * max_bytes for the answers made of one line per item, not of sections: a list of commits (log) and a diffstat
 * (stat). The text is cut after the last whole item line that fits, and a line in the tool's terms says which
 * items were shown and the skip that continues; a diffstat keeps git's closing summary line ("N files changed").
 */
final class LineBudget {
    /** The text as cut, and the line that says so (null when it fit). */
    record Cut(String text, String guidance) {}

    private LineBudget() {}

    /**
     * {@code text} within {@code budget} bytes with its guidance line; {@code skip}: the items the call skipped;
     * {@code summary}: the last line is a summary to keep (a diffstat's); {@code items}: "commits" or "files".
     */
    static Cut fit(String text, long budget, int skip, boolean summary, String items) {
        if (bytes(text) <= budget) {
            return new Cut(text, null);
        }
        String body = text;
        String tail = "";
        if (summary) {
            int last = text.lastIndexOf('\n', text.length() - 2) + 1;
            body = text.substring(0, last);
            tail = text.substring(last);
        }
        int lines = (int) body.lines().count();
        // Room for the guidance line at its longest: every count as long as the largest.
        String longest = guidance(skip + lines, skip + lines, items, budget);
        long room = budget - bytes(tail) - bytes(longest);
        int end = 0;
        int kept = 0;
        long used = 0;
        while (end < body.length()) {
            int nl = body.indexOf('\n', end);
            int next = nl < 0 ? body.length() : nl + 1;
            long line = bytes(body.substring(end, next));
            if (used + line > room) {
                break;
            }
            used += line;
            end = next;
            kept++;
        }
        return new Cut(body.substring(0, end) + tail, guidance(skip, kept, items, budget));
    }

    private static String guidance(int skip, int kept, String items, long budget) {
        return TextGuidance.PREFIX + items + " " + (skip + 1) + " to " + (skip + kept) + " shown within max_bytes "
                + budget + "; next page: the same call with skip " + (skip + kept) + "\n";
    }

    private static long bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
