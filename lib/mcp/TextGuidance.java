package dev.prdiff.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.Json;
import dev.prdiff.core.Pagination;

import java.util.List;

/**
 * The notices a model must act on, as one short line each after a tool's text, in the tool's own terms: hosts
 * seldom show _meta to the model, and an empty text says nothing. A page with more after it names the next
 * skip; a path that matched nothing says so with its did-you-mean; a list of commits says that its merges stand
 * for the commits they brought in. Every other notice (the range, filters, informational warnings) stays in _meta
 * alone. Each line starts with {@code # prdiff: }, as the table of
 * contents' lines do, so that it cannot be mistaken for a line of the diff.
 */
final class TextGuidance {
    static final String PREFIX = "# prdiff: ";
    private static final String PAGE = "pagination: ";
    private static final String NO_MATCH = "warning: no changed file matches ";
    /** A list of commits that left out what its merges brought in (app's AnswerWriter words it). */
    private static final String FIRST_PARENT = "log: listed as git log --first-parent lists it";

    private TextGuidance() {}

    /**
     * The lines to put after a text that is not JSON, each ending in a newline; empty when none is needed.
     * {@code items}: what a page holds, "files" or (log) "commits".
     */
    static String lines(List<String> notices, String items) {
        StringBuilder out = new StringBuilder();
        for (String notice : notices) {
            String line = line(notice, items);
            if (line != null) {
                out.append(PREFIX).append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code text} and after it the lines of {@link #lines}, on a line of their own. */
    static String after(String text, List<String> notices, String items) {
        String lines = lines(notices, items);
        if (lines.isEmpty()) {
            return text;
        }
        return text.isEmpty() || text.endsWith("\n") ? text + lines : text + "\n" + lines;
    }

    private static String line(String notice, String items) {
        if (notice.startsWith(NO_MATCH)) {
            return notice.substring("warning: ".length());
        }
        if (notice.startsWith(FIRST_PARENT)) {
            return notice;
        }
        if (notice.startsWith(PAGE)) {
            Pagination p = page(notice.substring(PAGE.length()));
            if (p != null && p.hasMore() && p.nextSkip() != null) {
                int first = p.nextSkip() - p.showing() + 1;
                return items + " " + first + " to " + p.nextSkip() + " of " + p.total() + " shown; next page: the same"
                        + " call with skip " + p.nextSkip();
            }
        }
        return null;
    }

    /** The page a {@code pagination: {...}; next page: ...} notice names; null when it names none. */
    private static Pagination page(String rest) {
        int end = rest.indexOf('}');
        if (end < 0) {
            return null;
        }
        try {
            JsonNode p = Json.MAPPER.readTree(rest.substring(0, end + 1));
            JsonNode next = p.get("next_skip");
            return new Pagination(p.path("total").asInt(), p.path("showing").asInt(), p.path("has_more").asBoolean(),
                    next == null ? null : next.asInt());
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
