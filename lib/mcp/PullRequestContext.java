package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import dev.prdiff.source.PullRequestInfo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * get_pull_request_diff with info: the pull request's metadata as --info gives it (title, body, state, author,
 * draft, refs, SHAs, counts), as {"success", "pull_request", "warnings"}: the structuredContent and, the same JSON,
 * the text. The whole result is within max_bytes; a body too long for it is cut, and a warning says where.
 */
final class PullRequestContext {
    private PullRequestContext() {}

    /** The result for {@code info}, its serialized bytes at most {@code budget} unless its fixed part is larger. */
    static ObjectNode answer(PullRequestInfo info, long budget) {
        ObjectNode whole = result(info, List.of());
        String body = info.body();
        if (body == null || size(whole) <= budget) {
            return whole;
        }
        int lo = 0;
        int hi = body.length();
        while (lo < hi) { // the longest start of the body that fits, with the warning that says it was cut
            int mid = (lo + hi + 1) >>> 1;
            if (size(cut(info, body, mid, budget)) <= budget) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return cut(info, body, lo, budget);
    }

    private static ObjectNode cut(PullRequestInfo info, String body, int chars, long budget) {
        int end = chars > 0 && chars < body.length() && Character.isHighSurrogate(body.charAt(chars - 1))
                ? chars - 1 : chars; // never half of a surrogate pair
        String kept = body.substring(0, end);
        return result(info.withBody(kept), List.of("the body is cut at " + kept.length() + " of its " + body.length()
                + " characters to keep the answer within max_bytes " + budget + "; a larger max_bytes gives more"));
    }

    private static ObjectNode result(PullRequestInfo info, List<String> warnings) {
        ObjectNode envelope = JsonNodeFactory.instance.objectNode();
        envelope.put("success", true);
        envelope.set("pull_request", Json.tree(info));
        envelope.set("warnings", Json.MAPPER.valueToTree(new ArrayList<>(warnings)));
        return ToolResults.json(envelope);
    }

    private static long size(ObjectNode result) {
        return Json.write(result).getBytes(StandardCharsets.UTF_8).length;
    }
}
