package dev.prdiff.core;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The JSON text of prdiff's answers ({@link JsonValue}), on one line or indented, byte for byte as Jackson writes
 * them (its compact output, and its default pretty printer: objects one member per line, arrays on one line).
 * The command line prints its answers through this alone: the first use of jackson-databind's ObjectMapper costs a
 * JDK 17 process about 110 ms (its date format's locale data, then reflection over every record and annotation).
 * Members are written in the order named; values are strings, numbers, booleans, null, answers, lists and maps.
 */
public final class JsonText {
    private final StringBuilder out = new StringBuilder();
    private final boolean indented;
    /** Members written so far in each open object, the innermost first. */
    private final Deque<int[]> written = new ArrayDeque<>();
    /** Open objects: the indentation of a member. Arrays stay on their line and add none. */
    private int objects;

    private JsonText(boolean indented) {
        this.indented = indented;
    }

    /** {@code value} on one line, as a program reads it. */
    public static String compact(JsonValue value) {
        return new JsonText(false).value(value).out.toString();
    }

    /** {@code value} indented for a person. */
    public static String indented(JsonValue value) {
        return new JsonText(true).value(value).out.toString();
    }

    /** {@code s} as a JSON string, quotes included. */
    public static String quoted(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2);
        appendQuoted(b, s);
        return b.toString();
    }

    /** The member {@code name}: {@code value}, written as null when it is null. */
    public JsonText field(String name, Object value) {
        int[] count = written.peek();
        if (count[0]++ > 0) {
            out.append(',');
        }
        if (indented) {
            newLine();
        }
        appendQuoted(out, name);
        out.append(indented ? " : " : ":");
        return value(value);
    }

    /** The member {@code name}: {@code value}, or nothing when {@code value} is null. */
    public JsonText present(String name, Object value) {
        return value == null ? this : field(name, value);
    }

    private JsonText value(Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            appendQuoted(out, s);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof JsonValue v) {
            open();
            v.writeJson(this);
            close();
        } else if (value instanceof Map<?, ?> m) {
            open();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                field((String) e.getKey(), e.getValue());
            }
            close();
        } else if (value instanceof List<?> l) {
            array(l);
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
        return this;
    }

    private void open() {
        out.append('{');
        objects++;
        written.push(new int[1]);
    }

    private void close() {
        objects--;
        if (written.pop()[0] == 0) {
            out.append(indented ? " }" : "}");
        } else {
            if (indented) {
                newLine();
            }
            out.append('}');
        }
    }

    private void array(List<?> elements) {
        out.append('[');
        boolean any = false;
        for (Object e : elements) {
            out.append(any ? (indented ? ", " : ",") : (indented ? " " : ""));
            value(e);
            any = true;
        }
        out.append(indented ? " ]" : "]");
    }

    private void newLine() {
        out.append('\n');
        for (int i = 0; i < objects; i++) {
            out.append("  ");
        }
    }

    /** Escaped as Jackson escapes: quote, backslash, and control characters (short forms where JSON has one). */
    private static void appendQuoted(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\f' -> b.append("\\f");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
}
