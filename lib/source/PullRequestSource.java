package dev.prdiff.source;

import dev.prdiff.core.FileEntry;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Git;

import java.util.List;
import java.util.function.Consumer;

/**
 * One pull request at the source that serves it (GitHub; a second source implements this in a package of its own).
 * The app asks a source for the pull request's metadata, its own diff and file list where it has them, and to fetch
 * the pull request's commits into the clone; everything else is computed from those commits with git. Failures are
 * the source's own, with their stable codes.
 */
public interface PullRequestSource {
    /** How notices name the source ("GitHub"). */
    String name();

    /** How a file list's JSON names the source it came from ("github"). */
    String id();

    long number();

    /** How messages name the pull request's repository, or null when the source finds it from the clone. */
    String repository();

    /** UNTRUSTED_HOST unless the user chose the host the pull request is on, when the host is known before asking. */
    void requireTrustedHost();

    PullRequestInfo info();

    /** Whether the source serves a diff of its own; without one every diff is computed from the commits. */
    boolean hasServerDiff();

    /**
     * Whether {@link #info} may be asked before {@link #diff}, to name the head and keep the diff by it; a source
     * that cannot (GitHub on a host with a port) serves its diff without either.
     */
    boolean infoBeforeDiff();

    /** Streams the source's own diff, as it serves it; {@link DiffRefused} when it will not serve this one. */
    void diff(Subprocess.StdoutReader reader);

    /** The most files {@link #files} lists, or null for no limit. */
    Integer filesListedAtMost();

    /** The changed files as the source lists them, or null when it lists none (they are computed from the commits). */
    List<FileEntry> files(PullRequestInfo info);

    /** Fetches the pull request's head and base into {@code git}'s object store, telling {@code notices} what. */
    void fetchCommits(PullRequestInfo info, Git git, Consumer<String> notices);

    /**
     * The key under which a server remembers the base the source gave for a pinned {@code head}, naming everything
     * that base depends on; null when it must not be remembered.
     */
    String pinnedBaseKey(String head);

    /** What the source keeps of a pull request's earlier heads, said when one is not found. */
    String earlierHeads();

    /**
     * What the source chose among the pull request's versions when the request named none or one (Azure DevOps: which
     * iteration, and how to ask for another), said as a notice when the diff is computed from its commits; or null.
     */
    default String choice() {
        return null;
    }

    /** The earlier head the request named in the source's own terms (Azure DevOps: --since-iteration), or null. */
    default String earlierHead() {
        return null;
    }
}
