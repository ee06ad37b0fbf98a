package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a byte budget's answer stopped. "SIZE.INDEX": the last section it showed, by its size and its place in the
 * diff; the sections an answer shows are the smallest that fit, so the next answer shows those after this one in
 * that order (size, then place). "@LINE": the answer was one file's section too large for it, shown up to its
 * line LINE (the {@code diff --git} line is line 0); the next answer shows its lines from there. Nothing but the diff
 * itself is kept between calls.
 *
 * @param line the section's first line to show, or -1 for a cursor over sections
 */
public record BudgetCursor(long size, int index, int line) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,18})\\.(\\d{1,9})|@(\\d{1,9})");

    public BudgetCursor(long size, int index) {
        this(size, index, -1);
    }

    /** The cursor of one section's lines from {@code line} on. */
    public static BudgetCursor lines(int line) {
        return new BudgetCursor(0, 0, line);
    }

    /** The cursor {@code text} names; INVALID_INPUT unless it is one an answer gave. */
    public static BudgetCursor parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "cursor must be what an answer's last line gave"
                    + " (SIZE.INDEX, or @LINE within one file), not '" + text + "'");
        }
        if (m.group(3) != null) {
            return lines(Integer.parseInt(m.group(3)));
        }
        return new BudgetCursor(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** True for a cursor within one section's lines. */
    boolean withinSection() {
        return line >= 0;
    }

    /** True when the section of {@code size} at {@code index} was shown by this answer or one before it. */
    boolean covers(long size, int index) {
        return !withinSection() && (size < this.size || (size == this.size && index <= this.index));
    }

    @Override
    public String toString() {
        return withinSection() ? "@" + line : size + "." + index;
    }
}
