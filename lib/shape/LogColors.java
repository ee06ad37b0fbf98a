package dev.prdiff.shape;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Colours a list of commits (--log, with or without each commit's diffstat) for a terminal as git's default colours
 * do for {@code git log --stat --format='%C(auto)%h ...'}: each commit's abbreviated hash yellow, and in a diffstat's
 * file line the graph's pluses green and its minuses red (a binary file's old size red, its new size green).
 * Blank lines, the diffstat's summary and every other byte pass through unchanged, so stripping the escape
 * sequences gives back the input. Streams line by line; memory is one line.
 */
public final class LogColors extends OutputStream {
    static final byte[] YELLOW = ("\u001b[33m").getBytes(StandardCharsets.US_ASCII);
    /** A binary file's diffstat after its name: git colours the two sizes. */
    private static final Pattern BINARY = Pattern.compile(" \\| +Bin ([0-9]+) -> ([0-9]+) bytes$");

    private final OutputStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public LogColors(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        line.write(b);
        if (b == '\n') {
            writeLine();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                line.write(b, start, i + 1 - start);
                writeLine();
                start = i + 1;
            }
        }
        line.write(b, start, off + len - start);
    }

    private void writeLine() throws IOException {
        byte[] l = line.toByteArray();
        line.reset();
        int end = l.length > 0 && l[l.length - 1] == '\n' ? l.length - 1 : l.length;
        if (end == 0) {
            out.write(l);
        } else if (l[0] != ' ') {
            // A commit's line: the hash is its first word (the list's format starts with %h).
            int space = indexOf(l, (byte) ' ', end);
            colored(l, 0, space, YELLOW);
            out.write(l, space, l.length - space);
        } else {
            statLine(l, end);
        }
    }

    /**
     * A diffstat line " NAME | COUNT GRAPH": the graph is its last word, when that is all '+' and '-'; or a binary
     * file's " NAME | Bin OLD -> NEW bytes", whose sizes are red and green.
     */
    private void statLine(byte[] l, int end) throws IOException {
        if (binaryStat(l, end)) {
            return;
        }
        int graph = end;
        while (graph > 0 && (l[graph - 1] == '+' || l[graph - 1] == '-')) {
            graph--;
        }
        if (graph == end || l[graph - 1] != ' ' || indexOf(l, (byte) '|', graph) == graph) {
            out.write(l);
            return;
        }
        out.write(l, 0, graph);
        int minus = graph;
        while (minus < end && l[minus] == '+') {
            minus++;
        }
        colored(l, graph, minus, DiffColors.GREEN);
        colored(l, minus, end, DiffColors.RED);
        out.write(l, end, l.length - end);
    }

    private boolean binaryStat(byte[] l, int end) throws IOException {
        String text = new String(l, 0, end, StandardCharsets.ISO_8859_1);
        Matcher m = BINARY.matcher(text);
        if (!m.find()) {
            return false;
        }
        out.write(l, 0, m.start(1));
        colored(l, m.start(1), m.end(1), DiffColors.RED);
        out.write(l, m.end(1), m.start(2) - m.end(1));
        colored(l, m.start(2), m.end(2), DiffColors.GREEN);
        out.write(l, m.end(2), l.length - m.end(2));
        return true;
    }

    private void colored(byte[] l, int from, int to, byte[] color) throws IOException {
        if (from == to) {
            return;
        }
        out.write(color);
        out.write(l, from, to - from);
        out.write(DiffColors.RESET);
    }

    private static int indexOf(byte[] l, byte b, int end) {
        for (int i = 0; i < end; i++) {
            if (l[i] == b) {
                return i;
            }
        }
        return end;
    }

    /** Writes out a last line without a newline; call once at the end. */
    public void finish() throws IOException {
        if (line.size() > 0) {
            writeLine();
        }
        out.flush();
    }
}
