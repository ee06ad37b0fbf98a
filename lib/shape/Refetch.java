package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;

/**
 * How to ask again for what an answer left out, in the caller's own form: a prdiff command line for the CLI, a
 * tool call for MCP. Every marker and table-of-contents entry names such a call, so nothing is out of reach. It
 * also says what the answer's bytes cost as the caller sends them, so that a byte budget counts the whole answer.
 */
public interface Refetch {
    /** Where a file's path goes in {@link #template()}. */
    String PATH = "PATH";

    /**
     * The call that returns {@code path}'s whole section, of about {@code bytes} bytes; {@code generated}: with
     * the hunks --skip-generated left out.
     */
    String whole(String path, long bytes, boolean generated);

    /** The call that lists every changed file with its counts. */
    String list();

    /**
     * The call that fetches any small file left out, with {@link #PATH} where its path goes: the table of contents
     * states it once. A file whose {@link #whole} call is not this one with its path has its own call on its line.
     */
    default String template() {
        return whole(PATH, 0, false);
    }

    /** The call that continues the answer after {@code cursor}; null when the caller has no cursor. */
    default String next(BudgetCursor cursor) {
        return null;
    }

    /**
     * True when a section too large for any answer may be read in pages of its lines ({@link #next} with a cursor
     * within the section): the caller's text is the diff itself, so that the pages join into the section.
     */
    default boolean pagesLines() {
        return false;
    }

    /** What the bytes {@code b[off, off+len)} of the answer's text cost as sent (JSON escapes some): len here. */
    default long cost(byte[] b, int off, int len) {
        return len;
    }

    /** What a section shown costs beyond its text: an entry naming it in a structured answer; none here. */
    default long shownCost(FileSection section) {
        return 0;
    }

    /** What the answer spends outside its text (an envelope, notices), asked when the budget decides; none here. */
    default long reserve() {
        return 0;
    }

    /**
     * An option's name as the caller says it: {@code flag} as the command line spells it ({@code --max-lines}), or
     * the caller's own name for it (MCP's argument {@code max_lines}); null when the caller has no such option.
     */
    default String option(String flag) {
        return flag;
    }

    /**
     * The call that diffs {@code base...head} in the caller's form, a command line ({@code prdiff BASE...HEAD}) or
     * a tool call; {@code head} null: {@code base...HEAD} of the commits alone ({@code prdiff BASE}).
     */
    default String rangeCall(String base, String head) {
        return "prdiff " + base + (head == null ? "" : "..." + head);
    }

    /** The call that diffs the commit {@code rev} against its first parent, in the caller's form. */
    default String commitCall(String rev) {
        return "prdiff --commit " + rev;
    }

    /** For callers that give no better form: prdiff's own flags. */
    Refetch PLAIN = new Refetch() {
        @Override
        public String whole(String path, long bytes, boolean generated) {
            return "--file " + path;
        }

        @Override
        public String list() {
            return "--files-only";
        }
    };
}
