package support;

import dev.prdiff.shape.HunkLines;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A history made by git for the diff renderers (line numbers, side by side): several hunks, numbers past 9999,
 * lines that look like headers, bytes that are not UTF-8, wide characters, tabs, CRLF, missing final newlines,
 * added, deleted, renamed and binary files; and ways to feed a renderer: whole, in random chunks, by section.
 */
public final class RenderFixture {
    private RenderFixture() {}

    /** Base commit, then the head commit; returns {base, head}. */
    public static String[] build(TempRepo repo) {
        StringBuilder huge = new StringBuilder();
        for (int i = 1; i <= 10050; i++) {
            huge.append("huge ").append(i).append('\n');
        }
        repo.write("big.txt", Fixtures.lines("big", 800))
                .write("huge.txt", huge.toString())
                .write("latin1.txt", latin1("caf\u00e9 1\ncaf\u00e9 2\ncaf\u00e9 3\n"))
                .write("nonl.txt", "a\nb")
                .write("gets-newline.txt", "x\ny")
                .write("tabs.txt", "\tone\n\t\ttwo\nthree\tfour\n")
                .write("wide.txt", "日本語のテキストはとても長い行になることがあります、そして切り詰められます。終わり\nsame\n")
                .write("crlf.txt", "one\r\ntwo\r\nthree\r\n")
                .write("dashes.txt", "-- looks like a header\n++ so does this\nplain\n--- a/x\n+++ b/x\n")
                .write("long.txt", "start " + "0123456789".repeat(60) + " end\n")
                .write("gone.txt", Fixtures.lines("gone", 4))
                .write("old/renamed.txt", Fixtures.lines("moving", 40))
                .write("bin.dat", Fixtures.binary(1));
        String base = repo.commit("base");
        String big = Fixtures.lines("big", 800)
                .replace("big 5\n", "big five\n")
                .replace("big 300\nbig 301\n", "")
                .replace("big 700\n", "big 700\nnew 1\nnew 2\nnew 3\n")
                + "big 801\n";
        repo.write("big.txt", big)
                .write("huge.txt", huge.toString().replace("huge 10020\n", "huge ten thousand twenty\n"))
                .write("latin1.txt", latin1("caf\u00e9 1\nCAF\u00c9 2\ncaf\u00e9 3\n"))
                .write("nonl.txt", "a\nB")
                .write("gets-newline.txt", "x\ny\n")
                .write("tabs.txt", "\tone\n\t\tTWO\nthree\tfour\n")
                .write("wide.txt", "日本語のテキストはとても長い行になることがあります、そして切り詰められました。終わり\nsame\n")
                .write("crlf.txt", "one\r\nTWO\r\nthree\r\n")
                .write("dashes.txt", "++ so does this\nplain\n+++ b/x\n-- new header look-alike\n")
                .write("long.txt", "start " + "0123456789".repeat(60) + " END\n")
                .delete("gone.txt")
                .write("added.txt", Fixtures.lines("added", 3))
                .move("old/renamed.txt", "new/renamed.txt")
                .write("new/renamed.txt", Fixtures.lines("moving", 40).replace("moving 20\n", "moved 20\n"))
                .write("bin.dat", Fixtures.binary(2));
        String head = repo.commit("head");
        return new String[] {base, head};
    }

    private static byte[] latin1(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The file's lines at a commit without their newlines, each byte one char (ISO-8859-1). */
    public static List<String> lines(TempRepo repo, String sha, String path) {
        String text = new String(repo.git("show", sha + ":" + path), StandardCharsets.ISO_8859_1);
        List<String> out = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (text.endsWith("\n")) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** The diff cut before each "diff --git" line: text before the first section (if any), then each section. */
    public static List<byte[]> sections(byte[] diff) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < diff.length; i++) {
            boolean lineStart = i == 0 || diff[i - 1] == '\n';
            if (lineStart && i > start && startsWith(diff, i, "diff --git ")) {
                out.add(Arrays.copyOfRange(diff, start, i));
                start = i;
            }
        }
        out.add(Arrays.copyOfRange(diff, start, diff.length));
        return out;
    }

    private static boolean startsWith(byte[] b, int at, String prefix) {
        if (at + prefix.length() > b.length) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (b[at + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** {@code input} written in one call, then finish(). */
    public static byte[] whole(Function<OutputStream, HunkLines> renderer, byte[] input) {
        return feed(renderer, List.of(input), null);
    }

    /** {@code input} written in chunks of 0 to 40 bytes (some through write(int)), then finish(). */
    public static byte[] chunked(Function<OutputStream, HunkLines> renderer, byte[] input, Random random) {
        return feed(renderer, List.of(input), random);
    }

    /** Each part written whole and followed by finish(), through one renderer. */
    public static byte[] parts(Function<OutputStream, HunkLines> renderer, List<byte[]> parts) {
        return feed(renderer, parts, null);
    }

    private static byte[] feed(Function<OutputStream, HunkLines> renderer, List<byte[]> parts, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HunkLines r = renderer.apply(out);
        try {
            for (byte[] part : parts) {
                int at = 0;
                while (at < part.length) {
                    int n = random == null ? part.length : Math.min(part.length - at, random.nextInt(41));
                    if (n == 1 && random.nextBoolean()) {
                        r.write(part[at]);
                    } else {
                        r.write(part, at, n);
                    }
                    at += n;
                }
                r.finish();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
