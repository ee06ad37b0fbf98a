package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The part of JSON Schema that prdiff's tool schemas use, enforced on tool arguments: one per tool input schema,
 * made when the catalog is loaded ({@link #of}), its patterns compiled then. A schema with any other validation
 * keyword is refused there, so openapi.yaml can never promise a check the server does not make.
 */
final class SchemaCheck {
    static final Set<String> KEYWORDS = Set.of("type", "properties", "required", "additionalProperties", "items",
            "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "dependentRequired",
            // annotations, nothing to check
            "description", "title", "default", "examples");

    private final JsonNode schema;
    /** Every pattern of the schema, by its text. */
    private final Map<String, Pattern> patterns;

    private SchemaCheck(JsonNode schema, Map<String, Pattern> patterns) {
        this.schema = schema;
        this.patterns = patterns;
    }

    /** The check of {@code schema}; IllegalArgumentException naming the first keyword this checker does not enforce. */
    static SchemaCheck of(JsonNode schema, String where) {
        Map<String, Pattern> patterns = new HashMap<>();
        requireSupported(schema, where, patterns);
        return new SchemaCheck(schema, Map.copyOf(patterns));
    }

    /** Every way {@code value} fails the schema, each as "path: problem"; empty when it conforms. */
    List<String> problems(JsonNode value) {
        List<String> out = new ArrayList<>();
        check(schema, value, "arguments", out);
        return out;
    }

    private static void requireSupported(JsonNode schema, String where, Map<String, Pattern> patterns) {
        if (!schema.isObject()) {
            throw new IllegalArgumentException(where + ": a schema must be an object");
        }
        for (Iterator<String> it = schema.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYWORDS.contains(key)) {
                throw new IllegalArgumentException(where + ": keyword '" + key + "' is not enforced by SchemaCheck");
            }
        }
        JsonNode pattern = schema.get("pattern");
        if (pattern != null) {
            patterns.computeIfAbsent(pattern.asText(), Pattern::compile);
        }
        JsonNode props = schema.get("properties");
        if (props != null) {
            props.properties().forEach(e -> requireSupported(e.getValue(), where + "." + e.getKey(), patterns));
        }
        JsonNode items = schema.get("items");
        if (items != null) {
            requireSupported(items, where + "[]", patterns);
        }
        JsonNode extra = schema.get("additionalProperties");
        if (extra != null && extra.isObject()) {
            requireSupported(extra, where + ".*", patterns);
        }
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> out) {
        JsonNode type = schema.get("type");
        if (type != null && !matchesType(type, value)) {
            out.add(at + ": expected " + (type.isArray() ? joinTexts(type) : type.asText()) + ", got " + describe(value));
            return;
        }
        JsonNode allowed = schema.get("enum");
        if (allowed != null && !contains(allowed, value)) {
            out.add(at + ": must be one of " + allowed);
        }
        if (value.isNumber()) {
            JsonNode min = schema.get("minimum");
            if (min != null && value.decimalValue().compareTo(min.decimalValue()) < 0) {
                out.add(at + ": must be at least " + min);
            }
            JsonNode max = schema.get("maximum");
            if (max != null && value.decimalValue().compareTo(max.decimalValue()) > 0) {
                out.add(at + ": must be at most " + max);
            }
        }
        if (value.isTextual()) {
            String s = value.textValue();
            int chars = s.codePointCount(0, s.length());
            JsonNode minLength = schema.get("minLength");
            if (minLength != null && chars < minLength.asInt()) {
                out.add(at + ": must not be shorter than " + minLength.asInt() + " characters");
            }
            JsonNode maxLength = schema.get("maxLength");
            if (maxLength != null && chars > maxLength.asInt()) {
                out.add(at + ": must not be longer than " + maxLength.asInt() + " characters");
            }
            JsonNode pattern = schema.get("pattern");
            if (pattern != null && !patterns.get(pattern.asText()).matcher(s).find()) {
                out.add(at + ": must match " + pattern.asText());
            }
        }
        if (value.isArray()) {
            JsonNode items = schema.get("items");
            if (items != null) {
                for (int i = 0; i < value.size(); i++) {
                    check(items, value.get(i), at + "[" + i + "]", out);
                }
            }
        }
        if (value.isObject()) {
            checkObject(schema, value, at, out);
        }
    }

    private void checkObject(JsonNode schema, JsonNode value, String at, List<String> out) {
        JsonNode required = schema.get("required");
        if (required != null) {
            for (JsonNode name : required) {
                if (!value.has(name.asText())) {
                    out.add(at + ": missing required property '" + name.asText() + "'");
                }
            }
        }
        JsonNode dependent = schema.get("dependentRequired");
        if (dependent != null) {
            dependent.properties().forEach(e -> {
                if (value.has(e.getKey())) {
                    for (JsonNode needed : e.getValue()) {
                        if (!value.has(needed.asText())) {
                            out.add(at + ": '" + e.getKey() + "' needs '" + needed.asText() + "'");
                        }
                    }
                }
            });
        }
        JsonNode props = schema.get("properties");
        JsonNode extra = schema.get("additionalProperties");
        for (Map.Entry<String, JsonNode> field : value.properties()) {
            JsonNode sub = props == null ? null : props.get(field.getKey());
            if (sub != null) {
                check(sub, field.getValue(), at + "." + field.getKey(), out);
            } else if (extra != null && extra.isBoolean() && !extra.booleanValue()) {
                out.add(at + ": unknown property '" + field.getKey() + "'" + (props == null ? ""
                        : "; the properties are " + String.join(", ", names(props))));
            } else if (extra != null && extra.isObject()) {
                check(extra, field.getValue(), at + "." + field.getKey(), out);
            }
        }
    }

    private static List<String> names(JsonNode props) {
        List<String> names = new ArrayList<>();
        props.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static boolean matchesType(JsonNode type, JsonNode value) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (matchesType(t, value)) {
                    return true;
                }
            }
            return false;
        }
        switch (type.asText()) {
            case "object": return value.isObject();
            case "array": return value.isArray();
            case "string": return value.isTextual();
            case "boolean": return value.isBoolean();
            case "null": return value.isNull();
            case "number": return value.isNumber();
            case "integer":
                // JSON Schema counts 5.0 as an integer; JSON has one number type.
                return value.isIntegralNumber()
                        || (value.isNumber() && value.decimalValue().stripTrailingZeros().scale() <= 0);
            default: return false;
        }
    }

    private static boolean contains(JsonNode allowed, JsonNode value) {
        for (JsonNode a : allowed) {
            if (a.equals(value)) {
                return true;
            }
        }
        return false;
    }

    private static String joinTexts(JsonNode array) {
        List<String> parts = new ArrayList<>();
        array.forEach(n -> parts.add(n.asText()));
        return String.join(" or ", parts);
    }

    private static String describe(JsonNode value) {
        if (value.isTextual()) {
            return "string";
        }
        if (value.isIntegralNumber()) {
            return "integer";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        if (value.isNull()) {
            return "null";
        }
        return value.isArray() ? "array" : "object";
    }
}
