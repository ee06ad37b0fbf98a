package azure;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.app.Target;
import dev.prdiff.cache.DiskAnswers;
import dev.prdiff.cli.Cli;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.git.Session;
import dev.prdiff.git.TlsRoots;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import support.AzureDevOpsStandIn;
import support.GitCounts;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole CLI in-process against the Azure DevOps stand-in (REST and git's smart HTTP on loopback HTTPS): an Azure
 * Repos pull request's diff is git's own {@code git diff target...source} for the chosen iteration.
 */
@support.Parallel
class AzureCliTest {
    static final String TOKEN = "azure-cli-secret-that-must-never-show-5c1d";
    static AzureDevOpsStandIn azure;
    static TempRepo work;
    static AzureDevOpsStandIn.Iteration first;
    static AzureDevOpsStandIn.Iteration second;
    Path cloneParent;
    Path clone;
    Map<String, String> env;

    @BeforeAll
    static void start() {
        azure = AzureDevOpsStandIn.start();
        azure.requireToken(TOKEN);
        work = TempRepo.init();
        AzureDevOpsStandIn.TwoIterations pr = azure.forcePushedPullRequest(work,
                w -> w.write("README.md", "hello, feature\n"));
        first = pr.first();
        second = pr.second();
    }

    @AfterAll
    static void stop() {
        if (work != null) {
            work.close();
        }
        if (azure != null) {
            azure.close();
        }
    }

    @BeforeEach
    void cloneMain() {
        cloneParent = TempDirs.create("prdiff-azure-cli-");
        clone = cloneParent.resolve("clone");
        work.git("clone", "-q", "--no-local", "--single-branch", "-b", "main", azure.bare().toString(), clone.toString());
        work.git("-C", clone.toString(), "remote", "set-url", "origin", azure.cloneUrl());
        env = new HashMap<>(System.getenv());
        env.put("PRDIFF_AZURE_HOSTS", azure.host());
        env.put("AZURE_DEVOPS_EXT_PAT", TOKEN);
        env.put("PRDIFF_CACHE_DIR", "");
        env.remove("SYSTEM_ACCESSTOKEN");
    }

    @AfterEach
    void removeClone() {
        TempRepo.deleteTree(cloneParent);
    }

    /**
     * Cli.run with a session that trusts the stand-in's certificate and has it answer for dev.azure.com, as only a
     * test can make one: ORG/PROJECT/REPO and the service's ssh remotes then reach the stand-in as Coll/My Project/web,
     * and so do the service's URLs on dev.azure.com and coll.visualstudio.com.
     */
    Proc.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("-C", clone.toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrivateFolder folders = new PrivateFolder();
        try (Session session = Session.forOneCall(env, folders, DiskAnswers.forUser(env, folders),
                new TlsRoots(azure.tls().client(), azure.tls().caFile(), Map.of("dev.azure.com", azure.host(),
                        "coll.visualstudio.com", azure.host() + "/" + AzureDevOpsStandIn.COLLECTION)))) {
            int code = Cli.run(() -> session, out, new PrintStream(err, true, StandardCharsets.UTF_8), env, false,
                    all.toArray(String[]::new));
            Proc.Result r = new Proc.Result(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
            assertTrue(!r.stderr().contains(TOKEN), r.stderr());
            return r;
        }
    }

    Proc.Result ok(String... args) {
        Proc.Result r = run(args);
        assertEquals(0, r.exit(), r.stderr());
        return r;
    }

    static byte[] gitDiff(AzureDevOpsStandIn.Iteration it, String... paths) {
        List<String> args = new ArrayList<>(List.of(it.target() + "..." + it.source()));
        if (paths.length > 0) {
            args.add("--");
            args.addAll(List.of(paths));
        }
        return work.gitDiff(args.toArray(String[]::new));
    }

    @Test
    void theLatestIterationByUrlIsGitsOwnDiffWithANotice() {
        Proc.Result r = ok(azure.pullRequestUrl(42));
        assertArrayEquals(gitDiff(second), r.stdout());
        assertTrue(r.stderr().contains("iteration 2 of 2 (the latest); pass --iteration N for another"), r.stderr());
    }

    @Test
    void aNumberInACloneOfAnAzureRemoteFindsThePullRequest() {
        Proc.Result r = ok("42");
        assertArrayEquals(gitDiff(second), r.stdout());
    }

    @Test
    void anEarlierIterationIsPinnedByItsCommits() {
        Proc.Result r = ok(azure.pullRequestUrl(42), "--iteration", "1");
        assertArrayEquals(gitDiff(first), r.stdout());
        assertTrue(r.stderr().contains("iteration 1 of 2"), r.stderr());
        Proc.Result missing = run(azure.pullRequestUrl(42), "--iteration", "7");
        assertTrue(missing.exit() != 0, missing.stderr());
        assertTrue(missing.stderr().contains("omit the iteration to get the latest"), missing.stderr());
    }

    @Test
    void filesOnlyListsTheIterationsFilesWithARename() throws Exception {
        Proc.Result r = ok(azure.pullRequestUrl(42), "--files-only");
        JsonNode list = Json.MAPPER.readTree(r.out());
        List<String> seen = new ArrayList<>();
        JsonNode files = list.has("files") ? list.get("files") : list;
        files.forEach(f -> seen.add(f.get("status").asText() + " " + f.get("path").asText()));
        assertEquals(List.of("added src/app.txt", "renamed src/new.txt"), seen.stream().sorted().toList(), r.out());
        assertEquals(second.source(), list.get("head_sha").asText(), r.out());
        assertEquals("src/old.txt", files.get(1).get("previous_path").asText(), r.out());
    }

    @Test
    void infoNamesTheIterationsCommitsAndWhoOpenedIt() throws Exception {
        JsonNode info = Json.MAPPER.readTree(ok(azure.pullRequestUrl(42), "--info").out());
        assertEquals(second.source(), info.get("head_sha").asText(), info.toString());
        assertEquals(second.target(), info.get("base_sha").asText(), info.toString());
        assertEquals("Jane Developer", info.get("author").asText(), info.toString());
        assertTrue(info.get("body").asText().startsWith("Review "), info.toString());
        assertEquals(false, info.get("draft").asBoolean(true), info.toString());
    }

    @Test
    void infoCountsAreGitsOwnForTheIterationsCommits() throws Exception {
        JsonNode latest = Json.MAPPER.readTree(ok(azure.pullRequestUrl(42), "--info").out());
        GitCounts expected = GitCounts.of(work, second.target(), second.source());
        assertEquals(expected, GitCounts.of(latest), latest.toString());
        assertEquals(new GitCounts(2, 1, 1, 0), expected); // src/app.txt added, src/old.txt renamed unchanged
        JsonNode earlier = Json.MAPPER.readTree(ok(azure.pullRequestUrl(42), "--info", "--iteration", "1").out());
        assertEquals(GitCounts.of(work, first.target(), first.source()), GitCounts.of(earlier), earlier.toString());
        assertEquals(first.source(), earlier.get("head_sha").asText(), earlier.toString());
    }

    /** The clone's origin is GitHub's, so only the option can make these Azure DevOps pull requests. */
    void originOnGitHub() {
        work.git("-C", clone.toString(), "remote", "set-url", "origin", "https://github.com/octo/demo.git");
    }

    @Test
    void azureOptionNamesTheRepositoryOnTheService() {
        originOnGitHub();
        int before = azure.seen().size();
        Proc.Result r = ok("42", "--azure", "Coll/My%20Project/web");
        assertArrayEquals(gitDiff(second), r.stdout());
        assertTrue(r.stderr().contains("iteration 2 of 2 (the latest)"), r.stderr());
        assertTrue(azure.seen().subList(before, azure.seen().size()).stream()
                .anyMatch(seen -> seen.path().equals("/Coll/My Project/_apis/git/repositories/web/pullRequests/42")),
                azure.seen().toString());
        assertArrayEquals(gitDiff(first), ok("42", "--azure", "Coll/My%20Project/web", "--iteration", "1").stdout());
    }

    @Test
    void azureOptionTakesAServersRepositoryUrl() {
        originOnGitHub();
        assertArrayEquals(gitDiff(second), ok("42", "--azure", azure.cloneUrl()).stdout());
        Proc.Result pullRequestPage = run("42", "--azure", azure.pullRequestUrl(42));
        assertEquals(1, pullRequestPage.exit(), pullRequestPage.stderr());
        assertTrue(pullRequestPage.stderr().contains("not an Azure Repos repository"), pullRequestPage.stderr());
    }

    @Test
    void repoOptionNamesAnAzureReposRepositoryInEachForm() {
        originOnGitHub();
        byte[] expected = gitDiff(second);
        for (String repo : List.of("Coll/My%20Project/web", azure.cloneUrl(),
                "git@ssh.dev.azure.com:v3/Coll/My%20Project/web",
                "https://Coll@dev.azure.com/Coll/My%20Project/_git/web")) {
            Proc.Result r = ok("42", "-R", repo);
            assertArrayEquals(expected, r.stdout(), repo + ": " + r.stderr());
        }
        Proc.Result withUrl = run(azure.pullRequestUrl(42), "--azure", "Coll/My%20Project/web");
        assertEquals(1, withUrl.exit(), withUrl.stderr());
        Proc.Result both = run("42", "-R", "Coll/My%20Project/web", "--azure", "Coll/My%20Project/web");
        assertEquals(1, both.exit(), both.stderr());
        assertTrue(both.stderr().contains("[INVALID_INPUT]"), both.stderr());
    }

    @Test
    void repoOptionWithAnUnlistedServerUrlIsRefusedBeforeAnyRequest() {
        env.remove("PRDIFF_AZURE_HOSTS");
        originOnGitHub();
        int before = azure.seen().size();
        Proc.Result r = run("42", "-R", azure.cloneUrl());
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("[INVALID_INPUT]") && r.stderr().contains("PRDIFF_AZURE_HOSTS"), r.stderr());
        assertEquals(before, azure.seen().size());
    }

    @Test
    void aNumberInACloneOfAnAzureSshRemoteFindsThePullRequestOverHttps() throws Exception {
        work.git("-C", clone.toString(), "remote", "set-url", "origin", "git@ssh.dev.azure.com:v3/Coll/My%20Project/web");
        int before = azure.seen().size();
        Proc.Result r = ok("42");
        assertArrayEquals(gitDiff(second), r.stdout());
        assertTrue(r.stderr().contains("iteration 2 of 2 (the latest)"), r.stderr());
        List<AzureDevOpsStandIn.Seen> seen = azure.seen().subList(before, azure.seen().size());
        assertTrue(seen.stream().anyMatch(s -> s.path().endsWith("/git-upload-pack") && s.status() == 200), seen.toString());
        assertTrue(seen.stream().filter(s -> s.path().contains("/_apis/")).allMatch(s -> s.authorization() != null),
                seen.toString());
        JsonNode info = Json.MAPPER.readTree(ok("42", "--info").out());
        assertEquals("https://dev.azure.com/Coll/My%20Project/_git/web/pullrequest/42", info.get("url").asText(),
                info.toString());
        assertEquals(GitCounts.of(work, second.target(), second.source()), GitCounts.of(info), info.toString());
    }

    @Test
    void oneFileIsThatFilesSection() {
        Proc.Result r = ok(azure.pullRequestUrl(42), "--file", "src/app.txt");
        assertArrayEquals(gitDiff(second, "src/app.txt"), r.stdout());
    }

    @Test
    void sinceIterationIsTheInterdiff() {
        Proc.Result viaIteration = ok(azure.pullRequestUrl(42), "--since-iteration", "1");
        Proc.Result viaSha = ok(azure.pullRequestUrl(42), "--since", first.source());
        assertArrayEquals(viaSha.stdout(), viaIteration.stdout());
        assertTrue(viaIteration.stdout().length > 0, viaIteration.stderr());
    }

    @Test
    void bothServiceHostFormsReachThePullRequest() {
        originOnGitHub();
        for (String url : List.of("https://dev.azure.com/Coll/My%20Project/_git/web/pullrequest/42",
                "https://Coll.visualstudio.com/My%20Project/_git/web/pullrequest/42",
                "https://coll.visualstudio.com/DefaultCollection/My%20Project/_git/web/pullrequest/42")) {
            Proc.Result r = ok(url);
            assertArrayEquals(gitDiff(second), r.stdout(), url + ": " + r.stderr());
        }
    }

    @Test
    void bothServiceHostFormsAreAzurePullRequestTargets() {
        for (String url : List.of("https://dev.azure.com/org/My%20Project/_git/web/pullrequest/42",
                "https://org.visualstudio.com/My%20Project/_git/web/pullrequest/42")) {
            assertEquals(new Target.PullRequest(42, url), Target.parse(url, null, null));
        }
    }

    @Test
    void aServerHostNotListedGetsNoRequest() {
        env.remove("PRDIFF_AZURE_HOSTS");
        int before = azure.seen().size();
        Proc.Result r = run(azure.pullRequestUrl(42));
        assertTrue(r.exit() != 0, r.stderr());
        assertTrue(r.stderr().contains("[INVALID_INPUT]") && r.stderr().contains("PRDIFF_AZURE_HOSTS"), r.stderr());
        assertEquals(before, azure.seen().size());
    }

    /**
     * Each shape of the latest iteration (the layouts, pages, filters, budgets, -U, --stat, --log, --sha) is the
     * same shape of the local range of its commits, whose shapes the other tests hold to git's own output.
     */
    @Test
    void everyShapeIsTheShapeOfTheIterationsRange() {
        String range = second.target() + "..." + second.source();
        ok(azure.pullRequestUrl(42), "--files-only"); // fetches the commits, so that the range is local
        List<List<String>> shapes = List.of(List.of("--stat"), List.of("--top", "1"), List.of("--skip", "1"),
                List.of("--include", "src/app.txt"), List.of("--status", "renamed"), List.of("-U", "0"),
                List.of("--line-numbers"), List.of("--side-by-side", "--width", "100"), List.of("--max-lines", "1"),
                List.of("--max-bytes", "300"), List.of("--log"), List.of("--sha", second.source()),
                List.of("--sha", second.source(), "--log"), List.of("--no-binary"));
        List<String> differ = new ArrayList<>();
        for (List<String> shape : shapes) {
            List<String> viaAzure = new ArrayList<>(List.of(azure.pullRequestUrl(42)));
            viaAzure.addAll(shape);
            List<String> viaGit = new ArrayList<>(List.of(range));
            viaGit.addAll(shape);
            int pin = viaGit.indexOf("--sha"); // the iteration's head pinned: the range is the same
            if (pin > 0) {
                viaGit.subList(pin, pin + 2).clear();
            }
            Proc.Result a = run(viaAzure.toArray(String[]::new));
            Proc.Result g = run(viaGit.toArray(String[]::new));
            // a follow-up call names the target as it was typed
            String azureText = a.out().replace(azure.pullRequestUrl(42), range);
            if (a.exit() != g.exit() || !azureText.equals(g.out())) {
                differ.add(shape + ": exit " + a.exit() + " vs " + g.exit() + "\n" + a.out() + a.stderr() + "\n---\n" + g.out());
            }
        }
        assertEquals(List.of(), differ);
    }

    @Test
    void theJsonEnvelopeIsTheRangesWithTheIterationsCommits() throws Exception {
        JsonNode viaAzure = Json.MAPPER.readTree(ok(azure.pullRequestUrl(42), "--json").out());
        JsonNode viaGit = Json.MAPPER.readTree(ok(second.target() + "..." + second.source(), "--json").out());
        assertEquals(viaGit.at("/data/changes"), viaAzure.at("/data/changes"));
        assertEquals(viaGit.at("/data/summary"), viaAzure.at("/data/summary"));
        assertEquals(second.source(), viaAzure.at("/data/range/head").asText(), viaAzure.toString());
        assertEquals(second.common(), viaAzure.at("/data/range/merge_base").asText(), viaAzure.toString());
        List<String> types = new ArrayList<>();
        viaAzure.at("/data/changes").forEach(c -> types.add(c.path("status").asText(c.path("change_type").asText())));
        assertEquals(List.of("added", "renamed"), types.stream().sorted().toList(), viaAzure.toString());
    }

    @Test
    void sinceAndSinceIterationTogetherAreRefused() {
        Proc.Result r = run(azure.pullRequestUrl(42), "--since-iteration", "1", "--since", first.source());
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("give one"), r.stderr());
    }

    @Test
    void iterationOfAGitHubPullRequestIsRefusedBeforeAnyRequest() {
        originOnGitHub();
        Proc.Result r = run("7", "-R", "octo/demo", "--iteration", "1");
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("[INVALID_INPUT]") && r.stderr().contains("--iteration (MCP: iteration) applies"
                + " only to Azure DevOps pull requests"), r.stderr());
    }

    @Test
    void iterationWithoutAnAzurePullRequestIsRefused() {
        Proc.Result r = run("main...main", "--iteration", "1");
        assertTrue(r.exit() != 0, r.stderr());
        assertTrue(r.stderr().contains("apply only to Azure DevOps pull requests"), r.stderr());
    }
}
