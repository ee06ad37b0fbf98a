package dev.prdiff.shape;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Colours a unified diff for a terminal the way git's default colours do: file headers bold, hunk headers cyan,
 * removed lines red, added lines green, context plain. It only adds escape sequences around lines: stripping
 * them gives back the input byte for byte. Streams line by line; memory is one line.
 */
public final class DiffColors extends LineWriter {
    static final byte[] BOLD = esc("1");
    static final byte[] CYAN = esc("36");
    static final byte[] RED = esc("31");
    static final byte[] GREEN = esc("32");
    static final byte[] RESET = esc("");

    private final OutputStream out;
    /** Between a "diff --git" line and its first hunk, where "---" and "+++" are names, not lines. */
    private boolean inHeader;

    public DiffColors(OutputStream out) {
        this.out = out;
    }

    private static byte[] esc(String code) {
        return ("\u001b[" + code + "m").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    protected void line(byte[] l, int length) throws IOException {
        int end = length;
        if (end > 0 && l[end - 1] == '\n') {
            end--;
        }
        byte[] color = colorOf(l, end);
        if (color == null || end == 0) {
            out.write(l, 0, length);
            return;
        }
        out.write(color);
        if (color == CYAN) {
            int close = hunkHeaderEnd(l, end);
            out.write(l, 0, close);
            out.write(RESET);
            out.write(l, close, length - close);
            return;
        }
        out.write(l, 0, end);
        out.write(RESET);
        out.write(l, end, length - end);
    }

    private byte[] colorOf(byte[] l, int end) {
        if (startsWith(l, end, "diff ")) {
            inHeader = true;
            return BOLD;
        }
        if (startsWith(l, end, "@@")) {
            inHeader = false;
            return CYAN;
        }
        if (inHeader) {
            return BOLD;
        }
        if (end > 0 && l[0] == '+') {
            return GREEN;
        }
        if (end > 0 && l[0] == '-') {
            return RED;
        }
        return null;
    }

    /** Just past the closing "@@" of a hunk header; the function name after it stays plain, as in git. */
    private static int hunkHeaderEnd(byte[] l, int end) {
        for (int i = 2; i + 1 < end; i++) {
            if (l[i] == '@' && l[i + 1] == '@') {
                return i + 2;
            }
        }
        return end;
    }

    private static boolean startsWith(byte[] l, int end, String prefix) {
        if (end < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (l[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Writes out a last line without a newline; call once at the end (flush never splits a line). */
    public void finish() throws IOException {
        endLine();
        out.flush();
    }
}
