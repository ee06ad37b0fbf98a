package dev.prdiff.shape;

import dev.prdiff.diff.LineKind;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Numbers every hunk line of a unified diff with its line in the old and the new file, so a reader can cite
 * {@code path:line} without counting:
 *
 * <pre>
 * &#64;&#64; -12,3 +13,3 &#64;&#64; func
 *   12   13 | context
 *   13      |-removed
 *        14 |+added
 *           |\ No newline at end of file
 * </pre>
 *
 * Each hunk line gets a prefix: the old number, a space, the new number (each right-aligned in a field of
 * {@link HunkLines#numberWidth()} columns: 4, wider for a hunk that reaches a larger number), then {@code " |"};
 * a number the line does not have is blank. The line follows byte for byte, so removing the prefix gives back
 * the diff exactly, whatever its encoding. Everything that is not a hunk line passes through unchanged. Holds at
 * most one line.
 */
public final class LineNumbers extends HunkLines {
    /** Two numbers of up to 19 digits each, a space and " |". */
    private final byte[] prefix = new byte[2 * 19 + 3];

    public LineNumbers(OutputStream out) {
        super(out);
    }

    @Override
    protected void render(LineKind kind, byte[] line, int off, int length, long oldNumber, long newNumber)
            throws IOException {
        if (kind.inHunk()) {
            int at = putNumber(prefix, 0, oldNumber, numberWidth());
            prefix[at++] = ' ';
            at = putNumber(prefix, at, newNumber, numberWidth());
            prefix[at++] = ' ';
            prefix[at++] = '|';
            out.write(prefix, 0, at);
        }
        out.write(line, off, length);
    }
}
