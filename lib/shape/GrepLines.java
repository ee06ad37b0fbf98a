package dev.prdiff.shape;

import dev.prdiff.core.GrepQuery;
import dev.prdiff.core.PathBytes;
import dev.prdiff.diff.QuotedPath;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns {@code git grep --heading -n REV} output into the lines git grep prints in a checkout of that commit:
 * {@code PATH:LINE:TEXT} (context lines {@code PATH-LINE-TEXT}, {@code --} between groups), {@code PATH} (-l),
 * {@code PATH:COUNT} (-c), {@code Binary file PATH matches}. The {@code REV:} git puts before every name is
 * dropped, and each name is shown from {@code prefix} (the folder the pathspecs were typed in, "" at the top)
 * as git shows it from there: relative, with {@code ../} for names outside, C-quoted as core.quotePath quotes.
 * With {@code colored}, the input is git's --color=always output (git's default colours, no config) and the
 * output keeps them: names magenta, line numbers green, separators cyan, matches bold red. The file name comes
 * from git's heading line, where it is the whole line, so a name holding {@code :} or {@code -} is never split.
 * Memory is one line.
 */
public final class GrepLines extends OutputStream {
    private static final byte[] MAGENTA = esc("35");
    private static final byte[] CYAN = esc("36");
    private static final byte[] GREEN = esc("32");
    private static final byte[] RESET = esc("");
    private static final byte[] BINARY = "Binary file ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MATCHES = " matches".getBytes(StandardCharsets.US_ASCII);

    private final byte[] rev;
    private final String prefix;
    private final boolean colored;
    private final GrepQuery.Listing listing;
    private final OutputStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    /** The current file's name as shown, from the last heading line. */
    private byte[] name = new byte[0];

    public GrepLines(String rev, String prefix, boolean colored, GrepQuery.Listing listing, OutputStream out) {
        this.rev = (rev + ":").getBytes(StandardCharsets.US_ASCII);
        this.prefix = prefix;
        this.colored = colored;
        this.listing = listing;
        this.out = out;
    }

    private static byte[] esc(String code) {
        return ("\u001b[" + code + "m").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void write(int b) throws IOException {
        line.write(b);
        if (b == '\n') {
            flushLine();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int end = off + len;
        int start = off;
        for (int i = off; i < end; i++) {
            if (b[i] == '\n') {
                line.write(b, start, i + 1 - start);
                flushLine();
                start = i + 1;
            }
        }
        line.write(b, start, end - start);
    }

    /** Writes out a last line without a newline; call once at the end. */
    public void finish() throws IOException {
        if (line.size() > 0) {
            flushLine();
        }
        out.flush();
    }

    private void flushLine() throws IOException {
        byte[] l = line.toByteArray();
        line.reset();
        int end = l.length > 0 && l[l.length - 1] == '\n' ? l.length - 1 : l.length;
        byte[] open = colored ? MAGENTA : new byte[0];
        if (startsWith(l, 0, open) && startsWith(l, open.length, rev)) {
            int from = open.length + rev.length;
            int to = colored ? indexOf(l, RESET, from, end) : end;
            if (listing == GrepQuery.Listing.COUNTS && !colored) {
                to = lastIndexOf(l, (byte) ':', from, end);
            }
            if (to < 0) {
                out.write(l);
                return;
            }
            byte[] shown = shown(Arrays.copyOfRange(l, from, to));
            if (listing == GrepQuery.Listing.LINES) {
                name = shown;
                return;
            }
            writeName(shown);
            out.write(l, to + (colored ? RESET.length : 0), l.length - to - (colored ? RESET.length : 0));
            return;
        }
        if (startsWith(l, 0, BINARY) && startsWith(l, BINARY.length, open)
                && startsWith(l, BINARY.length + open.length, rev)) {
            int from = BINARY.length + open.length + rev.length;
            int to = colored ? indexOf(l, RESET, from, end) : end - MATCHES.length;
            if (to >= from) {
                out.write(BINARY);
                writeName(shown(Arrays.copyOfRange(l, from, to)));
                out.write(l, to + (colored ? RESET.length : 0), l.length - to - (colored ? RESET.length : 0));
                return;
            }
        }
        int digits = colored && startsWith(l, 0, GREEN) ? GREEN.length : 0;
        if (listing != GrepQuery.Listing.LINES || digits >= end || !isDigit(l[digits]) || colored && digits == 0) {
            // "--" between groups, or a line this grammar does not know: as git wrote it.
            out.write(l);
            return;
        }
        // The separator after the name is the one after the line number (':' a match, '-' context).
        int sep = digits;
        while (sep < end && isDigit(l[sep])) {
            sep++;
        }
        if (colored) {
            // GREEN LINE RESET CYAN SEP RESET TEXT
            sep = startsWith(l, sep, RESET) && startsWith(l, sep + RESET.length, CYAN) ? sep + RESET.length
                    + CYAN.length : end;
        }
        if (sep >= end) {
            out.write(l);
            return;
        }
        writeName(name);
        if (colored) {
            out.write(CYAN);
        }
        out.write(l[sep]);
        if (colored) {
            out.write(RESET);
        }
        out.write(l);
    }

    private void writeName(byte[] shown) throws IOException {
        if (colored) {
            out.write(MAGENTA);
        }
        out.write(shown);
        if (colored) {
            out.write(RESET);
        }
    }

    /** The name git printed from the top (C-quoted or not), as git prints it from {@link #prefix}. */
    private byte[] shown(byte[] fromTop) {
        if (prefix.isEmpty()) {
            return fromTop;
        }
        String printed = PathBytes.decode(fromTop);
        String unquoted = printed.startsWith("\"") ? QuotedPath.unquote(printed) : printed;
        String path = unquoted != null ? unquoted : printed;
        return PathBytes.encode(PathBytes.quoted(relative(path, prefix)));
    }

    /**
     * {@code path} (from the top) as seen from the folder {@code prefix} ("pkg/cmd/"), as git's relative_path gives
     * it: the folders they share dropped, one {@code ../} for each folder of the prefix left.
     */
    static String relative(String path, String prefix) {
        int shared = 0;
        int i = 0;
        while (i < prefix.length()) {
            int slash = prefix.indexOf('/', i);
            if (slash < 0 || !path.startsWith(prefix.substring(i, slash + 1), i)) {
                break;
            }
            i = slash + 1;
            shared = i;
        }
        StringBuilder s = new StringBuilder();
        for (int j = shared; j < prefix.length(); j++) {
            if (prefix.charAt(j) == '/') {
                s.append("../");
            }
        }
        return s.append(path, shared, path.length()).toString();
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
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

    private static int indexOf(byte[] b, byte[] part, int from, int to) {
        for (int i = from; i + part.length <= to; i++) {
            if (startsWith(b, i, part)) {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOf(byte[] b, byte x, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
    }
}
