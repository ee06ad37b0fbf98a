package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.Json;
import dev.prdiff.core.Pagination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a tools/call answer's structuredContent and _meta within a byte budget, beside a text that has its own
 * (max_bytes): 300,000 changed files once made 62 MB of structuredContent beside 496 bytes of text. Lists are cut
 * at their end and the cut is said: a file list gets the pagination of the page it became (next_skip), an
 * envelope's changes and warnings and the notices get a last entry naming what was left out.
 */
final class AnswerFit {
    /** The least budget of the structured part: room for an envelope's summary, range and metadata. */
    static final long MIN_BYTES = 4096;
    /** Kept back for the entry that says what was cut. */
    private static final long SAY = 256;

    private AnswerFit() {}

    /**
     * The file list cut to the files whose JSON, twice (as text and as structuredContent), fits {@code budget}
     * bytes, as the page {@code skip} onwards: its pagination says has_more and next_skip. Unchanged when it fits.
     */
    static FileList page(FileList list, int skip, long budget) {
        long used = twice(list.with(List.of(), new Pagination(Integer.MAX_VALUE, Integer.MAX_VALUE, true,
                Integer.MAX_VALUE)));
        List<FileEntry> files = list.files();
        int n = 0;
        for (FileEntry f : files) {
            used += twice(f) + 2;
            if (used > budget) {
                break;
            }
            n++;
        }
        if (n == files.size()) {
            return list;
        }
        Pagination was = list.pagination();
        int total = was != null ? was.total() : files.size();
        int from = was != null ? Math.min(skip, total) : 0;
        return list.with(files.subList(0, n), new Pagination(total, n, true, from + n));
    }

    /**
     * Cuts {@code result}'s structuredContent (an envelope's warnings and changes) and its notices until both fit
     * {@code budget} bytes together as serialized; when {@code sameText}, the text is the structuredContent's JSON,
     * counted too, and written again from what was kept.
     */
    static ObjectNode fit(ObjectNode result, long budget, boolean sameText) {
        budget = Math.max(budget, MIN_BYTES);
        JsonNode structured = result.get("structuredContent");
        JsonNode meta = result.get("_meta");
        if (size(structured, sameText) + bytes(meta) > budget) {
            ArrayNode notices = meta == null ? null : (ArrayNode) meta.get(ToolResults.NOTICES);
            cut(notices, budget / 4, "notices", false);
            if (structured instanceof ObjectNode envelope && envelope.get("warnings") instanceof ArrayNode warnings) {
                cut(warnings, budget / 4, "warnings", sameText);
                if (envelope.path("data").path("changes") instanceof ArrayNode list) {
                    int all = list.size();
                    List<JsonNode> kept = new ArrayList<>(all);
                    list.forEach(kept::add);
                    list.removeAll();
                    int n = keep(kept, budget - size(structured, sameText) - bytes(meta) - SAY, sameText);
                    kept.subList(0, n).forEach(list::add);
                    if (n < all) {
                        warnings.add("data.changes lists " + n + " of its " + all + " files, to keep the answer"
                                + " within its budget of " + budget + " bytes; get_changed_files (top, skip) lists"
                                + " them all");
                    }
                }
            }
        }
        if (sameText && structured != null) {
            ((ObjectNode) result.get("content").get(0)).put("text", Json.write(structured));
        }
        return result;
    }

    /** Keeps the longest start of {@code list} that fits {@code room}, then an entry saying what was cut. */
    private static void cut(ArrayNode list, long room, String what, boolean sameText) {
        if (list == null || size(list, sameText) <= room) {
            return;
        }
        int all = list.size();
        List<JsonNode> kept = new ArrayList<>(all);
        list.forEach(kept::add);
        list.removeAll();
        int n = keep(kept, room - SAY, sameText);
        kept.subList(0, n).forEach(list::add);
        list.add("… " + (all - n) + " more " + what + " left out to keep the answer within its budget");
    }

    /** How many of {@code list}'s first elements fit {@code room} bytes as a JSON array. */
    private static int keep(List<JsonNode> list, long room, boolean sameText) {
        long used = 2;
        int n = 0;
        for (JsonNode e : list) {
            used += size(e, sameText) + 2;
            if (used > room) {
                break;
            }
            n++;
        }
        return n;
    }

    /** The bytes of {@code value} as JSON, and again as a JSON string when the text repeats it. */
    private static long size(Object value, boolean sameText) {
        return sameText ? twice(value) : bytes(value);
    }

    /** The bytes of {@code value}'s JSON plus those of that JSON written as a JSON string (quotes escaped). */
    private static long twice(Object value) {
        String json = Json.write(value);
        return json.getBytes(StandardCharsets.UTF_8).length
                + Json.write(TextNode.valueOf(json)).getBytes(StandardCharsets.UTF_8).length;
    }

    static long bytes(Object value) {
        return value == null ? 0 : Json.write(value).getBytes(StandardCharsets.UTF_8).length;
    }
}
