package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;

import java.net.URI;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings a pull request's commits into the local object store without touching HEAD, the index or the work
 * tree: its head and base branch are fetched into the private namespace {@code refs/prdiff/pull/N/}.
 */
public final class PullRequestFetch {
    private static final Pattern SCP_LIKE = Pattern.compile("(?:[^@/]+@)?([^:/]+):(.+)");

    private PullRequestFetch() {}

    static String headRef(long number) {
        return "refs/prdiff/pull/" + number + "/head";
    }

    static String baseRef(long number) {
        return "refs/prdiff/pull/" + number + "/base";
    }

    /** Fetches refs/pull/N/head and the base branch from the remote that points at the PR's repository. */
    public static void fetch(Git git, PullRequestInfo pr, String baseBranch) {
        String source = remoteFor(git, pr);
        List<String> args = new java.util.ArrayList<>(List.of(
                "-c", "credential.helper=", "-c", "credential.helper=!gh auth git-credential",
                "fetch", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--quiet", "--end-of-options",
                source, "+refs/pull/" + pr.number() + "/head:" + headRef(pr.number())));
        if (baseBranch != null) {
            args.add("+refs/heads/" + baseBranch + ":" + baseRef(pr.number()));
        }
        git.objects(java.io.OutputStream.nullOutputStream(), args);
    }

    /** A remote whose URL names the same host and OWNER/REPO, else the repository's clone URL. */
    static String remoteFor(Git git, PullRequestInfo pr) {
        var config = git.objectsRaw(List.of("config", "--get-regexp", "^remote\\..*\\.url$"));
        for (String line : config.text().split("\n")) {
            int space = line.indexOf(' ');
            if (space < 0) {
                continue;
            }
            String name = line.substring("remote.".length(), space - ".url".length());
            if (sameRepository(line.substring(space + 1).trim(), pr)) {
                return name;
            }
        }
        if (pr.cloneUrl() == null) {
            throw new PrdiffException(ErrorCode.NOT_FOUND, "GitHub did not say where to fetch " + pr.repo() + " from");
        }
        String cloneHost = GitHubHosts.remoteHost(pr.cloneUrl());
        if (cloneHost == null || pr.url() == null || !cloneHost.equals(GitHubHosts.remoteHost(pr.url()))) {
            throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's clone_url " + pr.cloneUrl()
                    + " is not on the pull request's host; not fetched");
        }
        return pr.cloneUrl();
    }

    static boolean sameRepository(String remoteUrl, PullRequestInfo pr) {
        String host;
        String path;
        try {
            if (remoteUrl.contains("://")) {
                URI uri = URI.create(remoteUrl);
                host = uri.getHost();
                path = uri.getPath();
            } else {
                Matcher m = SCP_LIKE.matcher(remoteUrl);
                if (!m.matches()) {
                    return false;
                }
                host = m.group(1);
                path = m.group(2);
            }
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null || path == null || pr.repo() == null) {
            return false;
        }
        String repoPath = path.replaceAll("^/+", "").replaceAll("\\.git/?$", "").replaceAll("/+$", "");
        return host.equalsIgnoreCase(pr.webHost()) && repoPath.equalsIgnoreCase(pr.repo());
    }

}
