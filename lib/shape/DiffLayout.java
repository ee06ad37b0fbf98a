package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.io.OutputStream;

/**
 * How diff text is laid out for its reader, the same for the CLI (--line-numbers, --side-by-side, --width,
 * --tab-width) and MCP (line_numbers, format, width): git's unified diff as it is, with line numbers, or side by side.
 *
 * @param sideBySide   old | new columns ({@link SideBySide}), which always carry line numbers
 * @param lineNumbers  numbered hunk lines ({@link LineNumbers}); nothing more with {@code sideBySide}
 * @param width        the side-by-side row width in columns
 * @param tabWidth     the columns between tab stops side by side; null: the file's {@code editorConfig} width, else
 *                     {@link SideBySide#DEFAULT_TAB_WIDTH}
 * @param editorConfig the head commit's {@code .editorconfig}, or null when it has none (or it was not read)
 * @param colored      side by side in git's diff colours, for a terminal
 */
public record DiffLayout(boolean sideBySide, boolean lineNumbers, int width, Integer tabWidth,
        EditorConfig editorConfig, boolean colored) {
    public static final DiffLayout UNIFIED = new DiffLayout(false, false, SideBySide.DEFAULT_WIDTH);

    public DiffLayout(boolean sideBySide, boolean lineNumbers, int width) {
        this(sideBySide, lineNumbers, width, null, null, false);
    }

    /**
     * Reads the options: {@code format} unified or side_by_side (null: unified), {@code width} (null: the
     * default), which only side by side uses. INVALID_INPUT for a value out of its range; that a width comes only
     * with side_by_side is a rule of the request, which the front ends check first.
     */
    public static DiffLayout of(String format, boolean lineNumbers, Integer width) {
        return of(format, lineNumbers, width, null, false);
    }

    /** As {@link #of(String, boolean, Integer)}, with a tab width (1 to 16) and colour, both side by side only. */
    public static DiffLayout of(String format, boolean lineNumbers, Integer width, Integer tabWidth,
            boolean colored) {
        boolean sideBySide = switch (format == null ? "unified" : format) {
            case "unified" -> false;
            case "side_by_side" -> true;
            default -> throw new PrdiffException(ErrorCode.INVALID_INPUT,
                    "format must be unified or side_by_side, not '" + format + "'");
        };
        if (tabWidth != null && (tabWidth < 1 || tabWidth > EditorConfig.MAX_TAB_WIDTH)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the tab width must be 1 to "
                    + EditorConfig.MAX_TAB_WIDTH + " columns, got " + tabWidth);
        }
        if (width != null) {
            SideBySide.requireWidth(width);
        }
        return new DiffLayout(sideBySide, lineNumbers, width == null ? SideBySide.DEFAULT_WIDTH : width, tabWidth,
                null, colored && sideBySide);
    }

    /** Git's unified diff, untouched. */
    public boolean plain() {
        return !sideBySide && !lineNumbers;
    }

    /** True when the tab width is the head commit's .editorconfig's to say, once read: side by side, none given. */
    public boolean readsEditorConfig() {
        return sideBySide && tabWidth == null;
    }

    /** This layout with the head commit's .editorconfig. */
    public DiffLayout withEditorConfig(EditorConfig config) {
        return new DiffLayout(sideBySide, lineNumbers, width, tabWidth, config, colored);
    }

    /** The tab width for a file at {@code path} (null: no path known). */
    public int tabWidth(String path) {
        if (tabWidth != null) {
            return tabWidth;
        }
        Integer configured = editorConfig == null || path == null ? null : editorConfig.tabWidth(path);
        return configured != null ? configured : SideBySide.DEFAULT_TAB_WIDTH;
    }

    /** The renderer to write a diff (or each of its sections, each followed by finish()) through; null when plain. */
    public HunkLines renderer(OutputStream out) {
        return renderer(out, null);
    }

    /** As {@link #renderer(OutputStream)}, for the section of the file at {@code path}. */
    public HunkLines renderer(OutputStream out, String path) {
        return sideBySide ? new SideBySide(out, width, tabWidth(path), colored)
                : lineNumbers ? new LineNumbers(out) : null;
    }
}
