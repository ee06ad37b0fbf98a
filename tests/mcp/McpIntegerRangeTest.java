package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.McpCalls;
import support.OpenApiDocument;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Integers past what a tool reads are refused with the request's id, never wrapped: skip 2^32 once gave page one.
 * A number whose exponent no BigDecimal holds (1e2147483648) is an invalid argument of its request, not -32700.
 */
@Timeout(60)
@support.Parallel
class McpIntegerRangeTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "a\n");
        repo.commit("a");
        repo.write("a.txt", "b\n").write("b.txt", "b\n");
        repo.commit("b");
    }

    /** Every integer argument of every tool has a maximum an int holds (pr_number is read as a long, checked). */
    @Test
    void everyIntegerArgumentHasAMaximumWithinAnInt() {
        OpenApiDocument doc = OpenApiDocument.load();
        List<String> unbounded = new ArrayList<>();
        for (String tool : doc.tools()) {
            doc.inputSchema(tool).path("properties").properties().forEach(p -> {
                JsonNode s = p.getValue();
                if ("integer".equals(s.path("type").asText()) && !p.getKey().equals("pr_number")
                        && (!s.has("maximum") || s.get("maximum").asLong() > Integer.MAX_VALUE)) {
                    unbounded.add(tool + "." + p.getKey());
                }
            });
        }
        assertEquals(List.of(), unbounded);
    }

    @Test
    void integersPastAnIntAreInvalidInputWithTheRequestsId() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (String field : List.of("skip", "top")) {
                for (String value : List.of("4294967296", "2147483648", "1e400", "4294967296.0")) {
                    String line = "{\"jsonrpc\":\"2.0\",\"id\":\"" + field + value + "\",\"method\":\"tools/call\","
                            + "\"params\":{\"name\":\"get_changed_files\",\"arguments\":{\"base\":\"HEAD~1\",\""
                            + field + "\":" + value + "}}}";
                    s.sendLine(line);
                    JsonNode body = McpCalls.assertInvalidInput(s.next(McpSession.WAIT), field + value);
                    assertTrue(body.get("message").asText().contains("arguments." + field + ": must be at most 2147483647"),
                            body.toString());
                }
            }
            ObjectNode last = JsonNodeFactory.instance.objectNode().put("base", "HEAD~1").put("skip", 2147483647);
            JsonNode page = McpCalls.fileList(s.callResult("get_changed_files", last));
            assertEquals(0, page.get("files").size(), page.toString());
        }
    }

    @Test
    void aNumberNoDecimalHoldsIsInvalidParamsWithTheRequestsId() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (String value : List.of("1e2147483648", "1e-2147483649", "1e99999999999", "-1e2147483648")) {
                s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"get_diff\","
                        + "\"arguments\":{\"base\":\"HEAD~1\",\"context_lines\":" + value + "}}}");
                JsonNode r = s.next(McpSession.WAIT);
                McpCalls.assertError(-32602, r, 7);
                assertTrue(r.get("error").get("message").asText().contains("out of range"), r.toString());
            }
            s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"get_diff\","
                    + "\"arguments\":{\"base\":\"HEAD~1\",\"context_lines\":1e400}}}");
            McpCalls.assertInvalidInput(s.next(McpSession.WAIT), 8);
            s.sendLine("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{\"x\":1e2147483648}");
            McpCalls.assertError(-32700, s.next(McpSession.WAIT), null);
            McpCalls.assertStillServing(s);
        }
    }
}
