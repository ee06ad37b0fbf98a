package dev.prdiff.shape;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

/**
 * How much of each section, and of the whole answer, to show: the controls that keep a diff within what an agent
 * can read. Null and false mean no limit.
 *
 * @param maxBytes      the whole answer's bytes (--max-bytes), table of contents included; sections are never cut
 * @param maxLines      each section's hunk lines (--max-lines), cut at a hunk boundary where one fits
 * @param noBinary      binary patches become git's "Binary files ... differ" line (--no-binary)
 * @param skipGenerated lock files and generated code keep their header and counts; their hunks become a marker
 * @param generated     which files are generated
 * @param layout        how hunk lines are laid out (line numbers, side by side); the byte budget counts the
 *                      bytes laid out
 * @param cursor        where an earlier answer under a byte budget stopped: this one shows the sections after it
 */
public record SectionLimits(Long maxBytes, Integer maxLines, boolean noBinary, boolean skipGenerated,
        GeneratedFiles generated, DiffLayout layout, BudgetCursor cursor) {
    public static final SectionLimits NONE = new SectionLimits(null, null, false, false, null);
    public static final long MIN_BYTES = 512;
    public static final long MAX_BYTES = 64L << 20;
    public static final int MAX_LINES = 1_000_000;

    public SectionLimits(Long maxBytes, Integer maxLines, boolean noBinary, boolean skipGenerated,
            GeneratedFiles generated) {
        this(maxBytes, maxLines, noBinary, skipGenerated, generated, DiffLayout.UNIFIED);
    }

    public SectionLimits(Long maxBytes, Integer maxLines, boolean noBinary, boolean skipGenerated,
            GeneratedFiles generated, DiffLayout layout) {
        this(maxBytes, maxLines, noBinary, skipGenerated, generated, layout, null);
    }

    public SectionLimits {
        if (maxBytes != null && (maxBytes < MIN_BYTES || maxBytes > MAX_BYTES)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "max bytes must be " + MIN_BYTES + " to " + MAX_BYTES
                    + ", got " + maxBytes);
        }
        if (maxLines != null && (maxLines < 1 || maxLines > MAX_LINES)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "max lines must be 1 to " + MAX_LINES + ", got "
                    + maxLines);
        }
        generated = generated == null ? GeneratedFiles.BY_NAME : generated;
        layout = layout == null ? DiffLayout.UNIFIED : layout;
        if (cursor != null && maxBytes == null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "a cursor continues an answer under a byte budget");
        }
    }

    public boolean active() {
        return maxBytes != null || maxLines != null || noBinary || skipGenerated || !layout.plain();
    }

    /** These limits, with {@code generated} telling which files are generated. */
    public SectionLimits withGenerated(GeneratedFiles generated) {
        return new SectionLimits(maxBytes, maxLines, noBinary, skipGenerated, generated, layout, cursor);
    }

    /** These limits, with hunk lines laid out as {@code layout} says. */
    public SectionLimits laidOut(DiffLayout layout) {
        return new SectionLimits(maxBytes, maxLines, noBinary, skipGenerated, generated, layout, cursor);
    }
}
