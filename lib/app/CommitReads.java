package dev.prdiff.app;

import dev.prdiff.core.CommitEntry;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.GrepQuery;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;
import dev.prdiff.git.ObjectReads;
import dev.prdiff.git.Session;
import dev.prdiff.shape.GrepLines;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * Reads at a commit, for prdiff show and grep and for get_file_at_sha and grep_at_sha alike: a file's bytes or a
 * folder's listing, a commit's message and files, and the lines matching a pattern, from git objects alone (git's
 * {@link ObjectReads} does the work). A path the commit lacks is PATH_NOT_FOUND with the commit's nearest paths.
 */
public final class CommitReads {
    private final Git git;
    private final ObjectReads reads;

    private CommitReads(Git git) {
        this.git = git;
        this.reads = new ObjectReads(git);
    }

    /** Reads in the repository at or above {@code dir}, each git call within {@code timeout}. */
    public static CommitReads open(Session session, Path dir, Duration timeout) {
        return new CommitReads(session.open(dir, timeout));
    }

    /**
     * The object at {@code SHA:PATH} as git show reads it at a command line, split at the first colon (a revision
     * never holds one, a path may): PATH is from the top of the repository, or from the folder prdiff runs in
     * when it starts with {@code ./} or {@code ../}. An empty PATH is the commit's top folder.
     */
    public CommitEntry find(String revAndPath) {
        int colon = revAndPath == null ? -1 : revAndPath.indexOf(':');
        if (colon < 0) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "expected SHA:PATH (a commit, a colon, a path), got '"
                    + (revAndPath == null ? "" : revAndPath.replaceAll("[\\x00-\\x1f\\x7f]", "?")) + "'");
        }
        String path = revAndPath.substring(colon + 1);
        return find(revAndPath.substring(0, colon), fromFolder(path) ? resolved(path) : path);
    }

    /** The object at a repo-relative {@code path} of {@code rev}; an empty path is the commit's top folder. */
    public CommitEntry find(String rev, String path) {
        return find(rev, path, commit -> "prdiff show " + commit + ":");
    }

    /**
     * As {@link #find(String, String)}, a missing path with no near one naming {@code topFolder}'s call for the
     * commit (its full SHA), which lists the commit's top folder in the caller's words.
     */
    public CommitEntry find(String rev, String path, UnaryOperator<String> topFolder) {
        return reads.find(rev, path, (commit, missing) ->
                new PathSuggestions(reads.paths(commit), git.timeout()).closest(missing), topFolder);
    }

    /** What git show prints for the entry: a file's bytes as stored, or a folder's listing. */
    public void show(CommitEntry entry, OutputStream out) throws IOException {
        reads.show(entry, out);
    }

    /**
     * What git show --stat prints for the commit {@code rev}: its header, message and diffstat; {@code colored}: in
     * git's own colours (the scratch git directory reads no colour setting of yours).
     */
    public void showCommit(String rev, boolean colored, OutputStream out) {
        reads.showCommit(rev, colored, out);
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

    /** As git reads {@code REV:./x}: only a path starting with ./ or ../ is from the current folder. */
    private static boolean fromFolder(String path) {
        return path.startsWith("./") || path.startsWith("../");
    }

    /** {@code ./x} or {@code ../x} as a repo-relative path, from the folder prdiff runs in. */
    private String resolved(String path) {
        if (git.isBare()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "'" + PathBytes.inLine(path) + "' is relative to"
                    + " the current folder, which a bare repository does not have: give the path from the top of the"
                    + " repository");
        }
        String repoRelative = PathSelection.resolve(path, git.prefix(), null);
        if (repoRelative == null) {
            String from = git.prefix().isEmpty() ? "its top folder" : PathBytes.inLine(git.prefix());
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "'" + PathBytes.inLine(path) + "' is outside the"
                    + " repository (from " + from + ")");
        }
        return repoRelative;
    }
}
