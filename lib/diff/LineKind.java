package dev.prdiff.diff;

/**
 * What a line of git's diff output is, as {@link LineGrammar} reads it. A section is its {@link #SECTION} line, then
 * {@link #HEADER} lines, then either a {@link #BINARY} patch or hunks: a {@link #HUNK_HEADER} and its
 * {@link #CONTEXT}, {@link #REMOVED}, {@link #ADDED} and {@link #NO_NEWLINE} lines.
 */
public enum LineKind {
    /** Outside every section's grammar: text before the first section, a line after a hunk that starts nothing. */
    OTHER,
    /** The {@code diff --git} line that starts a file's section. */
    SECTION,
    /** A line of a section before its hunks: modes, index, names, {@code Binary files … differ}. */
    HEADER,
    /** {@code GIT binary patch} and the base85 lines after it, up to the next section. */
    BINARY,
    /** A well-formed {@code @@ -a,b +c,d @@} line; its counts say how many lines the hunk holds. */
    HUNK_HEADER,
    /** A line in both files (a {@code ' '} first, or an empty line). */
    CONTEXT,
    /** A line of the old file only ({@code '-'} first). */
    REMOVED,
    /** A line of the new file only ({@code '+'} first). */
    ADDED,
    /** {@code \ No newline at end of file}: the line before it has no newline. */
    NO_NEWLINE;

    /** A line inside a hunk's counts (or the marker after one of them). */
    public boolean inHunk() {
        return this == CONTEXT || this == REMOVED || this == ADDED || this == NO_NEWLINE;
    }
}
