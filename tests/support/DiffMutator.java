package support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Mutations of a real diff, each a small value so a property-based fuzzer can generate and shrink them:
 * byte flips, insertions of diff syntax, deletions, duplicated or removed lines, truncation, splicing two diffs.
 * Positions are taken modulo the input's length, so any int is a valid position.
 */
public final class DiffMutator {
    private DiffMutator() {}

    public enum Kind { FLIP, INSERT, DELETE, DUPLICATE_LINE, REMOVE_LINE, TRUNCATE, SPLICE }

    /** {@code at} picks a position, {@code size} a length or a token, {@code value} a byte or the splice's other seed. */
    public record Mutation(Kind kind, int at, int size, int value) {}

    /** Fragments of git's diff grammar, so insertions reach past the first check of each parser branch. */
    static final List<byte[]> TOKENS = List.of(
            ascii("\n"), ascii("\r\n"), ascii("\r"), ascii("diff --git "), ascii("diff --git a/x b/x\n"),
            ascii("@@ -"), ascii("@@ -1,3 +1,3 @@\n"), ascii("@@ -0,0 +1 @@\n"),
            ascii("@@ -1,99999999999999999999 +1,9223372036854775807 @@\n"), ascii("\\ No newline at end of file\n"),
            ascii("\""), ascii("\\"), ascii("\\377"), ascii("\\x"), ascii(" b/"), ascii("a/"), ascii("\t"),
            ascii("GIT binary patch\n"), ascii("literal 0\n"), ascii("Binary files a/x and b/x differ\n"),
            ascii("rename from "), ascii("rename to "), ascii("copy from "), ascii("copy to "),
            ascii("similarity index "), ascii("dissimilarity index 99999999999%\n"), ascii("index 0..1 100644\n"),
            ascii("old mode "), ascii("new mode 100755\n"), ascii("deleted file mode 100644\n"),
            ascii("new file mode 100644\n"), ascii("--- "), ascii("+++ "), ascii("--- /dev/null\n"),
            ascii("+++ /dev/null\n"), ascii("+"), ascii("-"), ascii(" "), new byte[] {(byte) 0xff, (byte) 0xfe},
            new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, new byte[] {0});

    public static byte[] apply(byte[] input, List<Mutation> mutations, List<byte[]> seeds) {
        byte[] b = input;
        for (Mutation m : mutations) {
            b = apply(b, m, seeds);
        }
        return b;
    }

    static byte[] apply(byte[] b, Mutation m, List<byte[]> seeds) {
        int n = b.length;
        int at = n == 0 ? 0 : Math.floorMod(m.at(), n);
        ByteArrayOutputStream out = new ByteArrayOutputStream(n + 64);
        switch (m.kind()) {
            case FLIP -> {
                byte[] c = b.clone();
                if (n > 0) {
                    c[at] ^= (byte) (1 + Math.floorMod(m.value(), 255));
                }
                return c;
            }
            case INSERT -> {
                byte[] token = m.size() % 4 == 0 ? new byte[] {(byte) m.value()}
                        : TOKENS.get(Math.floorMod(m.value(), TOKENS.size()));
                out.write(b, 0, at);
                out.writeBytes(token);
                out.write(b, at, n - at);
            }
            case DELETE -> {
                int len = Math.min(n - at, 1 + Math.floorMod(m.size(), 64));
                out.write(b, 0, at);
                out.write(b, at + len, n - at - len);
            }
            case DUPLICATE_LINE, REMOVE_LINE -> {
                int start = lineStart(b, at);
                int end = lineEnd(b, at);
                out.write(b, 0, m.kind() == Kind.REMOVE_LINE ? start : end);
                out.write(b, start, n - start);
                if (m.kind() == Kind.REMOVE_LINE) {
                    out.reset();
                    out.write(b, 0, start);
                    out.write(b, end, n - end);
                }
            }
            case TRUNCATE -> out.write(b, 0, at);
            case SPLICE -> {
                byte[] other = seeds.get(Math.floorMod(m.value(), seeds.size()));
                int from = other.length == 0 ? 0 : Math.floorMod(m.size(), other.length);
                out.write(b, 0, at);
                out.write(other, from, other.length - from);
            }
        }
        return out.toByteArray();
    }

    private static int lineStart(byte[] b, int at) {
        int i = Math.min(at, b.length);
        while (i > 0 && b[i - 1] != '\n') {
            i--;
        }
        return i;
    }

    private static int lineEnd(byte[] b, int at) {
        int i = at;
        while (i < b.length && b[i] != '\n') {
            i++;
        }
        return Math.min(b.length, i + 1);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
