package dev.prdiff.source;

import dev.prdiff.core.JsonText;
import dev.prdiff.core.JsonValue;

/**
 * What prdiff needs to know about a pull request, in no source's own words; it is also the answer of --info.
 * {@code repo} and {@code headRepo} name repositories as the source does (OWNER/REPO on GitHub), and
 * {@code cloneUrl} (never printed) is where the source says its commits are fetched from.
 */
public record PullRequestInfo(
        long number,
        String title,
        String state,
        boolean draft,
        boolean merged,
        String url,
        String repo,
        String author,
        String headSha,
        String headRef,
        String headRepo,
        String baseSha,
        String baseRef,
        Integer changedFiles,
        Integer commits,
        Integer additions,
        Integer deletions,
        String body,
        String cloneUrl) implements JsonValue {

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

    /** Every member but {@code cloneUrl}, which is never printed. */
    @Override
    public void writeJson(JsonText out) {
        out.field("number", number).present("title", title).present("state", state).field("draft", draft)
                .field("merged", merged).present("url", url).present("repo", repo).present("author", author)
                .present("head_sha", headSha).present("head_ref", headRef).present("head_repo", headRepo)
                .present("base_sha", baseSha).present("base_ref", baseRef).present("changed_files", changedFiles)
                .present("commits", commits).present("additions", additions).present("deletions", deletions)
                .present("body", body);
    }
}
