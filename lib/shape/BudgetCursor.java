package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a byte budget's answer stopped, as "SIZE.INDEX": the last section it showed, by its size and its place in
 * the diff. The sections an answer shows are the smallest that fit, so the next answer shows those after this one
 * in that order (size, then place). Nothing but the diff itself is kept between calls.
 */
public record BudgetCursor(long size, int index) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,18})\\.(\\d{1,9})");

    /** The cursor {@code text} names; INVALID_INPUT unless it is one an answer gave. */
    public static BudgetCursor parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "cursor must be what an answer's last line gave"
                    + " (SIZE.INDEX), not '" + text + "'");
        }
        return new BudgetCursor(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** True when the section of {@code size} at {@code index} was shown by this answer or one before it. */
    boolean covers(long size, int index) {
        return size < this.size || (size == this.size && index <= this.index);
    }

    @Override
    public String toString() {
        return size + "." + index;
    }
}
