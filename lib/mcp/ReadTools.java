package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.CommitReads;
import dev.prdiff.core.CommitEntry;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.GrepQuery;
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
        CommitEntry entry = reads.find(args.get("sha").asText(), args.get("path").asText());
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

    private ObjectNode grepAtSha(JsonNode args) {
        GrepQuery query = new GrepQuery(args.get("pattern").asText(), flag(args, "ignore_case"),
                flag(args, "fixed_strings"), flag(args, "extended_regexp"), flag(args, "word_regexp"),
                ToolArgs.strings(args, "paths"));
        CappedBuffer out = new CappedBuffer(maxAnswerBytes, cap -> new PrdiffException(ErrorCode.INVALID_INPUT,
                "the matching lines are more than " + cap + " bytes, too many for one answer; narrow the search with"
                + " paths or a more specific pattern", Map.of("max_diff_bytes", cap), null));
        List<String> notices = new ArrayList<>();
        if (!reads(args).grep(args.get("sha").asText(), query, out)) {
            notices.add("no line matches");
        }
        return ToolResults.withNotices(ToolResults.text(ToolResults.utf8(out.toByteArray(), "the output", notices)),
                notices);
    }

    private CommitReads reads(JsonNode args) {
        return CommitReads.open(session, ToolArgs.dir(defaultDir, args), gitTimeout);
    }

    private static boolean flag(JsonNode args, String field) {
        return args.path(field).asBoolean(false);
    }
}
