package support;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The routes of api.github.localhost that gh reaches for pull request diffs and file lists. A request no route claims
 * gets {@code null}, which the stand-in answers with 404 and records as unrouted.
 */
final class RestApi {
    static final int DIFF_MAX_FILES = 300;
    /** GitHub does not say what it counts; every line of the diff is the closest public description. */
    static final int DIFF_MAX_LINES = 20_000;
    static final int FILES_MAX = 3000;
    private static final String DOCS = "https://docs.github.com/rest/pulls/pulls";

    private final Function<String, Optional<FakeRepo>> repoByName;
    private final Function<Long, Optional<FakeRepo>> repoById;
    private final Map<String, PullDiff> diffs = new ConcurrentHashMap<>();

    RestApi(Function<String, Optional<FakeRepo>> repoByName, Function<Long, Optional<FakeRepo>> repoById) {
        this.repoByName = repoByName;
        this.repoById = repoById;
    }

    Reply route(String method, String path, String rawQuery, String accept, byte[] body) {
        Map<String, String> query = query(rawQuery);
        String[] s = path.split("/", -1);
        if ("POST".equals(method) && "/graphql".equals(path)) {
            return graphql(body);
        }
        if (!"GET".equals(method)) {
            return null;
        }
        if (s.length == 4 && "repos".equals(s[1])) {
            return repoByName.apply(s[2] + "/" + s[3]).map(r -> Reply.json(200, GitHubJson.repo(r)))
                    .orElseGet(() -> Reply.error(404, "Not Found", "https://docs.github.com/rest/repos/repos#get-a-repository"));
        }
        if (s.length == 6 && "repos".equals(s[1]) && "pulls".equals(s[4]) && isNumber(s[5])) {
            return pull(repoByName.apply(s[2] + "/" + s[3]), Integer.parseInt(s[5]), accept);
        }
        if (s.length == 7 && "repos".equals(s[1]) && "pulls".equals(s[4]) && isNumber(s[5]) && "files".equals(s[6])) {
            return files(repoByName.apply(s[2] + "/" + s[3]), Integer.parseInt(s[5]), query);
        }
        // The Link header points at /repositories/{id}/..., as GitHub's does.
        if (s.length == 6 && "repositories".equals(s[1]) && isNumber(s[2]) && "pulls".equals(s[3]) && isNumber(s[4])
                && "files".equals(s[5])) {
            return files(repoById.apply(Long.parseLong(s[2])), Integer.parseInt(s[4]), query);
        }
        return null;
    }

    private Reply pull(Optional<FakeRepo> repo, int number, String accept) {
        Optional<PullRequestFixture> pr = repo.flatMap(r -> r.pull(number));
        if (pr.isEmpty()) {
            return Reply.error(404, "Not Found", DOCS + "#get-a-pull-request");
        }
        PullDiff diff = diff(repo.get(), pr.get());
        if (accept.contains("patch")) {
            return null; // the mbox-style .patch media type is not reproduced
        }
        if (!accept.contains("diff")) {
            String range = pr.get().baseSha() + ".." + pr.get().headSha();
            int commits = Integer.parseInt(NeutralGit.text(repo.get().bare(), "rev-list", "--count", range));
            return Reply.json(200, GitHubJson.pull(repo.get(), pr.get(), diff, commits));
        }
        if (diff.files().size() > DIFF_MAX_FILES) {
            return GitHubJson.diffTooLarge("Sorry, the diff exceeded the maximum number of files (300). Consider using"
                    + " 'List pull requests files' API or locally cloning the repository instead.",
                    DOCS + "#list-pull-requests-files");
        }
        if (diff.lineCount() > DIFF_MAX_LINES) {
            return GitHubJson.diffTooLarge("Sorry, the diff exceeded the maximum number of lines (20000)",
                    DOCS + "#get-a-pull-request");
        }
        return Reply.text(200, "text/plain; charset=utf-8", diff.diff())
                .with("X-GitHub-Media-Type", "github.v3; param=diff");
    }

    private Reply files(Optional<FakeRepo> repo, int number, Map<String, String> query) {
        Optional<PullRequestFixture> pr = repo.flatMap(r -> r.pull(number));
        if (pr.isEmpty()) {
            return Reply.error(404, "Not Found", DOCS + "#list-pull-requests-files");
        }
        List<PullDiff.FileEntry> all = diff(repo.get(), pr.get()).files();
        List<PullDiff.FileEntry> listed = all.subList(0, Math.min(all.size(), FILES_MAX));
        int perPage = Math.max(1, Math.min(100, intParam(query, "per_page", 30)));
        int page = Math.max(1, intParam(query, "page", 1));
        int lastPage = Math.max(1, (listed.size() + perPage - 1) / perPage);
        List<Object> rows = new ArrayList<>();
        for (int i = (page - 1) * perPage; i < Math.min(listed.size(), page * perPage); i++) {
            rows.add(GitHubJson.file(repo.get(), pr.get(), listed.get(i)));
        }
        Reply reply = Reply.json(200, rows);
        String base = GitHubJson.API + "/repositories/" + repo.get().id() + "/pulls/" + number + "/files?"
                + (query.containsKey("per_page") ? "per_page=" + query.get("per_page") + "&" : "") + "page=";
        List<String> links = new ArrayList<>();
        if (page > 1) {
            links.add("<" + base + Math.min(page - 1, lastPage) + ">; rel=\"prev\"");
        }
        if (page < lastPage) {
            links.add("<" + base + (page + 1) + ">; rel=\"next\"");
            links.add("<" + base + lastPage + ">; rel=\"last\"");
        }
        if (page > 1) {
            links.add("<" + base + 1 + ">; rel=\"first\"");
        }
        return links.isEmpty() ? reply : reply.with("Link", String.join(", ", links));
    }

    /** Only the query gh runs for {@code gh pr diff} without an argument: the open pull request for a branch. */
    private Reply graphql(byte[] body) {
        JsonNode request;
        try {
            request = Reply.JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!request.path("query").asText().contains("query PullRequestForBranch(")) {
            return null;
        }
        JsonNode vars = request.path("variables");
        String fullName = vars.path("owner").asText() + "/" + vars.path("repo").asText();
        Optional<FakeRepo> repo = repoByName.apply(fullName);
        if (repo.isEmpty()) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("type", "NOT_FOUND");
            error.put("path", List.of("repository"));
            error.put("message", "Could not resolve to a Repository with the name '" + fullName + "'.");
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("repository", null);
            return Reply.json(200, Map.of("data", data, "errors", List.of(error)));
        }
        String headRef = vars.path("headRefName").asText();
        List<Object> nodes = repo.get().pulls().stream()
                .filter(pr -> pr.headRef().equals(headRef))
                .sorted(Comparator.comparingInt(PullRequestFixture::number).reversed())
                .limit(30)
                .map(pr -> (Object) prNode(repo.get(), pr))
                .toList();
        Map<String, Object> repository = new LinkedHashMap<>();
        repository.put("pullRequests", Map.of("nodes", nodes));
        repository.put("defaultBranchRef", Map.of("name", "main"));
        return Reply.json(200, Map.of("data", Map.of("repository", repository)));
    }

    private static Map<String, Object> prNode(FakeRepo repo, PullRequestFixture pr) {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("number", pr.number());
        node.put("id", "PR_" + pr.number());
        node.put("state", "OPEN");
        node.put("baseRefName", pr.baseRef());
        node.put("headRefName", pr.headRef());
        node.put("isCrossRepository", false);
        node.put("headRepositoryOwner", Map.of("id", "U_1", "login", repo.owner()));
        node.put("url", GitHubJson.WEB + "/" + repo.fullName() + "/pull/" + pr.number());
        return node;
    }

    private PullDiff diff(FakeRepo repo, PullRequestFixture pr) {
        return diffs.computeIfAbsent(repo.fullName() + " " + pr.baseSha() + "..." + pr.headSha(),
                k -> PullDiff.compute(repo.bare(), pr.baseSha(), pr.headSha()));
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> params = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            params.putIfAbsent(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
        }
        return params;
    }

    private static int intParam(Map<String, String> query, String name, int fallback) {
        String v = query.get(name);
        return v != null && isNumber(v) && v.length() < 9 ? Integer.parseInt(v) : fallback;
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }
}
