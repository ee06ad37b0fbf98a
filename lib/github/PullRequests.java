package dev.prdiff.github;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrdiffException;

import java.io.IOException;
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

    /** {@code repo} null means gh resolves it, as gh itself does: GH_REPO, then the clone's git remotes. */
    public PullRequests(Gh gh, GitHubRepo repo, long number) {
        this.gh = gh;
        this.repo = repo;
        this.number = number;
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
        try {
            return PullRequestInfo.from(Json.MAPPER.readTree(r.body()));
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's answer for pull request #" + number
                    + " is not JSON: " + e.getMessage(), e);
        }
    }

    /** The changed files from GET /pulls/N/files, every page; at most {@link #FILES_ENDPOINT_CAP}. */
    public List<FileEntry> files() {
        List<FileEntry> files = new ArrayList<>();
        String next = repoPath() + "/pulls/" + number + "/files?per_page=100&page=1";
        for (int page = 1; next != null && page <= FILES_ENDPOINT_CAP / 100 + 1; page++) {
            ApiResponse r = gh.get(host(), next, "files of pull request #" + number);
            try {
                for (JsonNode f : Json.MAPPER.readTree(r.body())) {
                    files.add(entry(f));
                }
            } catch (IOException e) {
                throw new PrdiffException(ErrorCode.NETWORK_ERROR, "GitHub's file list is not JSON: " + e.getMessage(), e);
            }
            next = nextPage(r.header("link"));
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

    /** The path and query of the rel="next" link, relative to the API root as gh api expects. */
    static String nextPage(String link) {
        if (link == null) {
            return null;
        }
        Matcher m = NEXT_LINK.matcher(link);
        if (!m.find()) {
            return null;
        }
        java.net.URI uri = java.net.URI.create(m.group(1));
        String path = uri.getRawPath().replaceFirst("^/api/v3/", "").replaceFirst("^/", "");
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }

    private String repoPath() {
        return "repos/" + (repo == null ? "{owner}/{repo}" : repo.fullName());
    }

    private String host() {
        return repo == null ? null : repo.host();
    }
}
