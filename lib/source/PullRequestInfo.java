package dev.prdiff.source;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What prdiff needs to know about a pull request, in no source's own words; it is also the answer of --info.
 * {@code repo} and {@code headRepo} name repositories as the source does (OWNER/REPO on GitHub), and
 * {@code cloneUrl} (never printed) is where the source says its commits are fetched from.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"number", "title", "state", "draft", "merged", "url", "repo", "author", "head_sha", "head_ref",
        "head_repo", "base_sha", "base_ref", "changed_files", "commits", "additions", "deletions", "body"})
public record PullRequestInfo(
        long number,
        String title,
        String state,
        boolean draft,
        boolean merged,
        String url,
        String repo,
        String author,
        @JsonProperty("head_sha") String headSha,
        @JsonProperty("head_ref") String headRef,
        @JsonProperty("head_repo") String headRepo,
        @JsonProperty("base_sha") String baseSha,
        @JsonProperty("base_ref") String baseRef,
        @JsonProperty("changed_files") Integer changedFiles,
        Integer commits,
        Integer additions,
        Integer deletions,
        String body,
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String cloneUrl) {

    /** The host people browse, from the pull request's URL. */
    public String webHost() {
        if (url == null) {
            return null;
        }
        java.net.URI uri = java.net.URI.create(url);
        return uri.getHost();
    }

    /** Whether the source left any of the counts out (Azure DevOps gives none). */
    public boolean lacksCounts() {
        return changedFiles == null || commits == null || additions == null || deletions == null;
    }

    /** This pull request with the counts computed from its commits. */
    public PullRequestInfo withCounts(int changedFiles, int commits, int additions, int deletions) {
        return new PullRequestInfo(number, title, state, draft, merged, url, repo, author, headSha, headRef, headRepo,
                baseSha, baseRef, changedFiles, commits, additions, deletions, body, cloneUrl);
    }

    /** This pull request with its body cut to {@code body} (an answer's budget). */
    public PullRequestInfo withBody(String body) {
        return new PullRequestInfo(number, title, state, draft, merged, url, repo, author, headSha, headRef, headRepo,
                baseSha, baseRef, changedFiles, commits, additions, deletions, body, cloneUrl);
    }
}
