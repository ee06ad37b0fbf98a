package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;
import dev.prdiff.source.PullRequestInfo;

import java.util.List;

/**
 * Brings a pull request's commits into the local object store without touching HEAD, the index or the work
 * tree: its head and base branch are fetched into the private namespace {@code refs/prdiff/pull/N/}.
 */
public final class PullRequestFetch {
    private PullRequestFetch() {}

    static String headRef(long number) {
        return "refs/prdiff/pull/" + number + "/head";
    }

    static String baseRef(long number) {
        return "refs/prdiff/pull/" + number + "/base";
    }

    /**
     * Fetches refs/pull/N/head and the base branch from the pull request's repository, by the clone URL GitHub
     * gave for it (never a remote's settings, which a hostile repository controls). gh is the credential helper.
     */
    public static void fetch(Git git, PullRequestInfo pr, String baseBranch) {
        if (pr.cloneUrl() == null) {
            throw new PrdiffException(ErrorCode.NOT_FOUND, "GitHub did not say where to fetch " + pr.repo() + " from");
        }
        String cloneHost = GitHubHosts.remoteHost(pr.cloneUrl());
        if (cloneHost == null || pr.url() == null || !cloneHost.equals(GitHubHosts.remoteHost(pr.url()))) {
            throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's clone_url " + pr.cloneUrl()
                    + " is not on the pull request's host; not fetched");
        }
        List<String> refspecs = new java.util.ArrayList<>(List.of(
                "+refs/pull/" + pr.number() + "/head:" + headRef(pr.number())));
        if (baseBranch != null) {
            refspecs.add("+refs/heads/" + requireBranchName(baseBranch) + ":" + baseRef(pr.number()));
        }
        git.fetch(pr.cloneUrl(), List.of("credential.helper=", "credential.helper=!gh auth git-credential"), refspecs);
    }

    /** A branch name as git's check-ref-format allows it; anything else could smuggle a second refspec in. */
    static String requireBranchName(String name) {
        if (!name.matches("[^\\x00-\\x20\\x7f~^:?*\\[\\\\]+") || name.startsWith("-") || name.contains("..")
                || name.contains("@{") || name.endsWith(".lock") || name.endsWith("/") || name.endsWith(".")) {
            throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub gave a base branch name git cannot use: '"
                    + name.replaceAll("[\\x00-\\x1f\\x7f]", "?") + "'");
        }
        return name;
    }
}
