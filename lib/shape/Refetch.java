package dev.prdiff.shape;

/**
 * How to ask again for what an answer left out, in the caller's own form: a prdiff command line for the CLI, a
 * tool call for MCP. Every marker and table-of-contents entry names such a call, so nothing is out of reach.
 */
public interface Refetch {
    /**
     * The call that returns {@code path}'s whole section, of about {@code bytes} bytes; {@code generated}: with
     * the hunks --skip-generated left out.
     */
    String whole(String path, long bytes, boolean generated);

    /** The call that lists every changed file with its counts. */
    String list();

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
