package support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The rule docs/cli.md states for prdiff grep's lines: git grep's output for {@code git grep ... REV} with
 * {@code REV:} taken from before each name (at a line's start, after "Binary file ", and inside git's magenta
 * when coloured). Tests compare prdiff with git through it.
 */
public final class GrepRule {
    private static final String MAGENTA = "\u001b[35m";

    private GrepRule() {}

    public static byte[] withoutRev(byte[] git, String rev) {
        byte[] name = (rev + ":").getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream out = new ByteArrayOutputStream(git.length);
        int start = 0;
        while (start < git.length) {
            int end = start;
            while (end < git.length && git[end] != '\n') {
                end++;
            }
            end = Math.min(end + 1, git.length);
            boolean found = false;
            for (String lead : new String[] {"Binary file " + MAGENTA, "Binary file ", MAGENTA, ""}) {
                byte[] l = lead.getBytes(StandardCharsets.US_ASCII);
                if (!found && startsWith(git, start, l) && startsWith(git, start + l.length, name)) {
                    out.write(l, 0, l.length);
                    int from = start + l.length + name.length;
                    out.write(git, from, end - from);
                    found = true;
                }
            }
            if (!found) {
                out.write(git, start, end - start);
            }
            start = end;
        }
        return out.toByteArray();
    }

    private static boolean startsWith(byte[] b, int at, byte[] start) {
        if (b.length - at < start.length) {
            return false;
        }
        for (int i = 0; i < start.length; i++) {
            if (b[at + i] != start[i]) {
                return false;
            }
        }
        return true;
    }
}
