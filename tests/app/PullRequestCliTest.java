package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.DiffSections;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.TempRepo;
import support.TempDirs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The four shapes of a pull request diff, end to end through the real gh and git against the GitHub stand-in. */
class PullRequestCliTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static PullRequestFixture many;

    @BeforeAll
    static void start() {
        many = scenario.origin.openManyFilePullRequest(2, "many-files", 350);
    }

    @BeforeEach
    void reset() {
        scenario.github.clearFaults();
        scenario.github.clearRequests();
    }

    static Proc.Result prdiff(String... args) {
        return PrdiffCli.run(scenario.env, args);
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(scenario.env, args);
    }

    static Proc.Result gh(String... args) {
        List<String> argv = new ArrayList<>(List.of("gh"));
        argv.addAll(List.of(args));
        return Proc.run(argv, scenario.clone.dir(), scenario.env, Duration.ofSeconds(60));
    }

    static void assertError(String code, Proc.Result r) {
        assertEquals(1, r.exit(), r.stderr());
        String[] lines = r.stderr().split("\n");
        assertTrue(lines[lines.length - 1].startsWith("prdiff: error [" + code + "]: "), r.stderr());
        assertEquals(0, r.stdout().length);
    }

    @Test
    void theLiveDiffIsFilteredAndPagedBySection() throws Exception {
        Proc.Result gh = gh("pr", "diff", "1", "-R", "octo/demo");
        assertEquals(0, gh.exit(), gh.stderr());
        List<dev.prdiff.diff.FileSection> sections = dev.prdiff.diff.DiffParser.parseAll(gh.stdout());
        assertTrue(sections.size() > 1, gh.out());
        java.io.ByteArrayOutputStream walked = new java.io.ByteArrayOutputStream();
        // Pages of three sections (each page a call of gh): every page is exactly its sections, the last the rest.
        for (int skip = 0; skip < sections.size(); skip += 3) {
            Proc.Result page = ok("1", "-R", "octo/demo", "--top", "3", "--skip", String.valueOf(skip));
            java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
            sections.subList(skip, Math.min(skip + 3, sections.size())).forEach(sec -> expected.writeBytes(sec.bytes()));
            assertArrayEquals(expected.toByteArray(), page.stdout(), "--top 3 --skip " + skip);
            assertTrue(page.stderr().contains("\"total\":" + sections.size()), page.stderr());
            walked.writeBytes(page.stdout());
        }
        assertArrayEquals(gh.stdout(), walked.toByteArray());
        String first = sections.get(0).path();
        java.io.ByteArrayOutputStream rest = new java.io.ByteArrayOutputStream();
        sections.subList(1, sections.size()).forEach(sec -> rest.writeBytes(sec.bytes()));
        Proc.Result excluded = ok("1", "-R", "octo/demo", "--exclude", "/" + first);
        assertArrayEquals(rest.toByteArray(), excluded.stdout());
        assertTrue(excluded.stderr().contains("it removed 1 of " + sections.size() + " changed files"), excluded.stderr());
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        JsonNode list = json.readTree(ok("1", "-R", "octo/demo", "--files-only", "--exclude", "/" + first, "--top", "1")
                .stdout());
        assertEquals(sections.get(1).path(), list.get("files").get(0).get("path").asText(), list.toString());
        assertEquals(sections.size() - 1, list.get("pagination").get("total").asInt(), list.toString());
    }

    @Test
    void defaultIsByteIdenticalToGhPrDiff() {
        Proc.Result gh = gh("pr", "diff", "1", "-R", "octo/demo");
        assertEquals(0, gh.exit(), gh.stderr());
        assertTrue(gh.stdout().length > 1000);
        assertArrayEquals(gh.stdout(), ok("1", "-R", "octo/demo").stdout());
        assertArrayEquals(gh.stdout(), ok("#1", "-R", "octo/demo").stdout());
        assertArrayEquals(gh.stdout(), ok("http://github.localhost/octo/demo/pull/1").stdout());
        assertArrayEquals(gh.stdout(), ok("https://github.localhost/octo/demo/pull/1/files").stdout());
        assertArrayEquals(gh.stdout(), ok("octo/demo#1").stdout(), "GitHub's short reference");
        assertArrayEquals(gh.stdout(), ok("github.localhost/octo/demo/pull/1").stdout(), "a URL without its scheme");
    }

    @Test
    void theRepositoryComesFromTheClonesRemotesLikeGh() {
        assertArrayEquals(gh("pr", "diff", "1").stdout(), ok("-C", scenario.clone.dir().toString(), "1").stdout());
    }

    @Test
    void filesOnlyListsThePullRequestsFilesWithTheirCounts() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ok("1", "-R", "octo/demo", "--files-only").stdout());
        assertEquals(scenario.pr.headSha(), json.get("head_sha").asText());
        assertEquals(scenario.pr.baseSha(), json.get("base_sha").asText());
        String[] numstat = scenario.origin.work().text("diff", "--numstat", "-z", "-M", scenario.pr.baseSha() + "..." + scenario.pr.headSha())
                .split("\0");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < numstat.length; i++) {
            String[] c = numstat[i].split("\t", 3);
            String path = c[2].isEmpty() ? numstat[i += 2] : c[2];
            expected.add(path + " " + (c[0].equals("-") ? "0 0" : c[0] + " " + c[1]));
        }
        List<String> actual = new ArrayList<>();
        for (JsonNode f : json.get("files")) {
            actual.add(f.get("path").asText() + " " + f.get("additions").asLong() + " " + f.get("deletions").asLong());
        }
        assertEquals(expected, actual);
        assertEquals("old name.txt", DiffSections.find(json.get("files"), "new name.txt").get("previous_path").asText());
    }

    @Test
    void filesOnlyPagesPastGhsHundredFileLimit() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ok("2", "-R", "octo/demo", "--files-only").stdout());
        assertEquals(350, json.get("files").size());
        assertEquals("many/file-0350.txt", json.get("files").get(349).get("path").asText());
        long pages = scenario.github.requests().stream().filter(r -> r.target().contains("/files")).count();
        assertEquals(4, pages, scenario.github.requests().toString());
    }

    @Test
    void fileCutsExactSectionsFromThePullRequestDiff() {
        byte[] whole = gh("pr", "diff", "1", "-R", "octo/demo").stdout();
        var sections = dev.prdiff.diff.DiffParser.parseAll(whole);
        byte[] a = ok("1", "-R", "octo/demo", "--file", "lib/a/index.ts").stdout();
        assertArrayEquals(DiffSections.find(sections, "lib/a/index.ts").bytes(), a);
        byte[] two = ok("1", "-R", "octo/demo", "--file", "lib/b/index.ts,new name.txt").stdout();
        var expected = new java.io.ByteArrayOutputStream();
        sections.stream().filter(s -> s.touches("lib/b/index.ts") || s.touches("new name.txt"))
                .forEach(s -> expected.writeBytes(s.bytes()));
        assertArrayEquals(expected.toByteArray(), two);
        assertEquals(0, ok("1", "-R", "octo/demo", "--file", "index.ts").stdout().length);
    }

    @Test
    void shaIsComputedFromObjectsFetchedIntoAPrivateNamespace() {
        String dir = scenario.clone.dir().toString();
        String headBefore = scenario.clone.text("rev-parse", "HEAD");
        byte[] pinned = ok("1", "-C", dir, "--sha", scenario.pr.headSha(), "--file", "src/app.ts").stdout();
        assertArrayEquals(scenario.clone.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha(), "--", "src/app.ts"), pinned);
        assertEquals(scenario.pr.headSha(), scenario.clone.text("rev-parse", "refs/prdiff/pull/1/head").trim());
        assertEquals(headBefore, scenario.clone.text("rev-parse", "HEAD"));
        assertEquals("", scenario.clone.text("status", "--porcelain"));
        byte[] full = ok("1", "-C", dir, "--sha", scenario.pr.headSha()).stdout();
        assertArrayEquals(scenario.clone.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha()), full);
    }

    /** A hostile clone config: redirects, a dead proxy, hooks and an fsmonitor. The fetch must ignore all of it. */
    @Test
    void theFetchReadsNothingOfTheClonesConfig() throws Exception {
        try (TempRepo hostile = TempRepo.init()) {
            hostile.git("fetch", "-q", scenario.origin.bare().toString(), "main");
            hostile.git("reset", "-q", "--hard", "FETCH_HEAD");
            hostile.git("remote", "add", "origin", scenario.origin.cloneUrl());
            java.nio.file.Path markers = TempDirs.create("prdiff-markers-");
            java.nio.file.Path hooks = TempDirs.create("prdiff-hooks-");
            java.nio.file.Path hook = hooks.resolve("reference-transaction");
            java.nio.file.Files.writeString(hook, "#!/bin/sh\ntouch '" + markers + "/hook'\n");
            hook.toFile().setExecutable(true);
            java.net.URI standIn = java.net.URI.create(scenario.origin.cloneUrl());
            String root = standIn.getScheme() + "://" + standIn.getAuthority() + "/";
            hostile.git("config", "url.http://127.0.0.1:9/.insteadOf", root);
            hostile.git("config", "http.proxy", "http://127.0.0.1:9");
            hostile.git("config", "core.hooksPath", hooks.toString());
            hostile.git("config", "core.fsmonitor", hook.toString());
            assertTrue(hostile.run("fetch", "origin").exit() != 0, "the poison stops a plain git fetch");
            for (java.io.File marker : markers.toFile().listFiles()) {
                java.nio.file.Files.delete(marker.toPath());
            }

            byte[] pinned = ok("1", "-R", "octo/demo", "-C", hostile.dir().toString(), "--sha", scenario.pr.headSha())
                    .stdout();
            assertArrayEquals(scenario.clone.gitDiff(scenario.pr.baseSha() + "..." + scenario.pr.headSha()), pinned);
            assertEquals(scenario.pr.headSha(), hostile.text("rev-parse", "refs/prdiff/pull/1/head").trim());
            assertEquals(List.of(), List.of(markers.toFile().list()), "a hook or the fsmonitor ran");
        }
    }

    @Test
    void shaWithFilesOnlyReportsTheCommitsItUsed() throws Exception {
        JsonNode json = new ObjectMapper().readTree(
                ok("1", "-C", scenario.clone.dir().toString(), "--sha", scenario.pr.headSha(), "--files-only").stdout());
        assertEquals(scenario.pr.headSha(), json.get("head_sha").asText());
        assertEquals(scenario.pr.baseSha(), json.get("base_sha").asText());
        assertEquals("git", json.get("source").asText());
    }

    @Test
    void pinningBothShasReproducesWithoutAskingGitHub() {
        String dir = scenario.clone.dir().toString();
        byte[] first = ok("1", "-C", dir, "--sha", scenario.pr.headSha()).stdout();
        scenario.github.clearRequests();
        scenario.github.inject(support.Fault.SERVER_ERROR);
        byte[] again = ok("1", "-C", dir, "--sha", scenario.pr.headSha(), "--base-sha", scenario.pr.baseSha()).stdout();
        assertArrayEquals(first, again);
        assertTrue(scenario.github.requests().isEmpty(), scenario.github.requests().toString());
    }

    /** AC3's empirical guard: the work tree, index and a stale local PR branch have zero effect. */
    @Test
    void shaOutputIgnoresTheCheckoutEntirely() {
        try (TempRepo local = TempRepo.init()) {
            local.git("fetch", "-q", scenario.origin.bare().toString(), "main:refs/remotes/origin/main", "feature:feature");
            local.git("remote", "add", "origin", scenario.origin.cloneUrl());
            local.git("reset", "-q", "--hard", "origin/main");
            String dir = local.dir().toString();
            String[] args = {"1", "-C", dir, "--sha", scenario.pr.headSha(), "--file", "src/app.ts,lib/a/index.ts"};
            byte[] baseline = ok(args).stdout();
            assertTrue(baseline.length > 0);

            local.git("checkout", "-q", "-B", "feature", scenario.pr.headSha() + "~0");
            local.git("reset", "-q", "--hard", "origin/main");  // a stale local copy of the PR branch
            local.write("src/app.ts", "garbage written on the feature branch\n");
            local.write("lib/a/index.ts", "more garbage\n");
            local.git("add", "src/app.ts");
            assertArrayEquals(baseline, ok(args).stdout());
        }
    }

    @Test
    void anUnknownShaIsAnErrorNeverTheLiveHead() {
        String dir = scenario.clone.dir().toString();
        assertError("SHA_NOT_FOUND", prdiff("1", "-C", dir, "--sha", "0123456789abcdef0123456789abcdef01234567"));
        assertError("SHA_NOT_FOUND", prdiff("2", "-C", dir, "--sha", many.headSha(), "--no-fetch"));
        assertError("INVALID_INPUT", prdiff("1", "-C", dir, "--sha", "not-a-sha"));
        assertError("INVALID_INPUT", prdiff("1", "-C", dir, "--base-sha", scenario.pr.baseSha()));
    }

    @Test
    void noFetchWithPinnedShasNeverAsksGitHubForAMissingCommit() {
        String dir = scenario.clone.dir().toString();
        String missing = "0123456789abcdef0123456789abcdef01234567";
        String localBase = scenario.clone.text("rev-parse", "HEAD").strip();
        // Not logged in: asking GitHub first answered AUTH_ERROR ("gh auth login") instead of the missing commit.
        Map<String, String> loggedOut = new HashMap<>(scenario.env);
        loggedOut.remove("GH_TOKEN");
        for (Map<String, String> env : List.of(scenario.env, loggedOut)) {
            scenario.github.clearRequests();
            assertError("SHA_NOT_FOUND", PrdiffCli.run(env, "1", "-C", dir, "--sha", missing, "--base-sha", localBase,
                    "--no-fetch"));
            assertError("SHA_NOT_FOUND", PrdiffCli.run(env, "1", "-C", dir, "--sha", localBase, "--base-sha", missing,
                    "--no-fetch", "--files-only"));
            assertError("SHA_NOT_FOUND", PrdiffCli.run(env, "1", "-C", dir, "--sha", missing, "--no-fetch"));
            assertEquals(List.of(), scenario.github.requests());
        }
    }

    @Test
    void shaWithoutACloneSaysWhatIsNeeded() throws Exception {
        java.nio.file.Path empty = TempDirs.create("prdiff-noclone-");
        Proc.Result r = prdiff("1", "-R", "octo/demo", "-C", empty.toString(), "--sha", scenario.pr.headSha());
        assertError("NOT_A_REPOSITORY", r);
        assertTrue(r.stderr().contains("must be a local clone of octo/demo"), r.stderr());
    }

    @Test
    void aDiffGitHubRefusesIsComputedFromObjectsWithAWarning() {
        Proc.Result gh = gh("pr", "diff", "2", "-R", "octo/demo");
        assertTrue(gh.stderr().contains("HTTP 406"), gh.stderr());
        Proc.Result r = ok("2", "-C", scenario.clone.dir().toString());
        assertTrue(r.stderr().contains("warning: GitHub refused the diff of pull request #2"), r.stderr());
        assertArrayEquals(scenario.clone.gitDiff(many.baseSha() + "..." + many.headSha()), r.stdout());
    }

    @Test
    void infoPrintsTheMetadata() throws Exception {
        JsonNode info = new ObjectMapper().readTree(ok("1", "-R", "octo/demo", "--info").stdout());
        assertEquals(scenario.pr.headSha(), info.get("head_sha").asText());
        assertEquals(scenario.pr.baseSha(), info.get("base_sha").asText());
        assertEquals("feature", info.get("head_ref").asText());
        assertEquals("main", info.get("base_ref").asText());
        assertEquals("Every shape", info.get("title").asText());
        assertEquals("open", info.get("state").asText());
        assertEquals("octo/demo", info.get("repo").asText());
    }

    @Test
    void everyErrorCodeThroughTheRealGh() {
        scenario.github.inject(support.Fault.BAD_CREDENTIALS);
        Proc.Result auth = prdiff("1", "-R", "octo/demo");
        assertError("AUTH_ERROR", auth);
        assertTrue(auth.stderr().contains("gh auth login"), auth.stderr());
        assertError("AUTH_ERROR", prdiff("1", "-R", "octo/demo", "--files-only"));
        scenario.github.clearFaults();

        assertError("NOT_FOUND", prdiff("99", "-R", "octo/demo"));
        assertError("NOT_FOUND", prdiff("1", "-R", "octo/missing", "--files-only"));

        for (support.Fault limit : List.of(support.Fault.RATE_LIMITED, support.Fault.TOO_MANY_REQUESTS)) {
            scenario.github.inject(limit);
            Proc.Result r = prdiff("1", "-R", "octo/demo");
            assertError("RATE_LIMIT", r);
            assertTrue(r.stderr().contains("retry after 60s"), r.stderr());
            assertError("RATE_LIMIT", prdiff("1", "-R", "octo/demo", "--info"));
            scenario.github.clearFaults();
        }

        scenario.github.inject(support.Fault.SERVER_ERROR);
        assertError("NETWORK_ERROR", prdiff("1", "-R", "octo/demo"));
        scenario.github.clearFaults();

        scenario.github.inject(support.Fault.HANG);
        Proc.Result hang = prdiff("1", "-R", "octo/demo", "--timeout", "2");
        assertError("TIMEOUT", hang);
        // The first call of a live diff is the head check (gh api), then gh pr diff: either may be the one that hangs.
        assertTrue(hang.stderr().matches("(?s).*gh (api|pr diff) timed out after 2s.*"), hang.stderr());
        scenario.github.clearFaults();

        assertError("INVALID_INPUT", prdiff("0", "-R", "octo/demo"));
        assertError("INVALID_INPUT", prdiff("1", "-R", "not a repo"));
    }

    @Test
    void anUnreachableGitHubIsANetworkError() {
        Map<String, String> refused = new HashMap<>(scenario.env);
        for (String k : List.of("HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy")) {
            refused.put(k, "http://127.0.0.1:9");
        }
        Proc.Result r = PrdiffCli.run(refused, "1", "-R", "octo/demo");
        assertError("NETWORK_ERROR", r);
    }

    @Test
    void aMissingGhIsAPrerequisiteNamingThePackage() throws Exception {
        java.nio.file.Path bin = TempDirs.create("prdiff-nogh-");
        java.nio.file.Files.createSymbolicLink(bin.resolve("git"), java.nio.file.Path.of(
                Proc.run(List.of("sh", "-c", "command -v git"), bin, scenario.env, Duration.ofSeconds(10)).out().trim()));
        Map<String, String> noGh = new HashMap<>(scenario.env);
        noGh.put("PATH", bin.toString());
        Proc.Result r = PrdiffCli.run(noGh, "1", "-R", "octo/demo");
        assertError("PREREQUISITE", r);
        assertTrue(r.stderr().contains("'gh'"), r.stderr());
    }
}
