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
    /** git's own test for binary content: a NUL in the first 8000 bytes. */
    private static final int BINARY_PROBE = 8000;

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

    private ObjectNode fileAtSha(JsonNode args) {
        CommitReads reads = reads(args);
        CommitEntry entry = reads.find(args.get("sha").asText(), args.get("path").asText());
        List<String> notices = new ArrayList<>();
        notices.add(entry.type() + " " + entry.name() + " (" + entry.id() + (entry.isFile() ? ", " + entry.size()
                + " bytes" : "") + ")");
        if (entry.isFile() && entry.size() > maxAnswerBytes) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the file " + entry.name() + " has " + entry.size()
                    + " bytes, more than the " + maxAnswerBytes + " of one answer; find the lines you need with"
                    + " grep_at_sha", Map.of("max_diff_bytes", maxAnswerBytes), null);
        }
        CappedBuffer out = new CappedBuffer(maxAnswerBytes, cap -> new PrdiffException(ErrorCode.INVALID_INPUT,
                "the listing of " + entry.name() + " is larger than " + cap + " bytes; ask for a folder below it",
                Map.of("max_diff_bytes", cap), null));
        try {
            reads.show(entry, out);
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot hold " + entry.name() + ": " + e.getMessage(), e);
        }
        byte[] bytes = out.toByteArray();
        if (entry.isFile() && isBinary(bytes)) {
            return ToolResults.withNotices(ToolResults.text("binary file " + entry.name() + ", " + entry.size()
                    + " bytes: not shown as text"), notices);
        }
        return ToolResults.withNotices(ToolResults.text(ToolResults.utf8(bytes, "the file", notices)), notices);
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

    private static boolean isBinary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, BINARY_PROBE); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }
}
