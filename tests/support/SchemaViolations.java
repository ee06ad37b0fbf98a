package support;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A small JSON Schema check for the keywords openapi.yaml uses. */
public final class SchemaViolations {
    private SchemaViolations() {}

    /**
     * Where {@code value} breaks {@code schema}, for the keywords openapi.yaml uses; written apart from the
     * server's SchemaCheck so that a bug there cannot hide one here.
     */
    public static List<String> of(JsonNode schema, JsonNode value) {
        List<String> out = new ArrayList<>();
        violations(schema, value, "$", out);
        return out;
    }

    private static void violations(JsonNode schema, JsonNode value, String at, List<String> out) {
        Set<String> known = Set.of("type", "properties", "required", "additionalProperties", "items", "enum",
                "minimum", "maximum", "minLength", "maxLength", "pattern", "dependentRequired", "description",
                "title", "default", "examples");
        schema.fieldNames().forEachRemaining(k -> assertTrue(known.contains(k), at + ": unchecked keyword " + k));
        JsonNode type = schema.get("type");
        if (type != null && !hasType(type, value)) {
            out.add(at + " is not " + type + ": " + value);
            return;
        }
        if (schema.has("enum") && !texts(schema.get("enum")).contains(value.asText())) {
            out.add(at + " not in " + schema.get("enum"));
        }
        if (schema.has("minimum") && value.isNumber()
                && value.decimalValue().compareTo(new BigDecimal(schema.get("minimum").asText())) < 0) {
            out.add(at + " below minimum");
        }
        if (schema.has("maximum") && value.isNumber()
                && value.decimalValue().compareTo(new BigDecimal(schema.get("maximum").asText())) > 0) {
            out.add(at + " above maximum");
        }
        if (value.isTextual()) {
            int length = value.asText().codePointCount(0, value.asText().length());
            if (schema.has("minLength") && length < schema.get("minLength").asInt()) {
                out.add(at + " too short");
            }
            if (schema.has("maxLength") && length > schema.get("maxLength").asInt()) {
                out.add(at + " too long");
            }
            if (schema.has("pattern") && !Pattern.compile(schema.get("pattern").asText()).matcher(value.asText()).find()) {
                out.add(at + " does not match " + schema.get("pattern").asText());
            }
        }
        if (value.isArray() && schema.has("items")) {
            for (int i = 0; i < value.size(); i++) {
                violations(schema.get("items"), value.get(i), at + "[" + i + "]", out);
            }
        }
        if (value.isObject()) {
            for (JsonNode required : schema.path("required")) {
                if (!value.has(required.asText())) {
                    out.add(at + " lacks " + required.asText());
                }
            }
            for (Map.Entry<String, JsonNode> field : value.properties()) {
                JsonNode sub = schema.path("properties").get(field.getKey());
                if (sub != null) {
                    violations(sub, field.getValue(), at + "." + field.getKey(), out);
                } else if (schema.path("additionalProperties").isObject()) {
                    violations(schema.get("additionalProperties"), field.getValue(), at + "." + field.getKey(), out);
                } else if (schema.path("additionalProperties").isBoolean() && !schema.get("additionalProperties").asBoolean()) {
                    out.add(at + " has undeclared " + field.getKey());
                }
            }
        }
    }

    /** {@code type}: one name, or a list of them (e.g. [string, 'null']) any of which will do. */
    private static boolean hasType(JsonNode type, JsonNode value) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (hasType(t, value)) {
                    return true;
                }
            }
            return false;
        }
        return switch (type.asText()) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "boolean" -> value.isBoolean();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            case "null" -> value.isNull();
            default -> throw new AssertionError("unknown type " + type);
        };
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
