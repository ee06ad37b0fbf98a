package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.prdiff.core.Json;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a tools/call answer's structuredContent and _meta within a byte budget, beside a text that has its own
 * (max_bytes): 300,000 changed files once made 62 MB of structuredContent beside 496 bytes of text. Lists are cut
 * at their end and the cut is said: an envelope's changes and warnings and the notices get a last entry naming
 * what was left out. (A file list pages itself: {@link FileListAnswer}.)
 */
final class AnswerFit {
    /** The least budget of the structured part: room for an envelope's summary, range and metadata. */
    static final long MIN_BYTES = 4096;
    /** Kept back for the entry that says what was cut. */
    private static final long SAY = 256;

    private AnswerFit() {}

    /**
     * Cuts {@code result}'s structuredContent (an envelope's warnings and changes) and its notices until both fit
     * {@code budget} bytes together as serialized; when {@code sameText}, the text is the structuredContent's JSON,
     * counted too, and written again from what was kept.
     */
    static ObjectNode fit(ObjectNode result, long budget, boolean sameText) {
        return cut(result, Math.max(budget, MIN_BYTES), sameText);
    }

    /**
     * Cuts {@code result}'s structuredContent and notices until the whole result, serialized as it is sent (text,
     * structuredContent and _meta), is at most {@code max} bytes; its text is kept, whose own budget counted what
     * is said beside it. Past that, the envelope's fixed part (summary, range, page, metadata) and the notices'
     * start remain: the result is then as small as it can be.
     */
    static ObjectNode within(ObjectNode result, long max) {
        long whole = bytes(result);
        if (whole <= max) {
            return result;
        }
        long beside = bytes(result.get("structuredContent")) + bytes(result.get("_meta"));
        cut(result, max - (whole - beside), false);
        if (bytes(result) > max && result.get("_meta") instanceof ObjectNode meta
                && meta.get(ToolResults.NOTICES) instanceof ArrayNode notices) {
            long room = Math.max(0, max - (bytes(result) - bytes(notices)));
            cut(notices, room, "notices", false);
        }
        return result;
    }

    /**
     * json: the text is {@code envelope}'s JSON and structuredContent, when {@code structured}, that envelope without
     * its data (the text holds it). Cuts the notices and the envelope's warnings (a quarter of the budget each at
     * most) and its changes, those that show a diff kept first, until the whole result is at most {@code max}
     * bytes, or as small as the envelope's fixed part allows. {@code envelope}'s changes are left as kept.
     */
    static ObjectNode envelopeWithin(ObjectNode envelope, List<String> notices, boolean structured, long max) {
        ObjectNode result = asText(envelope, notices, structured);
        if (bytes(result) <= max) {
            return result;
        }
        ArrayNode said = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        notices.forEach(said::add);
        cut(said, max / 4, "notices", false);
        List<String> kept = new ArrayList<>();
        said.forEach(n -> kept.add(n.asText()));
        ArrayNode warnings = envelope.get("warnings") instanceof ArrayNode w ? w : null;
        // A warning is in the text and again in structuredContent.
        cut(warnings, max / 4, "warnings", structured);
        if (!(envelope.path("data").path("changes") instanceof ArrayNode list) || warnings == null) {
            return asText(envelope, kept, structured);
        }
        List<JsonNode> all = new ArrayList<>(list.size());
        list.forEach(all::add);
        list.removeAll();
        long room = max - bytes(asText(envelope, kept, structured)) - 2 * SAY;
        for (int attempt = 0; attempt < 4; attempt++) {
            list.removeAll();
            int n = keepShownFirst(all, list, room, AnswerFit::asString);
            if (n < all.size()) {
                warnings.add("data.changes lists " + n + " of its " + all.size() + " files, to keep the answer"
                        + " within its budget of " + max + " bytes; get_changed_files (top, skip) lists them all");
            }
            result = asText(envelope, kept, structured);
            long over = bytes(result) - max;
            if (over <= 0 || n == 0) {
                break;
            }
            if (n < all.size()) {
                warnings.remove(warnings.size() - 1);
            }
            room -= over + 64;
        }
        return result;
    }

    private static ObjectNode asText(ObjectNode envelope, List<String> notices, boolean structured) {
        ObjectNode result = ToolResults.withNotices(ToolResults.text(Json.write(envelope)), notices);
        if (structured) {
            ObjectNode bare = envelope.deepCopy();
            bare.remove("data");
            result.set("structuredContent", bare);
        }
        return result;
    }

    private static ObjectNode cut(ObjectNode result, long budget, boolean sameText) {
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
                    int n = keepShownFirst(kept, list, budget - size(structured, sameText) - bytes(meta) - SAY,
                            c -> size(c, sameText));
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

    /**
     * Adds to {@code into}, in their order, the changes of {@code changes} that fit {@code room} bytes: those that
     * show their diff first (the answer's reason to be), then those left out, each of which only names its file;
     * returns how many.
     */
    private static int keepShownFirst(List<JsonNode> changes, ArrayNode into, long room,
            java.util.function.ToLongFunction<JsonNode> price) {
        boolean[] keep = new boolean[changes.size()];
        long used = 2;
        int n = 0;
        for (boolean shown : new boolean[] {true, false}) {
            for (int i = 0; i < changes.size(); i++) {
                JsonNode c = changes.get(i);
                if ((c.has("diff") || c.has("diff_base64")) != shown) {
                    continue;
                }
                long size = price.applyAsLong(c) + 1;
                if (used + size > room) {
                    break; // the ones kept of each kind are a start of them, as a page is
                }
                used += size;
                keep[i] = true;
                n++;
            }
        }
        for (int i = 0; i < changes.size(); i++) {
            if (keep[i]) {
                into.add(changes.get(i));
            }
        }
        return n;
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

    /** The bytes of {@code value}'s JSON written inside a JSON string (its quotes and backslashes escaped). */
    private static long asString(Object value) {
        return Json.write(TextNode.valueOf(Json.write(value))).getBytes(StandardCharsets.UTF_8).length - 2;
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
