package support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON bodies of the REST resources the stand-in serves, with the fields GitHub sends that clients read. */
final class GitHubJson {
    static final String API = "http://" + GitHubStandIn.API_HOST;
    static final String WEB = "http://" + GitHubStandIn.HOST;
    private static final String TIMESTAMP = "2026-01-01T00:00:00Z";

    private GitHubJson() {}

    static Map<String, Object> repo(FakeRepo repo) {
        Map<String, Object> owner = new LinkedHashMap<>();
        owner.put("login", repo.owner());
        owner.put("id", 1);
        owner.put("type", "User");
        owner.put("html_url", WEB + "/" + repo.owner());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", repo.id());
        json.put("node_id", "R_" + repo.id());
        json.put("name", repo.name());
        json.put("full_name", repo.fullName());
        json.put("private", false);
        json.put("owner", owner);
        json.put("html_url", WEB + "/" + repo.fullName());
        json.put("fork", false);
        json.put("url", API + "/repos/" + repo.fullName());
        json.put("pulls_url", API + "/repos/" + repo.fullName() + "/pulls{/number}");
        json.put("git_url", "git://" + GitHubStandIn.HOST + "/" + repo.fullName() + ".git");
        json.put("ssh_url", "git@" + GitHubStandIn.HOST + ":" + repo.fullName() + ".git");
        json.put("clone_url", repo.cloneUrl());
        json.put("visibility", "public");
        json.put("default_branch", "main");
        return json;
    }

    static Map<String, Object> pull(FakeRepo repo, PullRequestFixture pr, PullDiff diff, int commits) {
        String apiUrl = API + "/repos/" + repo.fullName() + "/pulls/" + pr.number();
        String htmlUrl = WEB + "/" + repo.fullName() + "/pull/" + pr.number();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("url", apiUrl);
        json.put("id", 100_000L + pr.number());
        json.put("node_id", "PR_" + pr.number());
        json.put("html_url", htmlUrl);
        json.put("diff_url", htmlUrl + ".diff");
        json.put("patch_url", htmlUrl + ".patch");
        json.put("number", pr.number());
        json.put("state", "open");
        json.put("locked", false);
        json.put("title", pr.title());
        json.put("user", user(repo));
        json.put("body", null);
        json.put("created_at", TIMESTAMP);
        json.put("updated_at", TIMESTAMP);
        json.put("closed_at", null);
        json.put("merged_at", null);
        json.put("merge_commit_sha", null);
        json.put("draft", false);
        json.put("head", branch(repo, pr.headRef(), pr.headSha()));
        json.put("base", branch(repo, pr.baseRef(), pr.baseSha()));
        json.put("merged", false);
        json.put("mergeable", null);
        json.put("mergeable_state", "unknown");
        json.put("comments", 0);
        json.put("review_comments", 0);
        json.put("commits", commits);
        json.put("additions", diff.files().stream().mapToInt(PullDiff.FileEntry::additions).sum());
        json.put("deletions", diff.files().stream().mapToInt(PullDiff.FileEntry::deletions).sum());
        json.put("changed_files", diff.files().size());
        return json;
    }

    static Map<String, Object> file(FakeRepo repo, PullRequestFixture pr, PullDiff.FileEntry f) {
        String at = "removed".equals(f.status()) ? pr.baseSha() : pr.headSha();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sha", f.sha());
        json.put("filename", f.filename());
        json.put("status", f.status());
        json.put("additions", f.additions());
        json.put("deletions", f.deletions());
        json.put("changes", f.additions() + f.deletions());
        json.put("blob_url", WEB + "/" + repo.fullName() + "/blob/" + at + "/" + f.filename());
        json.put("raw_url", WEB + "/" + repo.fullName() + "/raw/" + at + "/" + f.filename());
        json.put("contents_url", API + "/repos/" + repo.fullName() + "/contents/" + f.filename() + "?ref=" + at);
        if (f.patch() != null) {
            json.put("patch", f.patch());
        }
        if (f.previousFilename() != null) {
            json.put("previous_filename", f.previousFilename());
        }
        return json;
    }

    /** GitHub's refusal of a diff too big to render: HTTP 406 with code too_large. */
    static Reply diffTooLarge(String message, String documentationUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("message", message);
        body.put("errors", List.of(Map.of("resource", "PullRequest", "field", "diff", "code", "too_large")));
        body.put("documentation_url", documentationUrl);
        body.put("status", "406");
        return Reply.json(406, body);
    }

    private static Map<String, Object> user(FakeRepo repo) {
        return Map.of("login", repo.owner(), "id", 1, "type", "User");
    }

    private static Map<String, Object> branch(FakeRepo repo, String ref, String sha) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("label", repo.owner() + ":" + ref);
        json.put("ref", ref);
        json.put("sha", sha);
        json.put("user", user(repo));
        json.put("repo", repo(repo));
        return json;
    }
}
