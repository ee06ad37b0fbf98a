package dev.prdiff.core;

/** An answer prdiff prints as a JSON object: it names its own members, in order ({@link JsonText}). */
public interface JsonValue {
    /** Writes this object's members to {@code out}, which opens and closes the object around them. */
    void writeJson(JsonText out);
}
