package e2e;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import support.Fault;
import support.FakeRepo;
import support.Fixtures;
import support.GitHubStandIn;
import support.GitHubStandIn.RecordedRequest;
import support.NeutralGit;
import support.Proc;
import support.PullRequestFixture;
import support.TempRepo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The stand-in is only worth testing against if the real gh and git cannot tell it from GitHub. These tests run
 * gh 2.23 and git against it and pin what they print; prdiff's error classifier relies on those exact strings.
 */
class GitHubStandInTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PR1_URL = "http://api.github.localhost/repos/octo/demo/pulls/1";

    private static GitHubStandIn github;
    private static FakeRepo repo;
    private static PullRequestFixture everyShape;
    private static PullRequestFixture manyFiles;
    private static TempRepo oracle;

    @BeforeAll
    static void buildRepository() {
        github = GitHubStandIn.start();
        repo = github.createRepo("octo", "demo");
        TempRepo work = repo.work();
        Fixtures.everyShape(work);
        // main moves on after the branch point, so only a merge-base diff leaves main-only.txt out.
        work.checkout("main");
        work.write("main-only.txt", "moved on\n");
        work.commit("main moves on");
        everyShape = repo.openPullRequest(1, "Every shape", "main", "feature");
        manyFiles = repo.openManyFilePullRequest(2, "many-files", 350);
        work.checkout("-b", "long-file", "main");
        work.write("long.txt", Fixtures.lines("long", 20_001));
        work.commit("one long file");
        work.checkout("main");
        repo.openPullRequest(3, "One long file", "main", "long-file");

        oracle = TempRepo.init();
        oracle.git("fetch", "-q", repo.bare().toString(), "refs/pull/1/head", "refs/pull/2/head", "main");
    }

    @AfterAll
    static void stop() {
        if (oracle != null) {
            oracle.close();
        }
        if (github != null) {
            github.close();
        }
    }

    @BeforeEach
    void reset() {
        github.clearFaults();
        github.clearRequests();
    }

    @Test
    void prDiffIsTheMergeBaseDiffByteForByte() {
        Proc.Result r = gh(null, "pr", "diff", "1", "-R", "octo/demo");

        byte[] expected = oracle.gitDiff(everyShape.baseSha() + "..." + everyShape.headSha());
        assertTrue(r.ok(), r.describe());
        assertEquals("", r.stderr());
        assertEquals(new String(expected, StandardCharsets.UTF_8), r.out());
        assertArrayEquals(expected, r.stdout());
        assertFalse(r.out().contains("main-only.txt"));
        assertNotEquals(new String(oracle.gitDiff(everyShape.baseSha(), everyShape.headSha()), StandardCharsets.UTF_8),
                r.out());
        assertEquals(List.of(new RecordedRequest("GET", GitHubStandIn.API_HOST, "/repos/octo/demo/pulls/1",
                "application/vnd.github.v3.diff", 200, true)), github.requests());
    }

    @Test
    void pullRequestJsonNamesBaseTipAndHead() throws IOException {
        Proc.Result r = gh(null, "api", "repos/octo/demo/pulls/1");

        assertTrue(r.ok(), r.describe());
        JsonNode pr = JSON.readTree(r.stdout());
        assertEquals(1, pr.path("number").asInt());
        assertEquals("open", pr.path("state").asText());
        assertEquals(everyShape.headSha(), pr.path("head").path("sha").asText());
        assertEquals("feature", pr.path("head").path("ref").asText());
        assertEquals(everyShape.baseSha(), pr.path("base").path("sha").asText());
        assertEquals("main", pr.path("base").path("ref").asText());
        assertEquals("octo/demo", pr.path("base").path("repo").path("full_name").asText());
        assertEquals(repo.cloneUrl(), pr.path("head").path("repo").path("clone_url").asText());
        assertEquals(numstat(everyShape).size(), pr.path("changed_files").asInt());
        assertEquals(List.of(new RecordedRequest("GET", GitHubStandIn.API_HOST, "/repos/octo/demo/pulls/1", "", 200, true)),
                github.requests());
    }

    @Test
    void paginatedFileListWalksEveryPageOfA350FilePullRequest() throws IOException {
        Proc.Result r = gh(null, "api", "--paginate", "repos/octo/demo/pulls/2/files?per_page=100");

        assertTrue(r.ok(), r.describe());
        Map<String, String> listed = counts(pages(r.stdout()));
        assertEquals(350, listed.size());
        assertEquals(numstat(manyFiles), listed);
        long id = repo.id();
        assertEquals(List.of(
                "/repos/octo/demo/pulls/2/files?per_page=100",
                "/repositories/" + id + "/pulls/2/files?per_page=100&page=2",
                "/repositories/" + id + "/pulls/2/files?per_page=100&page=3",
                "/repositories/" + id + "/pulls/2/files?per_page=100&page=4"), targets());
    }

    @Test
    void paginateAddsPerPage100WhenTheCallerDoesNot() throws IOException {
        Proc.Result r = gh(null, "api", "--paginate", "repos/octo/demo/pulls/2/files");

        assertTrue(r.ok(), r.describe());
        assertEquals(350, pages(r.stdout()).size());
        assertEquals(List.of(
                "/repos/octo/demo/pulls/2/files?per_page=100",
                "/repositories/" + repo.id() + "/pulls/2/files?per_page=100&page=2",
                "/repositories/" + repo.id() + "/pulls/2/files?per_page=100&page=3",
                "/repositories/" + repo.id() + "/pulls/2/files?per_page=100&page=4"), targets());
    }

    @Test
    void withoutPaginationOnlyTheFirst30FilesArrive() throws IOException {
        Proc.Result r = gh(null, "api", "repos/octo/demo/pulls/2/files");

        assertTrue(r.ok(), r.describe());
        assertEquals(30, pages(r.stdout()).size());
        assertEquals(List.of("/repos/octo/demo/pulls/2/files"), targets());
    }

    @Test
    void fileListCarriesRenamesRemovalsBinariesAndPatches() throws IOException {
        Proc.Result r = gh(null, "api", "--paginate", "repos/octo/demo/pulls/1/files?per_page=10");

        assertTrue(r.ok(), r.describe());
        List<JsonNode> files = pages(r.stdout());
        assertEquals(numstat(everyShape), counts(files));
        assertEquals(3, github.requests().size());
        JsonNode renamed = byName(files, "new name.txt");
        assertEquals("renamed", renamed.path("status").asText());
        assertEquals("old name.txt", renamed.path("previous_filename").asText());
        assertEquals("removed", byName(files, "gone.txt").path("status").asText());
        assertEquals("added", byName(files, "added/new.txt").path("status").asText());
        assertTrue(byName(files, "bin.dat").path("patch").isMissingNode());
        assertEquals("@@ -1,2 +1,2 @@\n first\n-last without newline\n\\ No newline at end of file\n"
                + "+last changed, still no newline\n\\ No newline at end of file",
                byName(files, "nonl.txt").path("patch").asText());
    }

    @Test
    void diffOfMoreThan300FilesIsRefusedLikeGitHub() {
        Proc.Result diff = gh(null, "pr", "diff", "2", "-R", "octo/demo");
        Proc.Result api = gh(null, "api", "-H", "Accept: application/vnd.github.v3.diff", "repos/octo/demo/pulls/2");

        String message = "Sorry, the diff exceeded the maximum number of files (300). Consider using"
                + " 'List pull requests files' API or locally cloning the repository instead.";
        assertEquals(1, diff.exit());
        assertEquals("", diff.out());
        assertEquals("could not find pull request diff: HTTP 406: " + message
                + " (http://api.github.localhost/repos/octo/demo/pulls/2)\nPullRequest.diff too_large\n", diff.stderr());
        assertEquals(1, api.exit());
        assertEquals("gh: " + message + " (HTTP 406)\n", api.stderr());
        assertTrue(api.out().contains("\"code\":\"too_large\""), api.out());
    }

    @Test
    void diffOfMoreThan20000LinesIsRefusedLikeGitHub() {
        Proc.Result r = gh(null, "pr", "diff", "3", "-R", "octo/demo");

        assertEquals(1, r.exit());
        assertEquals("could not find pull request diff: HTTP 406: Sorry, the diff exceeded the maximum number of lines"
                + " (20000) (http://api.github.localhost/repos/octo/demo/pulls/3)\nPullRequest.diff too_large\n", r.stderr());
    }

    @Test
    void unknownPullRequestIsNotFound() {
        Proc.Result r = gh(null, "pr", "diff", "99", "-R", "octo/demo");

        assertEquals(1, r.exit());
        assertEquals("could not find pull request diff: HTTP 404: Not Found"
                + " (http://api.github.localhost/repos/octo/demo/pulls/99)\n", r.stderr());
    }

    @Test
    void requestsNoRouteServesAreAnswered404AndRecorded() {
        Proc.Result r = gh(null, "api", "repos/octo/demo/issues");

        assertEquals(1, r.exit());
        assertEquals("gh: Not Found (HTTP 404)\n", r.stderr());
        assertEquals(List.of(new RecordedRequest("GET", GitHubStandIn.API_HOST, "/repos/octo/demo/issues", "", 404, false)),
                github.unrouted());
    }

    static Stream<Arguments> faults() {
        String limit = "API rate limit exceeded for user ID 1. If you reach out to GitHub Support for help, please"
                + " include the request ID 0000:0000:0000000:0000000:00000000 and timestamp 2026-01-01 00:00:00 UTC.";
        String secondary = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
                + " If you reach out to GitHub Support for help, please include the request ID"
                + " 0000:0000:0000000:0000000:00000000.";
        return Stream.of(
                Arguments.of(Fault.BAD_CREDENTIALS, "HTTP 401: Bad credentials (" + PR1_URL + ")\n"
                        + "Try authenticating with:  gh auth login\n", "gh: Bad credentials (HTTP 401)\n"),
                Arguments.of(Fault.NOT_FOUND, "HTTP 404: Not Found (" + PR1_URL + ")\n", "gh: Not Found (HTTP 404)\n"),
                Arguments.of(Fault.RATE_LIMITED, "HTTP 403: " + limit + " (" + PR1_URL + ")\n",
                        "gh: " + limit + " (HTTP 403)\n"),
                Arguments.of(Fault.TOO_MANY_REQUESTS, "HTTP 429: " + secondary + " (" + PR1_URL + ")\n",
                        "gh: " + secondary + " (HTTP 429)\n"),
                Arguments.of(Fault.SERVER_ERROR, "HTTP 500: Server Error (" + PR1_URL + ")\n",
                        "gh: Server Error (HTTP 500)\n"));
    }

    @ParameterizedTest
    @MethodSource("faults")
    void faultsProduceGhsOwnErrors(Fault fault, String prDiffError, String apiError) {
        github.inject(fault);

        Proc.Result diff = gh(null, "pr", "diff", "1", "-R", "octo/demo");
        Proc.Result api = gh(null, "api", "repos/octo/demo/pulls/1");

        assertEquals(1, diff.exit());
        assertEquals("", diff.out());
        assertEquals("could not find pull request diff: " + prDiffError, diff.stderr());
        assertEquals(1, api.exit());
        assertEquals(apiError, api.stderr());
        assertTrue(api.out().startsWith("{\"message\":"), api.out());
    }

    @Test
    void faultLimitedToAPathPrefixFailsOnlyLaterPages() throws IOException {
        github.inject(Fault.SERVER_ERROR, "/repositories/");

        Proc.Result r = gh(null, "api", "--paginate", "repos/octo/demo/pulls/2/files?per_page=100");

        assertEquals(1, r.exit());
        assertEquals("gh: Server Error (HTTP 500)\n", r.stderr());
        List<JsonNode> printed = values(r.stdout());
        assertEquals(2, printed.size());
        assertEquals(100, printed.get(0).size());
        assertEquals("{\"message\":\"Server Error\"}", printed.get(1).toString());
        assertEquals(List.of(200, 500), github.requests().stream().map(RecordedRequest::status).toList());
    }

    @Test
    void rateLimitCarriesGitHubsHeaders() throws Exception {
        github.inject(Fault.RATE_LIMITED);

        Proc.Result r = gh(null, "api", "--include", "repos/octo/demo/pulls/1");

        assertEquals(1, r.exit());
        String head = r.out().toLowerCase();
        assertTrue(head.startsWith("http/1.1 403 forbidden"), head);
        assertTrue(head.contains("x-ratelimit-remaining: 0"), head);
        assertTrue(head.contains("x-ratelimit-reset: "), head);
        assertTrue(head.contains("retry-after: 60"), head);
    }

    @Test
    void hangingApiBlocksGhUntilKilledAndCloseReleasesIt() {
        try (GitHubStandIn hanging = GitHubStandIn.start()) {
            hanging.inject(Fault.HANG);
            Proc.Result r = Proc.attempt(List.of("gh", "pr", "diff", "1", "-R", "octo/demo"), null, hanging.ghEnv(), null,
                    Duration.ofSeconds(3));

            assertTrue(r.timedOut(), r.describe());
            assertEquals(List.of("/repos/octo/demo/pulls/1"),
                    hanging.requests().stream().map(RecordedRequest::target).toList());
            long start = System.nanoTime();
            hanging.close();
            assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 5, "close() waited on a hung handler");
        }
    }

    @Test
    void unreachableStandInIsAProxyConnectionError() {
        Map<String, String> env;
        int port;
        try (GitHubStandIn gone = GitHubStandIn.start()) {
            env = gone.ghEnv();
            port = gone.port();
        }
        Proc.Result diff = Proc.attempt(List.of("gh", "pr", "diff", "1", "-R", "octo/demo"), null, env, null, TIMEOUT);
        Proc.Result api = Proc.attempt(List.of("gh", "api", "repos/octo/demo/pulls/1"), null, env, null, TIMEOUT);

        String refused = "Get \"" + PR1_URL + "\": proxyconnect tcp: dial tcp 127.0.0.1:" + port
                + ": connect: connection refused\n";
        assertEquals(1, diff.exit());
        assertEquals("could not find pull request diff: " + refused, diff.stderr());
        assertEquals(1, api.exit());
        assertEquals(refused, api.stderr());
    }

    @Test
    void gitFetchesPullRefsAndShasThroughTheProxy() {
        try (TempRepo clone = TempRepo.init()) {
            // Enough local history that git's negotiation request passes 1 KiB and is sent gzip-compressed.
            for (int i = 0; i < 40; i++) {
                clone.write("local.txt", "local " + i + "\n").commit("local " + i);
            }
            Proc.Result byRef = git(clone.dir(), "fetch", "-q", repo.cloneUrl(), "refs/pull/1/head");
            assertTrue(byRef.ok(), byRef.describe());
            assertEquals(everyShape.headSha(), clone.text("rev-parse", "FETCH_HEAD").trim());

            Proc.Result bySha = git(clone.dir(), "fetch", "-q", repo.cloneUrl(), manyFiles.headSha());
            assertTrue(bySha.ok(), bySha.describe());
            assertEquals(manyFiles.headSha(), clone.text("rev-parse", "FETCH_HEAD").trim());
        }
        List<RecordedRequest> requests = github.requests();
        assertTrue(requests.stream().allMatch(q -> q.host().equals(GitHubStandIn.HOST) && q.status() == 200), requests::toString);
        assertTrue(requests.stream().anyMatch(q -> q.method().equals("GET")
                && q.target().equals("/octo/demo.git/info/refs?service=git-upload-pack")), requests::toString);
        assertTrue(requests.stream().anyMatch(q -> q.method().equals("POST")
                && q.target().equals("/octo/demo.git/git-upload-pack")), requests::toString);
    }

    @Test
    void ghResolvesTheRepositoryFromACloneRemoteAndThePullRequestFromTheBranch() {
        try (TempRepo clone = TempRepo.init()) {
            clone.git("remote", "add", "origin", repo.cloneUrl());
            byte[] expected = oracle.gitDiff(everyShape.baseSha() + "..." + everyShape.headSha());

            Proc.Result byNumber = gh(clone.dir(), "pr", "diff", "1");
            assertTrue(byNumber.ok(), byNumber.describe());
            assertArrayEquals(expected, byNumber.stdout());
            assertEquals(List.of("GET /repos/octo/demo/pulls/1"), calls());

            github.clearRequests();
            assertTrue(git(clone.dir(), "fetch", "-q", "origin", "refs/pull/1/head:refs/heads/feature").ok());
            clone.checkout("feature");
            Proc.Result byBranch = gh(clone.dir(), "pr", "diff");
            assertTrue(byBranch.ok(), byBranch.describe());
            assertArrayEquals(expected, byBranch.stdout());
            assertEquals(List.of("POST /graphql", "GET /repos/octo/demo/pulls/1"),
                    calls().stream().filter(c -> !c.contains(".git/")).toList());
        }
    }

    private static Proc.Result gh(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("gh"));
        argv.addAll(List.of(args));
        Proc.Result r = Proc.attempt(argv, dir, github.ghEnv(), null, TIMEOUT);
        assertFalse(r.timedOut(), r.describe());
        return r;
    }

    private static Proc.Result git(Path dir, String... args) {
        return Proc.attempt(NeutralGit.argv(args), dir, github.ghEnv(), null, TIMEOUT);
    }

    private static List<String> targets() {
        return github.requests().stream().map(RecordedRequest::target).toList();
    }

    private static List<String> calls() {
        return github.requests().stream().map(q -> q.method() + " " + q.target()).toList();
    }

    /** gh --paginate prints one JSON array per page, back to back. */
    private static List<JsonNode> pages(byte[] out) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        values(out).forEach(page -> page.forEach(rows::add));
        return rows;
    }

    /** Every top-level JSON value in {@code out}, in order. */
    private static List<JsonNode> values(byte[] out) throws IOException {
        List<JsonNode> values = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(out)) {
            for (JsonNode v = JSON.readTree(parser); v != null; v = JSON.readTree(parser)) {
                values.add(v);
            }
        }
        return values;
    }

    private static JsonNode byName(List<JsonNode> files, String name) {
        return files.stream().filter(f -> f.path("filename").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no file " + name));
    }

    private static Map<String, String> counts(List<JsonNode> files) {
        Map<String, String> counts = new LinkedHashMap<>();
        for (JsonNode f : files) {
            counts.put(f.path("filename").asText(), f.path("additions").asInt() + " " + f.path("deletions").asInt());
        }
        return counts;
    }

    /** "additions deletions" per path from git's own numstat, binary files counted as 0 0 as GitHub does. */
    private static Map<String, String> numstat(PullRequestFixture pr) {
        byte[] out = oracle.git("diff", "--numstat", "-z", "-M", pr.baseSha() + "..." + pr.headSha());
        String[] tokens = new String(out, StandardCharsets.UTF_8).split("\0");
        Map<String, String> counts = new LinkedHashMap<>();
        for (int i = 0; i < tokens.length; i++) {
            String[] f = tokens[i].split("\t", 3);
            String path = f[2].isEmpty() ? tokens[i += 2] : f[2];
            counts.put(path, f[0].replace("-", "0") + " " + f[1].replace("-", "0"));
        }
        return counts;
    }
}
