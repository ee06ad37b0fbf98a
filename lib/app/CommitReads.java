package dev.prdiff.app;

import dev.prdiff.core.CommitEntry;
import dev.prdiff.core.GrepQuery;
import dev.prdiff.git.ObjectReads;
import dev.prdiff.git.Session;
import dev.prdiff.shape.GrepLines;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Reads at a commit, for prdiff show and grep and for get_file_at_sha and grep_at_sha alike: a file's bytes or a
 * folder's listing, and the lines matching a pattern, from git objects alone (git's {@link ObjectReads} does the work).
 */
public final class CommitReads {
    private final ObjectReads reads;

    private CommitReads(ObjectReads reads) {
        this.reads = reads;
    }

    /** Reads in the repository at or above {@code dir}, each git call within {@code timeout}. */
    public static CommitReads open(Session session, Path dir, Duration timeout) {
        return new CommitReads(new ObjectReads(session.open(dir, timeout)));
    }

    /** The object at {@code SHA:PATH}, split at the first colon (a revision never holds one, a path may). */
    public CommitEntry find(String revAndPath) {
        return reads.find(revAndPath);
    }

    /** The object at a repo-relative {@code path} of {@code rev}; an empty path is the commit's top folder. */
    public CommitEntry find(String rev, String path) {
        return reads.find(rev, path);
    }

    /** What git show prints for the entry: a file's bytes as stored, or a folder's listing. */
    public void show(CommitEntry entry, OutputStream out) throws IOException {
        reads.show(entry, out);
    }

    /** The full SHA of the commit {@code rev} names, resolved as --commit resolves it. */
    public String commit(String rev) {
        return reads.commit(rev);
    }

    /**
     * The lines of {@code commit} (a full SHA) matching {@code query}, written to {@code out} as git grep prints
     * them in a checkout of that commit ({@link GrepLines}: the {@code REV:} before each name dropped). With
     * {@code fromFolder}, pathspecs are relative to the folder the repository was opened in and names are shown
     * from it, as git's are; otherwise both are from the top. {@code colored}: in git's colours. False when
     * nothing matched.
     */
    public boolean grep(String commit, GrepQuery query, boolean fromFolder, boolean colored, OutputStream out)
            throws IOException {
        String prefix = fromFolder ? reads.prefix() : "";
        GrepLines lines = new GrepLines(commit, prefix, colored, query.listing(), out);
        boolean matched = reads.grep(commit, query, prefix, colored, lines);
        lines.finish();
        return matched;
    }
}
