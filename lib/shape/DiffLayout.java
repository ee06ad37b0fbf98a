package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.io.OutputStream;

/**
 * How diff text is laid out for its reader, the same for the CLI (--line-numbers, --side-by-side, --width) and
 * MCP (line_numbers, format, width): git's unified diff as it is, with line numbers, or side by side.
 *
 * @param sideBySide  old | new columns ({@link SideBySide}), which always carry line numbers
 * @param lineNumbers numbered hunk lines ({@link LineNumbers}); nothing more with {@code sideBySide}
 * @param width       the side-by-side row width in columns
 */
public record DiffLayout(boolean sideBySide, boolean lineNumbers, int width) {
    public static final DiffLayout UNIFIED = new DiffLayout(false, false, SideBySide.DEFAULT_WIDTH);

    /**
     * Reads the options: {@code format} unified or side_by_side (null: unified), {@code width} (null: the
     * default) only with side_by_side. INVALID_INPUT for anything else.
     */
    public static DiffLayout of(String format, boolean lineNumbers, Integer width) {
        boolean sideBySide = switch (format == null ? "unified" : format) {
            case "unified" -> false;
            case "side_by_side" -> true;
            default -> throw new PrdiffException(ErrorCode.INVALID_INPUT,
                    "format must be unified or side_by_side, not '" + format + "'");
        };
        if (width != null && !sideBySide) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "a width applies only to the side-by-side format");
        }
        if (width != null) {
            SideBySide.requireWidth(width);
        }
        return new DiffLayout(sideBySide, lineNumbers, width == null ? SideBySide.DEFAULT_WIDTH : width);
    }

    /** Git's unified diff, untouched. */
    public boolean plain() {
        return !sideBySide && !lineNumbers;
    }

    /** The renderer to write a diff (or each of its sections, each followed by finish()) through; null when plain. */
    public HunkLines renderer(OutputStream out) {
        return sideBySide ? new SideBySide(out, width) : lineNumbers ? new LineNumbers(out) : null;
    }
}
