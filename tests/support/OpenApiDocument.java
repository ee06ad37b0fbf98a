package support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * openapi.yaml read from the checkout, with the document's tool mapping (see its header) applied independently of
 * the server's ToolCatalog, so a test can compare what the server lists with what the document says.
 */
public final class OpenApiDocument {
    private final JsonNode doc;

    private OpenApiDocument(JsonNode doc) {
        this.doc = doc;
    }

    public static OpenApiDocument load() {
        try {
            return new OpenApiDocument(new YAMLMapper().readTree(RepoRoot.find().resolve("openapi.yaml").toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<String> tools() {
        List<String> names = new ArrayList<>();
        doc.get("paths").fieldNames().forEachRemaining(p -> {
            assertTrue(p.startsWith("/tools/"), p);
            names.add(p.substring("/tools/".length()));
        });
        return names;
    }

    public JsonNode operation(String tool) {
        JsonNode op = doc.path("paths").path("/tools/" + tool).path("post");
        assertTrue(op.isObject(), "no POST /tools/" + tool);
        return op;
    }

    public JsonNode inputSchema(String tool) {
        return resolve(operation(tool).at("/requestBody/content/application~1json/schema"));
    }

    /** The 200 response's application/json schema (text media types may be listed beside it), else null. */
    public JsonNode outputSchema(String tool) {
        JsonNode content = operation(tool).at("/responses/200/content");
        return content.has("application/json") ? resolve(content.at("/application~1json/schema")) : null;
    }

    public JsonNode responseSchema(String tool, String mediaType) {
        JsonNode schema = operation(tool).at("/responses/200/content").path(mediaType).path("schema");
        return schema.isMissingNode() ? null : resolve(schema);
    }

    public JsonNode errorSchema(String tool) {
        return resolve(resolve(operation(tool).at("/responses/default")).at("/content/application~1json/schema"));
    }

    public JsonNode resolve(JsonNode node) {
        if (node.isObject() && node.has("$ref")) {
            String ref = node.get("$ref").asText();
            assertTrue(ref.startsWith("#/"), ref);
            JsonNode target = doc.at(ref.substring(1));
            assertFalse(target.isMissingNode(), ref);
            return resolve(target);
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(e -> copy.set(e.getKey(), resolve(e.getValue())));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> copy.add(resolve(n)));
            return copy;
        }
        return node;
    }

    /** The whole document, as JSON. */
    public JsonNode doc() {
        return doc;
    }
}
