package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prdiff.core.JsonTree;
import org.junit.jupiter.api.Test;
import support.RandomJson;

import java.io.IOException;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command line reads gh's and Azure DevOps' JSON without an ObjectMapper: into the same tree as
 * {@code ObjectMapper.readTree} (the oracle), every value, number kind and cut text alike.
 */
class JsonTreeTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    @Test
    void everyDocumentReadsAsObjectMapperReadsIt() throws Exception {
        Random random = new Random(30);
        for (int i = 0; i < 2_000; i++) {
            String text = JACKSON.writeValueAsString(RandomJson.object(random));
            assertEquals(JACKSON.readTree(text), JsonTree.read(text), text);
            byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(JACKSON.readTree(utf8), JsonTree.read(utf8), text);
        }
    }

    @Test
    void numbersKeepTheirKind() throws Exception {
        for (String text : List.of("[1, -2147483649, 9223372036854775808, 1.5, 1e400, -0.0, 0]",
                "{\"a\" : {\"b\" : [ ]}, \"a\" : 2}", "\"\\u00e9\\ud83d\\ude00\"", "null", "true", "  7  trailing",
                "", "   ")) {
            assertEquals(JACKSON.readTree(text), JsonTree.read(text), text);
        }
    }

    /** Every prefix of a document: a value where ObjectMapper reads one, a failure where it fails. */
    @Test
    void aCutDocumentFailsWhereObjectMapperFails() throws Exception {
        String text = "{\"files\":[{\"filename\":\"a\\\"b\",\"additions\":12,\"status\":\"modified\"},[true,null]],"
                + "\"n\":-3.25}";
        for (int end = 0; end <= text.length(); end++) {
            String cut = text.substring(0, end);
            JsonNode expected;
            try {
                expected = JACKSON.readTree(cut);
            } catch (IOException e) {
                assertThrows(IOException.class, () -> JsonTree.read(cut), cut);
                continue;
            }
            try {
                assertEquals(expected, JsonTree.read(cut), cut);
            } catch (IOException e) {
                throw new AssertionError(cut + ": " + e, e);
            }
        }
        assertTrue(JsonTree.read("").isMissingNode());
    }
}
