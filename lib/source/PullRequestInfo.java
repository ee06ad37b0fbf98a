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
@JsonPropertyOrder({"number", "title", "state", "draft", "merged", "url", "repo", "head_sha", "head_ref",
        "head_repo", "base_sha", "base_ref", "changed_files"})
public record PullRequestInfo(
        long number,
        String title,
        String state,
        boolean draft,
        boolean merged,
        String url,
        String repo,
        @JsonProperty("head_sha") String headSha,
        @JsonProperty("head_ref") String headRef,
        @JsonProperty("head_repo") String headRepo,
        @JsonProperty("base_sha") String baseSha,
        @JsonProperty("base_ref") String baseRef,
        @JsonProperty("changed_files") Integer changedFiles,
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String cloneUrl) {

    /** The host people browse, from the pull request's URL. */
    public String webHost() {
        if (url == null) {
            return null;
        }
        java.net.URI uri = java.net.URI.create(url);
        return uri.getHost();
    }
}
