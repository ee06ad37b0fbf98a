package dev.prdiff.core;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * File names as git stores them: bytes, not always UTF-8. A name is held as a String that keeps every byte:
 * valid UTF-8 decodes as usual, and each byte that is not part of valid UTF-8 becomes the lone surrogate
 * U+DC80 + (byte - 0x80) (Python's "surrogateescape"). Strict UTF-8 never yields a lone surrogate, so two names
 * are equal as Strings exactly when their bytes are, and {@link #encode} gives the bytes back.
 */
public final class PathBytes {
    private static final int ESCAPE = 0xDC00;

    private PathBytes() {}

    public static String decode(byte[] b) {
        return decode(b, 0, b.length);
    }

    public static String decode(byte[] b, int from, int to) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b, from, to - from);
        // UTF-8 never gives more chars than bytes, and an escaped byte is one char.
        CharBuffer out = CharBuffer.allocate(to - from);
        while (true) {
            CoderResult r = decoder.decode(in, out, true);
            if (r.isError()) {
                for (int i = 0; i < r.length(); i++) {
                    out.put((char) (ESCAPE | (in.get() & 0xFF)));
                }
            } else {
                decoder.flush(out);
                return out.flip().toString();
            }
        }
    }

    /** The names in git's NUL-terminated list ({@code -z} output), each decoded as {@link #decode} does. */
    public static List<String> nulSeparated(byte[] b) {
        List<String> names = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                names.add(decode(b, start, i));
                start = i + 1;
            }
        }
        return names;
    }

    /** The bytes {@link #decode} read the name from. */
    public static byte[] encode(String name) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (isEscapedByte(name, i)) {
                out.write(c & 0xFF);
            } else if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                out.writeBytes(name.substring(i, i + 2).getBytes(StandardCharsets.UTF_8));
                i++;
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toByteArray();
    }

    /** True when the name's bytes are valid UTF-8, so the String is the name as any reader would decode it. */
    public static boolean isUtf8(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (isEscapedByte(name, i)) {
                return false;
            }
        }
        return true;
    }

    /** The name as a reader is shown it: itself when its bytes are UTF-8, else {@link #quoted}; null stays null. */
    public static String shown(String name) {
        return name == null || isUtf8(name) ? name : quoted(name);
    }

    /**
     * The name as a line of prdiff's own text shows it (a note, a table of contents, a suggestion, a call to run):
     * {@link #shown}, but git's C-quoted form ({@link #quoted}) when it holds a control character, DEL or a Unicode
     * line break (U+0085, U+2028, U+2029), so that a name never ends that line or starts one of its own.
     */
    public static String inLine(String name) {
        if (name == null) {
            return null;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029) {
                return quoted(name);
            }
        }
        return shown(name);
    }

    /**
     * git's C-quoted form of the name, as {@code git diff --name-only} prints it with core.quotePath on (the
     * default): quoted when it holds a control character, {@code "}, {@code \} or a byte of 0x80 or more, which
     * is then written as three octal digits; otherwise the name itself.
     */
    public static String quoted(String name) {
        byte[] b = encode(name);
        StringBuilder s = new StringBuilder(b.length + 2).append('"');
        boolean quote = false;
        for (byte x : b) {
            int c = x & 0xFF;
            String escape = switch (c) {
                case 7 -> "\\a";
                case 8 -> "\\b";
                case '\t' -> "\\t";
                case '\n' -> "\\n";
                case 11 -> "\\v";
                case 12 -> "\\f";
                case '\r' -> "\\r";
                case '"' -> "\\\"";
                case '\\' -> "\\\\";
                default -> c < 0x20 || c >= 0x7F ? String.format("\\%03o", c) : null;
            };
            if (escape != null) {
                quote = true;
                s.append(escape);
            } else {
                s.append((char) c);
            }
        }
        return quote ? s.append('"').toString() : name;
    }

    private static boolean isEscapedByte(String name, int i) {
        char c = name.charAt(i);
        return c >= 0xDC80 && c <= 0xDCFF && (i == 0 || !Character.isHighSurrogate(name.charAt(i - 1)));
    }
}
