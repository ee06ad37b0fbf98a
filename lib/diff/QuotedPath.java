package dev.prdiff.diff;

import dev.prdiff.core.PathBytes;

import java.io.ByteArrayOutputStream;

/**
 * Git's path syntax in diff headers. A name git had to quote (core.quotePath) is written C-style:
 * {@code "a/tab\there"}, with {@code \a \b \t \n \v \f \r \" \\} and three-digit octal escapes for other bytes.
 * Names are returned as {@link PathBytes} Strings, exact for bytes that are not UTF-8.
 */
public final class QuotedPath {
    /** A name read from a header, and the index just past it. */
    record Token(String name, int next) {}

    private QuotedPath() {}

    /** Reads a quoted name whose opening quote is at {@code from}; null if it is not well formed. */
    static Token readQuoted(byte[] b, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = from + 1;
        while (i < to) {
            byte c = b[i];
            if (c == '"') {
                return new Token(PathBytes.decode(out.toByteArray()), i + 1);
            }
            if (c != '\\') {
                out.write(c);
                i++;
                continue;
            }
            if (i + 1 >= to) {
                return null;
            }
            byte e = b[i + 1];
            int simple = simpleEscape(e);
            if (simple >= 0) {
                out.write(simple);
                i += 2;
            } else if (isOctal(e) && i + 3 < to && isOctal(b[i + 2]) && isOctal(b[i + 3])) {
                out.write(((e - '0') << 6) | ((b[i + 2] - '0') << 3) | (b[i + 3] - '0'));
                i += 4;
            } else {
                return null;
            }
        }
        return null;
    }

    /** A name in a {@code ---}, {@code +++}, {@code rename from} or {@code copy to} line: quoted or to end of line. */
    static String readName(byte[] b, int from, int to) {
        if (from < to && b[from] == '"') {
            Token t = readQuoted(b, from, to);
            return t == null ? null : t.name();
        }
        // git appends a TAB after an unquoted name that contains a space; an unquoted name never holds a TAB.
        int e = to;
        if (e > from && b[e - 1] == '\t') {
            e--;
        }
        return PathBytes.decode(b, from, e);
    }

    /**
     * The name a whole C-quoted value stands for (such as {@code "caf\351"}, as {@link PathBytes#quoted} and git
     * print it), or null when the value is not one well-formed quoted name.
     */
    public static String unquote(String value) {
        byte[] b = PathBytes.encode(value);
        if (b.length < 2 || b[0] != '"') {
            return null;
        }
        Token t = readQuoted(b, 0, b.length);
        return t != null && t.next() == b.length ? t.name() : null;
    }

    private static int simpleEscape(byte e) {
        return switch (e) {
            case 'a' -> 7;
            case 'b' -> 8;
            case 't' -> '\t';
            case 'n' -> '\n';
            case 'v' -> 11;
            case 'f' -> 12;
            case 'r' -> '\r';
            case '"' -> '"';
            case '\\' -> '\\';
            default -> -1;
        };
    }

    private static boolean isOctal(byte c) {
        return c >= '0' && c <= '7';
    }
}
