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

    /** Cli.run with a session that trusts the stand-in's certificate, as only a test can make one. */
    Proc.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("-C", clone.toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrivateFolder folders = new PrivateFolder();
        try (Session session = Session.forOneCall(env, folders, DiskAnswers.forUser(env, folders),
                new TlsRoots(azure.tls().client(), azure.tls().caFile()))) {
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

    @Test
    void iterationWithoutAnAzurePullRequestIsRefused() {
        Proc.Result r = run("main...main", "--iteration", "1");
        assertTrue(r.exit() != 0, r.stderr());
        assertTrue(r.stderr().contains("apply only to Azure DevOps pull requests"), r.stderr());
    }
}
