package dev.prdiff.shape;

import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineStream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Colours a unified diff for a terminal the way git's default colours do: file headers bold, hunk headers cyan,
 * removed lines red, added lines green, context plain. Each line's part is the kind the one grammar of
 * {@code diff} reads it as: a section's header (its binary patch too) is bold, and a line of no section or hunk
 * (prdiff's markers, a table of contents, a list of commits) stays plain. It only adds escape sequences around
 * lines: stripping them gives back the input byte for byte. Streams line by line; memory is one line.
 */
public final class DiffColors extends LineStream {
    static final byte[] BOLD = esc("1");
    static final byte[] CYAN = esc("36");
    static final byte[] RED = esc("31");
    static final byte[] GREEN = esc("32");
    static final byte[] RESET = esc("");

    private final OutputStream out;

    public DiffColors(OutputStream out) {
        this.out = out;
    }

    private static byte[] esc(String code) {
        return ("\u001b[" + code + "m").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void line(LineKind kind, byte[] l, int off, int length) throws IOException {
        int end = off + length;
        if (end > off && l[end - 1] == '\n') {
            end--;
        }
        byte[] color = colorOf(kind);
        if (color == null || end == off) {
            out.write(l, off, length);
            return;
        }
        out.write(color);
        if (color == CYAN) {
            int close = hunkHeaderEnd(l, off, end);
            out.write(l, off, close - off);
            out.write(RESET);
            out.write(l, close, off + length - close);
            return;
        }
        out.write(l, off, end - off);
        out.write(RESET);
        out.write(l, end, off + length - end);
    }

    static byte[] colorOf(LineKind kind) {
        return switch (kind) {
            case SECTION, HEADER, BINARY -> BOLD;
            case HUNK_HEADER -> CYAN;
            case ADDED -> GREEN;
            case REMOVED -> RED;
            default -> null;
        };
    }

    /** Just past the closing "@@" of a hunk header; the function name after it stays plain, as in git. */
    static int hunkHeaderEnd(byte[] l, int off, int end) {
        for (int i = off + 2; i + 1 < end; i++) {
            if (l[i] == '@' && l[i + 1] == '@') {
                return i + 2;
            }
        }
        return end;
    }

    /** Writes out a last line without a newline; call once at the end (flush never splits a line). */
    public void finish() throws IOException {
        finishLines();
        out.flush();
    }
}
