package dev.prdiff.diff;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Git's path syntax in diff headers. A name git had to quote (core.quotePath) is written C-style:
 * {@code "a/tab\there"}, with {@code \a \b \t \n \v \f \r \" \\} and three-digit octal escapes for other bytes.
 */
final class QuotedPath {
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
                return new Token(out.toString(StandardCharsets.UTF_8), i + 1);
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
        return new String(b, from, e - from, StandardCharsets.UTF_8);
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
