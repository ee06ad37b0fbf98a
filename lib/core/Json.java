package dev.prdiff.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The one ObjectMapper, configured once. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private Json() {}

    /** Indented for a person at a terminal; the same JSON as {@link #write(Object)}. */
    public static String writePretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot serialise result: " + e.getMessage(), e);
        }
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot serialise result: " + e.getMessage(), e);
        }
    }
}
