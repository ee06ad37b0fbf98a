package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.core.PathBytes;
import dev.prdiff.shape.Refetch;

import java.util.List;

/**
 * Follow-up calls as MCP tool calls: the same tool and arguments, with the one file asked for instead of the
 * filters, pages and limits, and a byte budget that holds the file's section.
 */
final class ToolCallRefetch implements Refetch {
    /** What chooses or trims files: a follow-up for one file drops these. */
    private static final List<String> SHAPING = List.of("include", "exclude", "status", "top", "skip", "max_lines",
            "file", "path", "files_only", "stat");
    /** A section larger than one answer can hold is asked for with a line cap, so its start still shows. */
    private static final int LINES_PAST_CAP = 2000;

    private final String tool;
    private final ObjectNode args;
    private final String fileField;
    private final long defaultBytes;
    private final long capBytes;

    /**
     * @param fileField    the argument naming files: file (pull requests) or path (local tools)
     * @param defaultBytes max_bytes when not given
     * @param capBytes     the most one answer holds
     */
    ToolCallRefetch(String tool, JsonNode args, String fileField, long defaultBytes, long capBytes) {
        this.tool = tool;
        this.args = args.deepCopy();
        this.fileField = fileField;
        this.defaultBytes = defaultBytes;
        this.capBytes = capBytes;
    }

    @Override
    public String whole(String path, long bytes, boolean generated) {
        ObjectNode call = withoutShaping();
        call.put(fileField, PathBytes.shown(path));
        call.remove("max_bytes");
        // Room for the section and the lines around it: the default when that is enough.
        long room = bytes + 1024;
        if (room > defaultBytes) {
            call.put("max_bytes", Math.min(room, capBytes));
        }
        if (room > capBytes) {
            call.put("max_lines", LINES_PAST_CAP);
        }
        if (generated) {
            call.put("skip_generated", false);
        }
        return tool + " " + Json.write(call);
    }

    @Override
    public String list() {
        ObjectNode call = withoutShaping();
        if (tool.equals("get_pull_request_diff")) {
            call.put("files_only", true);
            return tool + " " + Json.write(call);
        }
        JsonNode hash = call.remove("hash");
        if (hash != null) {
            // A commit against its first parent is the range PARENT...COMMIT.
            call.put("base", hash.asText() + "^");
            call.put("head", hash.asText());
        }
        call.remove(List.of("context_lines", "max_bytes", "no_binary", "skip_generated"));
        return "get_changed_files " + Json.write(call);
    }

    private ObjectNode withoutShaping() {
        ObjectNode call = args.deepCopy();
        call.remove(SHAPING);
        return call;
    }
}
