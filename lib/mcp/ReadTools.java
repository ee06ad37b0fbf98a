package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.CommitReads;
import dev.prdiff.core.CommitEntry;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.GrepQuery;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Session;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The handlers of get_file_at_sha and grep_at_sha: the CLI's prdiff show and prdiff grep, answered as text
 * within the server's cap on one answer. A binary file is described (its size), never sent as mojibake.
 */
final class ReadTools {
    private final Path defaultDir;
    private final Duration gitTimeout;
    private final int maxAnswerBytes;
    private final Session session;

    ReadTools(Path defaultDir, Duration gitTimeout, int maxAnswerBytes, Session session) {
        this.defaultDir = defaultDir;
        this.gitTimeout = gitTimeout;
        this.maxAnswerBytes = maxAnswerBytes;
        this.session = session;
    }

    Map<String, Function<JsonNode, ObjectNode>> handlers() {
        return Map.of("get_file_at_sha", this::fileAtSha, "grep_at_sha", this::grepAtSha);
    }

    /**
     * A file as the commit holds it, or lines {@code start_line} to {@code end_line} of it (a part may be had of
     * a file too large to come whole), each numbered when {@code line_numbers} asks.
     */
    private ObjectNode fileAtSha(JsonNode args) {
        CommitReads reads = reads(args);
        CommitEntry entry = reads.find(args.get("sha").asText(), args.get("path").asText(), commit -> {
            ObjectNode top = JsonNodeFactory.instance.objectNode().put("sha", commit).put("path", "");
            if (args.hasNonNull("repo_path")) {
                top.set("repo_path", args.get("repo_path"));
            }
            return "get_file_at_sha " + Json.write(top);
        });
        Long start = number(args, "start_line");
        Long end = number(args, "end_line");
        boolean part = start != null || end != null;
        if (start != null && end != null && end < start) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "end_line " + end + " is before start_line " + start);
        }
        List<String> notices = new ArrayList<>();
        notices.add(entry.type() + " " + entry.name() + " (" + entry.id() + (entry.isFile() ? ", " + entry.size()
                + " bytes" : "") + ")");
        if (entry.isFile() && entry.size() > maxAnswerBytes && !part) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the file " + entry.name() + " has " + entry.size()
                    + " bytes, more than the " + maxAnswerBytes + " of one answer; ask for a part of it with"
                    + " start_line and end_line, or find the lines you need with grep_at_sha",
                    Map.of("max_diff_bytes", maxAnswerBytes), null);
        }
        CappedBuffer out = new CappedBuffer(maxAnswerBytes, cap -> new PrdiffException(ErrorCode.INVALID_INPUT,
                (entry.isFile() ? "lines " + (start == null ? 1 : start) + " to " + (end == null ? "the end" : end)
                        + " of " + entry.name() + " are more than " + cap + " bytes; ask for fewer with start_line"
                        + " and end_line"
                        : "the listing of " + entry.name() + " is larger than " + cap + " bytes; ask for a folder"
                        + " below it"), Map.of("max_diff_bytes", cap), null));
        FileLines lines = new FileLines(out, start == null ? 1 : start, end, args.path("line_numbers").asBoolean(false));
        try {
            reads.show(entry, lines);
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot hold " + entry.name() + ": " + e.getMessage(), e);
        }
        if (entry.isFile() && lines.binary()) {
            return ToolResults.withNotices(ToolResults.text("binary file " + entry.name() + ", " + entry.size()
                    + " bytes: not shown as text"), notices);
        }
        if (part) {
            long first = start == null ? 1 : start;
            if (first > Math.max(1, lines.lines())) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "start_line " + first + " is past the end of "
                        + entry.name() + ", which has " + lines.lines() + " lines");
            }
            notices.add("lines " + first + " to " + (end == null ? lines.lines() : Math.min(end, lines.lines()))
                    + " of " + lines.lines());
        }
        return ToolResults.withNotices(ToolResults.text(ToolResults.utf8(out.toByteArray(), "the file", notices)),
                notices);
    }

    private static Long number(JsonNode args, String field) {
        JsonNode n = args.get(field);
        return n == null || n.isNull() ? null : n.asLong();
    }

    /**
     * The matching lines (or with files_with_matches the files) as git grep prints them in a checkout of the
     * commit, names from the top of the repository, after one header line naming the commit. The whole result is
     * at most max_bytes: past it the text ends with a line naming the skip that continues (or to narrow with
     * paths); a page past the end, and a search with no match, say so in a line of their own.
     */
    private ObjectNode grepAtSha(JsonNode args) {
        boolean files = flag(args, "files_with_matches");
        GrepQuery query = new GrepQuery(args.get("pattern").asText(), flag(args, "ignore_case"),
                flag(args, "fixed_strings"), flag(args, "extended_regexp"), flag(args, "word_regexp"),
                ToolArgs.strings(args, "paths"), 0, 0, files ? GrepQuery.Listing.FILES : GrepQuery.Listing.LINES);
        long max = Math.min(args.path("max_bytes").asLong(DiffTools.DEFAULT_MAX_BYTES), maxAnswerBytes);
        int skip = args.path("skip").asInt(0);
        CommitReads reads = reads(args);
        String commit = reads.commit(args.get("sha").asText());
        LinePage page = new LinePage(skip, max);
        boolean matched;
        try {
            matched = reads.grep(commit, query, false, false, page);
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot hold the matching lines: " + e.getMessage(), e);
        }
        page.finish();
        String header = TextGuidance.PREFIX + "commit " + commit.substring(0, 12) + "\n";
        List<String> notices = new ArrayList<>();
        if (!matched) {
            notices.add("no line matches");
            return ToolResults.withNotices(ToolResults.text(header + TextGuidance.PREFIX + "no line matches\n"),
                    notices);
        }
        String items = files ? "files" : "lines";
        if (skip >= page.total()) {
            return ToolResults.text(header + TextGuidance.PREFIX + "skip " + skip + " is past the last of the "
                    + page.total() + " " + items + "\n");
        }
        List<String> lines = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        for (byte[] line : page.kept()) {
            String text = ToolResults.utf8(line, "the output", notices);
            lines.add(text);
            sizes.add(AnswerFit.bytes(text) - 2);
        }
        int n = lines.size();
        while (true) {
            String text = header + String.join("", lines.subList(0, n)) + pageLine(skip, n, page.total(), items, max);
            ObjectNode result = ToolResults.withNotices(ToolResults.text(text), notices);
            long over = AnswerFit.bytes(result) - max;
            if (over <= 0 || n == 0) {
                return result;
            }
            // Drop the last lines until as many bytes as the answer is over have gone (as JSON escapes them).
            while (n > 0 && over > 0) {
                over -= sizes.get(--n);
            }
        }
    }

    /** The line that says a page holds only some of the answer's lines, and how to get the rest; "" for all. */
    private static String pageLine(int skip, int kept, int total, String items, long max) {
        if (skip + kept >= total) {
            return "";
        }
        if (kept == 0) {
            return TextGuidance.PREFIX + items.substring(0, items.length() - 1) + " " + (skip + 1) + " alone is more"
                    + " than max_bytes " + max + "; raise max_bytes, or narrow the search with paths\n";
        }
        return TextGuidance.PREFIX + items + " " + (skip + 1) + " to " + (skip + kept) + " of " + total + " shown"
                + " within max_bytes " + max + "; next page: the same call with skip " + (skip + kept)
                + ", or narrow the search with paths\n";
    }

    private CommitReads reads(JsonNode args) {
        return CommitReads.open(session, ToolArgs.dir(defaultDir, args), gitTimeout);
    }

    private static boolean flag(JsonNode args, String field) {
        return args.path(field).asBoolean(false);
    }
}
