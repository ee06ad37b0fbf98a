package dev.prdiff.app;

import dev.prdiff.core.CommitEntry;
import dev.prdiff.core.GrepQuery;
import dev.prdiff.git.ObjectReads;
import dev.prdiff.git.Session;

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

    /** git grep -n's lines at {@code rev}; false when no line matched. */
    public boolean grep(String rev, GrepQuery query, OutputStream out) {
        return reads.grep(rev, query, out);
    }
}
