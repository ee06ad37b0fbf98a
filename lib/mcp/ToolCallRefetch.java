package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.DiffEnvelope;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.Json;
import dev.prdiff.core.PathBytes;
import dev.prdiff.diff.FileSection;
import dev.prdiff.shape.BudgetCursor;
import dev.prdiff.shape.Refetch;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Follow-up calls as MCP tool calls: the same tool and arguments, pinned to the full SHAs the answer was computed
 * from, with the one file asked for instead of the filters, pages and limits; or the same call with the cursor that
 * continues it. Where a section over the budget reads in pages of its lines (the text is git's diff), a file's call
 * keeps max_bytes as asked, so that every call named answers within it: the section whole where it fits, else its
 * first page, which names the next; elsewhere (json, a layout) its max_bytes is one that holds the section. A
 * commit's file is asked of get_diff, from its parent to it. It also prices the answer as a tools/call result sends
 * it: the text as a JSON string, and beside a shown section its entry in structuredContent (or, when the text is the
 * envelope, in the text's changes).
 */
final class ToolCallRefetch implements Refetch {
    /** What chooses or trims files: a follow-up for one file drops these. */
    private static final List<String> SHAPING = List.of("include", "exclude", "status", "top", "skip", "max_lines",
            "file", "path", "files_only", "stat", "cursor");
    /** A section larger than one answer can hold is asked for with a line cap, so its start still shows. */
    private static final int LINES_PAST_CAP = 2000;
    /** Room beside one file's section in its own answer: the envelope and the notices. */
    static final long BESIDE_ONE_FILE = 4096;
    /** Options of the command line that no tool has: the work tree and the index are the CLI's alone. */
    private static final Set<String> CLI_ONLY = Set.of("--untracked", "--cached");

    /** How the text is sent: as a JSON string, or as JSON (an envelope) inside a JSON string. */
    enum Text { DIFF, ENVELOPE }

    private final String tool;
    private final ObjectNode args;
    private final String fileField;
    private final long defaultBytes;
    private final long capBytes;
    private final Text text;
    private final boolean structured;
    /** A section over the budget is read in pages of its lines: the text is the diff, not laid out. */
    private final boolean pages;
    private final LongSupplier reserve;
    private DiffEnvelope.Range pinned;

    /**
     * @param fileField    the argument naming files: file (pull requests) or path (local tools)
     * @param defaultBytes max_bytes when not given
     * @param capBytes     the most one answer holds
     * @param structured   a shown section is also an entry of structuredContent's changes
     * @param plain        the diff's lines are git's, not laid out (no line_numbers, no side by side)
     * @param reserve      what the answer spends beside its text, asked when the budget decides
     */
    ToolCallRefetch(String tool, JsonNode args, String fileField, long defaultBytes, long capBytes, Text text,
            boolean structured, boolean plain, LongSupplier reserve) {
        this.tool = tool;
        this.args = args.deepCopy();
        this.fileField = fileField;
        this.defaultBytes = defaultBytes;
        this.capBytes = capBytes;
        this.text = text;
        this.structured = structured;
        this.pages = text == Text.DIFF && plain;
        this.reserve = reserve;
    }

    /** The range the answer was computed from: calls name its full SHAs instead of the revisions as typed. */
    void pin(DiffEnvelope.Range range) {
        this.pinned = range;
    }

    @Override
    public String whole(String path, long bytes, boolean generated) {
        ObjectNode call = withoutShaping();
        String named = tool;
        if (call.has("hash")) {
            named = oneFileOfCommit(call, path);
        } else {
            call.put(fileField, PathBytes.shown(path));
        }
        // With pages: max_bytes as asked, the section whole where it fits, else its first page.
        if (!pages) {
            // Room for the section and what is said beside it: the default when that is enough.
            call.remove("max_bytes");
            long room = bytes + BESIDE_ONE_FILE;
            if (room > defaultBytes) {
                call.put("max_bytes", Math.min(room, capBytes));
            }
            if (room > capBytes) {
                call.put("max_lines", LINES_PAST_CAP);
            }
        }
        if (generated) {
            call.put("skip_generated", false);
        }
        return named + " " + Json.write(call);
    }

    /**
     * A commit's file: get_diff from its parent to it (get_commit_diff has no path), or for a root commit
     * get_commit_diff with the path as an include anchored at the top.
     */
    private String oneFileOfCommit(ObjectNode call, String path) {
        JsonNode hash = call.remove("hash");
        call.remove("log");
        if (pinned != null && pinned.base() != null) {
            call.put("base", pinned.base());
            call.put("head", pinned.head());
            call.put("path", PathBytes.shown(path));
            return "get_diff";
        }
        call.put("hash", hash.asText());
        call.putArray("include").add("/" + PathBytes.shown(path));
        return tool;
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
            boolean parent = pinned != null && pinned.base() != null;
            call.put("base", parent ? pinned.base() : hash.asText() + "^");
            call.put("head", hash.asText());
        }
        call.remove(List.of("context_lines", "max_bytes", "no_binary", "skip_generated", "json", "format",
                "line_numbers", "width", "log"));
        return "get_changed_files " + Json.write(call);
    }

    @Override
    public String next(BudgetCursor cursor) {
        ObjectNode call = pinnedArgs(args.deepCopy());
        call.put("cursor", cursor.toString());
        return tool + " " + Json.write(call);
    }

    @Override
    public String rangeCall(String base, String head) {
        ObjectNode call = located();
        call.put("base", base);
        if (head != null) {
            call.put("head", head);
        }
        return "get_diff " + Json.write(call);
    }

    @Override
    public String commitCall(String rev) {
        return "get_commit_diff " + Json.write(located().put("hash", rev));
    }

    /** A new call's arguments: the repository this one named, if any. */
    private ObjectNode located() {
        ObjectNode call = JsonNodeFactory.instance.objectNode();
        if (args.hasNonNull("repo_path")) {
            call.set("repo_path", args.get("repo_path"));
        }
        return call;
    }

    /** The tools' argument: {@code --max-lines} is max_lines; none for what only the command line reads. */
    @Override
    public String option(String flag) {
        return CLI_ONLY.contains(flag) ? null : flag.replaceFirst("^--", "").replace('-', '_');
    }

    @Override
    public boolean pagesLines() {
        return pages;
    }

    @Override
    public long cost(byte[] b, int off, int len) {
        long cost = 0;
        for (int i = off; i < off + len; i++) {
            int c = b[i] & 0xff;
            long once = c == '"' || c == '\\' ? 2 : c == '\n' || c == '\t' || c == '\r' || c == '\b' || c == '\f' ? 2
                    : c < 0x20 ? 6 : 1;
            // Written into the envelope's JSON, then that JSON into the text: escaped twice.
            cost += text == Text.DIFF ? once : once == 1 ? 1 : once == 2 && (c == '"' || c == '\\') ? 4
                    : once == 2 ? 3 : 7;
        }
        return cost;
    }

    @Override
    public long shownCost(FileSection s) {
        if (!structured && text != Text.ENVELOPE) {
            return 0;
        }
        FileEntry f = FileEntry.of(s.path(), s.additions(), s.deletions(), s.changeType().label(), s.previousPath(),
                s.binary());
        DiffEnvelope.Change change = new DiffEnvelope.Change(f.status(), f.path(), f.previousPath(),
                f.pathBytesBase64(), f.previousPathBytesBase64(), f.additions(), f.deletions(),
                Boolean.TRUE.equals(f.binary()), null, null, false, null);
        byte[] entry = Json.write(change).getBytes(StandardCharsets.UTF_8);
        if (text == Text.ENVELOPE) {
            // The change in the text's envelope, beside its "diff":"..." whose bytes are priced as they stream.
            return cost(entry, 0, entry.length) + 12;
        }
        return entry.length + 1L;
    }

    @Override
    public long reserve() {
        return reserve.getAsLong();
    }

    private ObjectNode withoutShaping() {
        ObjectNode call = pinnedArgs(args.deepCopy());
        call.remove(SHAPING);
        return call;
    }

    /** {@code call} with the revisions as typed replaced by the full SHAs the answer was computed from. */
    private ObjectNode pinnedArgs(ObjectNode call) {
        if (pinned == null || pinned.head() == null || call.hasNonNull("since")) {
            return call;
        }
        if (call.has("hash")) {
            call.put("hash", pinned.head());
        } else if (!tool.equals("get_pull_request_diff") && pinned.base() != null) {
            call.put("base", pinned.base());
            call.put("head", pinned.head());
        }
        return call;
    }
}
