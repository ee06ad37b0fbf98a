package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.LineKind;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Lays out each hunk of a unified diff as two columns, the old file left and the new file right, each row at most
 * {@code width} columns:
 *
 * <pre>
 * &#64;&#64; -12,4 +12,4 &#64;&#64; func
 * 12  context                  | 12  context
 * 13 -old line                 | 13 +new line
 * 14 -removed only             |
 *                              | 14 +added only
 * </pre>
 *
 * A run of removed lines and the run of added lines after it are paired row by row; context stands on both sides.
 * Each cell is the line's number (a field as wide as the hunk's largest number), a space, then the line as the diff
 * has it (its {@code ' '}, {@code '-'}, {@code '+'} or {@code '\'} first) with tabs expanded to stops every
 * {@code tabWidth} columns (counted from the column after that first character) and other control bytes shown as
 * {@code ^X}; a line too long for its cell is cut at a character boundary and ends in {@code …}. Columns are
 * counted per character (East Asian wide ones as two, combining marks as none); a byte that is not UTF-8 is written
 * as it is and counted as one. Section headers and hunk headers pass through unchanged. Coloured, they take git's
 * diff colours (headers bold, the hunk header's {@code @@ … @@} cyan, a removed line's text red, an added one's
 * green); the escape sequences take no column and a byte budget does not count them.
 *
 * <p>Holds one rendered run of removed and added lines, each cut to its cell, and one input line.
 */
public final class SideBySide extends HunkLines {
    public static final int MIN_WIDTH = 40;
    public static final int MAX_WIDTH = 1000;
    public static final int DEFAULT_WIDTH = 160;
    private static final byte[] ELLIPSIS = {(byte) 0xE2, (byte) 0x80, (byte) 0xA6};
    public static final int DEFAULT_TAB_WIDTH = 4;
    private static final byte[] BAR = {' ', '|', ' '};
    private static final byte[] BAR_END = {' ', '|', '\n'};

    /** Columns of one side; the separator " | " takes the rest. */
    private final int side;
    private final int tabWidth;
    private final boolean colored;
    private final List<Cell> removed = new ArrayList<>();
    private final List<Cell> added = new ArrayList<>();
    private LineKind last = LineKind.OTHER;

    /** A rendered cell: its number field, its text in {@code color} (null: none), and the columns both take. */
    private record Cell(byte[] field, byte[] text, byte[] color, int columns) {}

    /** {@code width}: the most columns a row takes, {@link #MIN_WIDTH} to {@link #MAX_WIDTH}; plain, tabs of 4. */
    public SideBySide(OutputStream out, int width) {
        this(out, width, DEFAULT_TAB_WIDTH, false);
    }

    /** {@code tabWidth}: columns between tab stops, 1 or more; {@code colored}: in git's diff colours. */
    public SideBySide(OutputStream out, int width, int tabWidth, boolean colored) {
        super(out);
        requireWidth(width);
        if (tabWidth < 1) {
            throw new IllegalArgumentException("tab width " + tabWidth);
        }
        this.side = (width - 3) / 2;
        this.tabWidth = tabWidth;
        this.colored = colored;
    }

    /** INVALID_INPUT unless {@code width} is {@link #MIN_WIDTH} to {@link #MAX_WIDTH}. */
    public static void requireWidth(long width) {
        if (width < MIN_WIDTH || width > MAX_WIDTH) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the side-by-side width must be " + MIN_WIDTH + " to "
                    + MAX_WIDTH + " columns, got " + width);
        }
    }

    @Override
    protected void render(LineKind kind, byte[] line, int off, int length, long oldNumber, long newNumber)
            throws IOException {
        switch (kind) {
            case REMOVED -> {
                if (!added.isEmpty()) {
                    flushHeld(); // a new change starts: the previous pairs are complete
                }
                removed.add(cell(line, off, length, oldNumber, DiffColors.RED));
            }
            case ADDED -> added.add(cell(line, off, length, newNumber, DiffColors.GREEN));
            case NO_NEWLINE -> {
                // The marker belongs to the line before it, so it goes on that line's side.
                Cell marker = cell(line, off, length, NONE, null);
                if (last == LineKind.REMOVED) {
                    removed.add(marker);
                } else if (last == LineKind.ADDED) {
                    added.add(marker);
                } else {
                    flushHeld();
                    row(marker, marker);
                }
            }
            case CONTEXT -> {
                flushHeld();
                row(cell(line, off, length, oldNumber, null), cell(line, off, length, newNumber, null));
            }
            default -> {
                flushHeld();
                header(kind, line, off, length);
            }
        }
        if (kind != LineKind.NO_NEWLINE) {
            last = kind;
        }
    }

    /** Writes the held run as rows, removed line n beside added line n. */
    @Override
    protected void flushHeld() throws IOException {
        int rows = Math.max(removed.size(), added.size());
        for (int i = 0; i < rows; i++) {
            row(i < removed.size() ? removed.get(i) : null, i < added.size() ? added.get(i) : null);
        }
        removed.clear();
        added.clear();
        last = LineKind.OTHER;
    }

    /** A line outside the hunk's rows, as it is; coloured as git colours it. */
    private void header(LineKind kind, byte[] line, int off, int length) throws IOException {
        byte[] color = colored ? DiffColors.colorOf(kind) : null;
        int end = length > 0 && line[off + length - 1] == '\n' ? off + length - 1 : off + length;
        if (color == null || end == off) {
            out.write(line, off, length);
            return;
        }
        int close = color == DiffColors.CYAN ? DiffColors.hunkHeaderEnd(line, off, end) : end;
        writeEscape(color);
        out.write(line, off, close - off);
        writeEscape(DiffColors.RESET);
        out.write(line, close, off + length - close);
    }

    private void row(Cell left, Cell right) throws IOException {
        int used = 0;
        if (left != null) {
            write(left);
            used = left.columns();
        }
        for (int i = used; i < side; i++) {
            out.write(' ');
        }
        if (right == null) {
            out.write(BAR_END);
            return;
        }
        out.write(BAR);
        write(right);
        out.write('\n');
    }

    private void write(Cell cell) throws IOException {
        out.write(cell.field());
        if (cell.color() == null) {
            out.write(cell.text());
            return;
        }
        writeEscape(cell.color());
        out.write(cell.text());
        writeEscape(DiffColors.RESET);
    }

    /** The number field, a space and the line without its newline, cut to the side's columns. */
    private Cell cell(byte[] line, int off, int length, long number, byte[] color) {
        int width = digits();
        byte[] field = new byte[Math.max(width, 19) + 1];
        int at = putNumber(field, 0, number, width);
        field[at++] = ' ';
        ByteArrayOutputStream text = new ByteArrayOutputStream(Math.min(side * 2, 256));
        int end = length > 0 && line[off + length - 1] == '\n' ? off + length - 1 : off + length;
        int columns = at + text(line, off, end, Math.max(side - at, 1), tabWidth, text);
        return new Cell(Arrays.copyOf(field, at), text.toByteArray(), colored ? color : null, columns);
    }

    /**
     * Writes {@code line[from, end)} as it shows in at most {@code room} columns with tab stops every
     * {@code tabWidth}, cut with {@code …} when longer; returns the columns written.
     */
    static int text(byte[] line, int from, int end, int room, int tabWidth, ByteArrayOutputStream to) {
        int columns = 0;
        // Where the text would be cut: the bytes and columns that leave room for the ellipsis.
        int cutBytes = 0;
        int cutColumns = 0;
        ByteArrayOutputStream shown = new ByteArrayOutputStream();
        int i = from;
        while (i < end) {
            int b = line[i] & 0xFF;
            int size = 1;
            int wide;
            if (b == '\t') {
                // Stops count from the column after the line's first character (' ', '-' or '+'), so
                // indentation lines up as in the file.
                wide = tabWidth - Math.floorMod(columns - 1, tabWidth);
                for (int s = 0; s < wide; s++) {
                    shown.write(' ');
                }
            } else if (b < 0x20 || b == 0x7F) {
                wide = 2;
                shown.write('^');
                shown.write(b ^ 0x40);
            } else {
                int cp = codePointAt(line, i, end);
                size = cp < 0 ? 1 : utf8Size(cp);
                wide = cp < 0 ? 1 : columns(cp);
                shown.write(line, i, size);
            }
            if (columns + wide > room) {
                to.write(shown.toByteArray(), 0, cutBytes);
                to.write(ELLIPSIS, 0, ELLIPSIS.length);
                return cutColumns + 1;
            }
            columns += wide;
            i += size;
            if (columns <= room - 1) {
                cutBytes = shown.size();
                cutColumns = columns;
            }
        }
        to.write(shown.toByteArray(), 0, shown.size());
        return columns;
    }

    /**
     * The code point of the well-formed UTF-8 sequence at {@code i} (no overlong forms, surrogates or values past
     * U+10FFFF) that ends by {@code end}, or -1 when a sequence of several bytes starts nowhere there.
     */
    static int codePointAt(byte[] b, int i, int end) {
        int lead = b[i] & 0xFF;
        int size;
        if (lead < 0x80) {
            return lead;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            size = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            size = 3;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            size = 4;
        } else {
            return -1;
        }
        if (i + size > end) {
            return -1;
        }
        int cp = lead & (0x7F >> size);
        for (int k = 1; k < size; k++) {
            int c = b[i + k] & 0xFF;
            if ((c & 0xC0) != 0x80) {
                return -1;
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        boolean valid = utf8Size(cp) == size && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
        return valid ? cp : -1;
    }

    private static int utf8Size(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    /** Terminal columns of a code point: 0 for combining marks, 2 for East Asian wide ones, else 1. */
    static int columns(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
            return 0;
        }
        boolean wide = cp >= 0x1100 && (cp <= 0x115F || cp == 0x2329 || cp == 0x232A
                || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F) || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE10 && cp <= 0xFE19) || (cp >= 0xFE30 && cp <= 0xFE6F)
                || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F)
                || (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD));
        return wide ? 2 : 1;
    }
}
