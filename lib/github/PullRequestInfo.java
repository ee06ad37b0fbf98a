package dev.prdiff.github;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/** What prdiff needs to know about a pull request, read from GitHub's REST answer for GET /repos/O/R/pulls/N. */
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

    static PullRequestInfo from(JsonNode pr) {
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

    /** The host people browse, from html_url (for github.com: github.com). */
    public String webHost() {
        if (url == null) {
            return null;
        }
        java.net.URI uri = java.net.URI.create(url);
        return uri.getHost();
    }

    /** This pull request with its body cut to {@code body} (an answer's budget). */
    public PullRequestInfo withBody(String body) {
        return new PullRequestInfo(number, title, state, draft, merged, url, repo, author, headSha, headRef, headRepo,
                baseSha, baseRef, changedFiles, commits, additions, deletions, body, cloneUrl);
    }

    private static Integer count(JsonNode pr, String field) {
        return pr.hasNonNull(field) ? pr.get(field).asInt() : null;
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }
}
