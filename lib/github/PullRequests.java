package dev.prdiff.github;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.JsonTree;
import dev.prdiff.core.Messages;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.source.PullRequestInfo;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One pull request as GitHub's REST API and gh describe it. */
public final class PullRequests {
    /** GitHub's files endpoint lists at most this many files. */
    public static final int FILES_ENDPOINT_CAP = 3000;
    private static final Pattern NEXT_LINK = Pattern.compile("<([^>]+)>;\\s*rel=\"next\"");

    private final Gh gh;
    private final GitHubRepo repo;
    private final long number;
    private final String expectedHost;

    /**
     * {@code repo} null means gh resolves it, as gh itself does: GH_REPO, then the clone's git remotes.
     * {@code expectedHost} is the GitHub host the pull request must be on, null when gh chooses it.
     */
    public PullRequests(Gh gh, GitHubRepo repo, long number, String expectedHost) {
        this.gh = gh;
        this.repo = repo;
        this.number = number;
        this.expectedHost = expectedHost == null ? null : GitHubHosts.normalize(expectedHost);
    }

    public Gh gh() {
        return gh;
    }

    public long number() {
        return number;
    }

    public GitHubRepo repo() {
        return repo;
    }

    public PullRequestInfo info() {
        ApiResponse r = gh.get(host(), repoPath() + "/pulls/" + number, "pull request #" + number);
        PullRequestInfo info;
        try {
            info = infoOf(JsonTree.read(r.body()));
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's answer for pull request #" + number
                    + " is not JSON: " + e.getMessage(), e);
        }
        requireOnHost(info);
        return info;
    }

    /** The metadata prdiff keeps from GitHub's answer for GET /repos/O/R/pulls/N. */
    static PullRequestInfo infoOf(JsonNode pr) {
        JsonNode head = pr.path("head");
        JsonNode base = pr.path("base");
        return new PullRequestInfo(
                pr.path("number").asLong(),
                text(pr, "title"),
                text(pr, "state"),
                pr.path("draft").asBoolean(false),
                pr.path("merged").asBoolean(false),
                text(pr, "html_url"),
                text(base.path("repo"), "full_name"),
                text(pr.path("user"), "login"),
                text(head, "sha"),
                text(head, "ref"),
                text(head.path("repo"), "full_name"),
                text(base, "sha"),
                text(base, "ref"),
                count(pr, "changed_files"),
                count(pr, "commits"),
                count(pr, "additions"),
                count(pr, "deletions"),
                text(pr, "body"),
                text(base.path("repo"), "clone_url"));
    }

    private static Integer count(JsonNode pr, String field) {
        return pr.hasNonNull(field) ? pr.get(field).asInt() : null;
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }

    /**
     * The answer's html_url and clone_url must be on the host asked (or, when gh chose it, on one host): a clone_url
     * elsewhere would have git fetch, with gh's credentials, from a host nobody chose.
     */
    private void requireOnHost(PullRequestInfo info) {
        String web = webHost(info.url());
        String host = expectedHost != null ? expectedHost : web;
        if (info.url() != null && (web == null || !web.equals(host))) {
            throw offHost("html_url", info.url(), host);
        }
        String clone = webHost(info.cloneUrl());
        if (info.cloneUrl() != null && (clone == null || !clone.equals(host))) {
            throw offHost("clone_url", info.cloneUrl(), host);
        }
    }

    /** The HOST[:PORT] of an http(s) URL, else null. */
    private static String webHost(String url) {
        boolean web = url != null && (url.regionMatches(true, 0, "https://", 0, 8) || url.regionMatches(true, 0, "http://", 0, 7));
        return web ? GitHubHosts.remoteHost(url) : null;
    }

    private PrdiffException offHost(String field, String url, String host) {
        return new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's answer for pull request #" + number + " has a "
                + field + " that is not an http(s) URL on " + (host == null ? "its own host" : host) + ": "
                + Messages.oneLine(url) + "; it was not used");
    }

    /** The GitHub host the pull request is on: the one asked, else the one its html_url names (already checked). */
    public String host(PullRequestInfo info) {
        return expectedHost != null ? expectedHost : webHost(info.url());
    }

    /**
     * The changed files from GET /pulls/N/files, every page; at most {@link #FILES_ENDPOINT_CAP}. prdiff asks for
     * each page itself; GitHub's rel="next" link only says whether there is one, and must be the very next page of
     * the same endpoint on {@code host} (the GitHub host the pull request is on), else nothing more is read.
     */
    public List<FileEntry> files(String host) {
        List<FileEntry> files = new ArrayList<>();
        String endpoint = repoPath() + "/pulls/" + number + "/files";
        boolean more = true;
        for (int page = 1; more && page <= FILES_ENDPOINT_CAP / 100 + 1; page++) {
            ApiResponse r = gh.get(host(), endpoint + "?per_page=100&page=" + page, "files of pull request #" + number);
            try {
                for (JsonNode f : JsonTree.read(r.body())) {
                    files.add(entry(f));
                }
            } catch (IOException e) {
                throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's file list is not JSON: " + e.getMessage(), e);
            }
            more = hasNextPage(r.header("link"), host, page);
        }
        return files;
    }

    /** GitHub's statuses in prdiff's words; "changed" is GitHub's word for a mode or type change. */
    static FileEntry entry(JsonNode f) {
        String status = switch (f.path("status").asText()) {
            case "added" -> "added";
            case "removed" -> "deleted";
            case "renamed" -> "renamed";
            case "copied" -> "copied";
            case "changed" -> "mode-changed";
            default -> "modified";
        };
        String previous = f.hasNonNull("previous_filename") ? f.get("previous_filename").asText() : null;
        return FileEntry.of(f.path("filename").asText(), f.path("additions").asLong(), f.path("deletions").asLong(),
                status, previous, false);
    }

    /**
     * Whether the Link header has a rel="next" page; it must be page {@code page + 1} of this pull request's files on
     * the API of {@code host} (null: not checked), as {@code /repos/OWNER/REPO/pulls/N/files} or GitHub's
     * {@code /repositories/ID/pulls/N/files}, with per_page=100 and page the only query. Anything else is an error.
     */
    boolean hasNextPage(String link, String host, int page) {
        if (link == null) {
            return false;
        }
        Matcher m = NEXT_LINK.matcher(link);
        if (!m.find()) {
            return false;
        }
        String next = m.group(1);
        URI uri;
        try {
            uri = new URI(next);
        } catch (URISyntaxException e) {
            throw badLink(next, "it is not a URL");
        }
        if (!"https".equalsIgnoreCase(uri.getScheme()) && !"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null
                || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw badLink(next, "it is not an http(s) URL of a host");
        }
        String linkHost = GitHubHosts.normalize(uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost());
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        boolean enterprise = path.startsWith("/api/v3/"); // GitHub Enterprise Server: HOST/api/v3/, else api.HOST/
        if (enterprise) {
            path = path.substring("/api/v3".length());
        }
        if (host != null) {
            String h = GitHubHosts.normalize(host);
            if (!linkHost.equals(enterprise ? h : apiHostOf(h))) {
                throw badLink(next, "it is not on the API of " + host);
            }
        }
        String files = "/pulls/" + number + "/files";
        boolean sameEndpoint = path.matches("/repositories/[0-9]{1,19}" + Pattern.quote(files))
                || (repo != null ? path.equalsIgnoreCase("/repos/" + repo.fullName() + files)
                        : path.matches("/repos/[^/]+/[^/]+" + Pattern.quote(files)));
        if (!sameEndpoint) {
            throw badLink(next, "it is not this pull request's files endpoint");
        }
        String expected = "page=" + (page + 1);
        String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
        List<String> params = List.of(query.split("&", -1));
        if (!params.contains(expected) || !params.stream().allMatch(p -> p.equals(expected) || p.equals("per_page=100"))) {
            throw badLink(next, "its query is not per_page=100&" + expected);
        }
        return true;
    }

    /** gh's own mapping for github.com and its local development host (*.github.localhost). */
    private static String apiHostOf(String host) {
        return host.equals("github.localhost") || host.endsWith(".github.localhost") ? "api.github.localhost" : "api." + host;
    }

    private PrdiffException badLink(String link, String why) {
        return new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's next-page link for the files of pull request #"
                + number + " was not followed: " + why + " (" + Messages.oneLine(link) + ")");
    }

    private String repoPath() {
        return "repos/" + (repo == null ? "{owner}/{repo}" : repo.fullName());
    }

    private String host() {
        return repo == null ? null : repo.host();
    }
}
