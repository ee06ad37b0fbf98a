package azure;

import dev.prdiff.azure.AzureChange;
import dev.prdiff.azure.AzureCredentials;
import dev.prdiff.azure.AzureHosts;
import dev.prdiff.azure.AzureIteration;
import dev.prdiff.azure.AzurePullRequest;
import dev.prdiff.azure.AzurePullRequestRef;
import dev.prdiff.azure.AzurePullRequests;
import dev.prdiff.azure.AzureRepo;
import dev.prdiff.azure.AzureRest;
import dev.prdiff.azure.AzureTargets;
import dev.prdiff.azure.AzureTls;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.ChangeType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import support.AzureDevOpsStandIn;
import support.Reply;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The REST reads against an Azure DevOps Server stand-in on loopback HTTPS, through java.net.http with a context
 * trusting only the stand-in's certificate: a pull request with two iterations (a force-push between them, a
 * rename), one with 250 changes paged both ways, and every refusal mapped to its code and hint.
 */
@Timeout(120)
@support.Parallel
class AzureRestTest {
    static final String TOKEN = "azure-pat-that-must-never-show-9d2e";
    static AzureDevOpsStandIn azure;
    static TempRepo work;
    static AzureIteration first;
    static AzureDevOpsStandIn.Iteration second;

    @BeforeAll
    static void start() {
        azure = AzureDevOpsStandIn.start();
        azure.requireToken(TOKEN);
        work = TempRepo.init();
        // a force-push: the first try is gone, a rename comes in
        second = azure.forcePushedPullRequest(work, w -> {}).second();
        work.checkout("-b", "many", "main");
        for (int i = 0; i < 250; i++) {
            work.write("many/f" + i + ".txt", i + "\n");
        }
        work.commit("many files");
        push("many");
        azure.openPullRequest(7, "Many files", "many", "main");
        azure.pushIteration(7, "create");
    }

    static void push(String... refs) {
        List<String> args = new ArrayList<>(List.of("push", "-q", azure.bare().toString()));
        args.addAll(List.of(refs));
        work.git(args.toArray(String[]::new));
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

    static AzurePullRequests api(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.putIfAbsent(AzureHosts.ENV, azure.host());
        all.put("PATH", "/nonexistent");
        return new AzurePullRequests(new AzureRest(AzureHosts.of(all), new AzureCredentials(all, Duration.ofSeconds(10)),
                Duration.ofSeconds(20), new AzureTls(azure.tls().client(), azure.tls().caFile())));
    }

    static AzurePullRequests api() {
        return api(Map.of("AZURE_DEVOPS_EXT_PAT", TOKEN));
    }

    static AzurePullRequestRef ref(int number) {
        return AzureTargets.pullRequestUrl(azure.pullRequestUrl(number), AzureHosts.of(Map.of(AzureHosts.ENV, azure.host())));
    }

    @Test
    void aPullRequestItsIterationsAndTheirChanges() {
        AzurePullRequest pr = api().pullRequest(ref(42));
        assertEquals("Add the app", pr.title());
        assertEquals("refs/heads/feature", pr.sourceRefName());
        assertEquals(second.source(), pr.sourceCommit());
        List<AzureIteration> its = api().iterations(ref(42));
        assertEquals(List.of(1, 2), its.stream().map(AzureIteration::id).toList());
        assertEquals("forcePush", its.get(1).reason());
        assertEquals(second.source(), its.get(1).sourceCommit());
        assertEquals(second.common(), its.get(1).commonCommit());
        assertEquals(its.get(0), api().iteration(ref(42), 1));

        List<AzureChange> changes = api().changes(ref(42), 2, 0, AzurePullRequests.MAX_PAGE);
        // git's own list of the same commits, renames included
        String oracle = work.text("diff", "--name-status", "-M", second.common(), second.source());
        assertEquals("A\tsrc/app.txt\nR100\tsrc/old.txt\tsrc/new.txt\n", oracle);
        assertEquals(2, changes.size());
        assertEquals("src/app.txt", changes.get(0).path());
        assertEquals(ChangeType.ADDED, changes.get(0).status());
        assertEquals(ChangeType.RENAMED, changes.get(1).status());
        assertEquals("src/old.txt", changes.get(1).originalPath());
        assertEquals("src/new.txt", changes.get(1).path());
        // iteration 2 against iteration 1: the interdiff's files
        List<AzureChange> since = api().changes(ref(42), 2, 1, 100);
        assertEquals(List.of("src/app.txt", "src/new.txt"), since.stream().map(AzureChange::path).sorted().toList());
        assertEquals(ChangeType.MODIFIED, since.stream().filter(c -> c.path().equals("src/app.txt")).findFirst().orElseThrow().status());
    }

    @Test
    void moreThanAPageOfChangesIsReadWhole() {
        for (boolean continuation : List.of(false, true)) {
            azure.pageByContinuationToken(continuation);
            try {
                int before = azure.seen().size();
                List<AzureChange> changes = api().changes(ref(7), 1, 0, 100);
                assertEquals(250, changes.size(), "continuation " + continuation);
                assertEquals(250, changes.stream().map(AzureChange::path).distinct().count());
                List<String> queries = azure.seen().subList(before, azure.seen().size()).stream()
                        .map(AzureDevOpsStandIn.Seen::query).toList();
                assertEquals(3, queries.size(), queries.toString());
                if (!continuation) {
                    assertTrue(queries.get(1).contains("$skip=100") && queries.get(2).contains("$skip=200"), queries.toString());
                } else {
                    assertTrue(queries.get(2).contains("continuationToken="), queries.toString());
                }
            } finally {
                azure.pageByContinuationToken(false);
            }
        }
    }

    PrdiffException refused(ErrorCode code, Executable call) {
        PrdiffException e = assertThrows(PrdiffException.class, call);
        assertEquals(code, e.code(), e.getMessage());
        assertFalse(e.getMessage().contains(TOKEN), e.getMessage());
        assertFalse(String.valueOf(e.details()).contains(TOKEN));
        return e;
    }

    @Test
    void notFoundSaysWhatWasNotFound() {
        PrdiffException pr = refused(ErrorCode.NOT_FOUND, () -> api().pullRequest(ref(999)));
        assertEquals("pull_request", pr.details().get("not_found"));
        assertTrue(pr.getMessage().startsWith("pull request 999 not found in Coll/My Project/web"), pr.getMessage());
        PrdiffException it = refused(ErrorCode.NOT_FOUND, () -> api().iteration(ref(42), 9));
        assertEquals("iteration", it.details().get("not_found"));
        assertTrue(it.getMessage().contains("omit the iteration to get the latest"), it.getMessage());
        refused(ErrorCode.NOT_FOUND, () -> api().changes(ref(42), 9, 0, 100));
        AzureRepo wrongRepo = new AzureRepo(azure.host(), List.of("Coll"), "My Project", "nope");
        PrdiffException repo = refused(ErrorCode.NOT_FOUND, () -> api().pullRequest(new AzurePullRequestRef(wrongRepo, 42)));
        assertEquals("repository", repo.details().get("not_found"));
        assertTrue(repo.getMessage().contains("repository 'nope' not found in project 'My Project'"), repo.getMessage());
        AzureRepo wrongProject = new AzureRepo(azure.host(), List.of("Coll"), "Nope", "web");
        PrdiffException project = refused(ErrorCode.NOT_FOUND, () -> api().iterations(new AzurePullRequestRef(wrongProject, 42)));
        assertEquals("project", project.details().get("not_found"));
    }

    @Test
    void refusedCredentialsSayHowToLogIn() {
        PrdiffException wrong = refused(ErrorCode.AUTH_ERROR,
                () -> api(Map.of("AZURE_DEVOPS_EXT_PAT", "not-" + TOKEN)).pullRequest(ref(42)));
        assertTrue(wrong.getMessage().contains("az login, or set AZURE_DEVOPS_EXT_PAT"), wrong.getMessage());
        assertEquals(401, wrong.details().get("http_status"));
        PrdiffException none = refused(ErrorCode.AUTH_ERROR, () -> api(Map.of()).pullRequest(ref(42)));
        assertTrue(none.getMessage().contains("sign-in") && none.getMessage().contains("az login"), none.getMessage());
        // the pipeline's token goes as Bearer
        assertEquals("Add the app", api(Map.of("SYSTEM_ACCESSTOKEN", TOKEN)).pullRequest(ref(42)).title());
        assertTrue(azure.seen().stream().anyMatch(s -> ("Bearer " + TOKEN).equals(s.authorization())));
    }

    @Test
    void aRateLimitGivesRetryAfterSeconds() {
        azure.replyNext(Reply.text(429, "application/json", ("{\"message\":\"TF400733: The request has been"
                + " throttled.\",\"typeKey\":\"RequestBlockedException\"}").getBytes(StandardCharsets.UTF_8))
                .with("Retry-After", "17"));
        PrdiffException e = refused(ErrorCode.RATE_LIMIT, () -> api().iterations(ref(42)));
        assertEquals(17L, e.details().get("retry_after_seconds"));
        azure.replyNext(Reply.text(500, "text/plain", "boom".getBytes(StandardCharsets.UTF_8)));
        refused(ErrorCode.NETWORK_ERROR, () -> api().iterations(ref(42)));
    }

    @Test
    void aHostNobodyConfiguredGetsNoRequestAtAll() {
        int before = azure.seen().size();
        Map<String, String> env = Map.of("AZURE_DEVOPS_EXT_PAT", TOKEN, AzureHosts.ENV, "tfs.example.com");
        PrdiffException e = refused(ErrorCode.UNTRUSTED_HOST, () -> api(env).pullRequest(ref(42)));
        assertTrue(e.getMessage().contains(AzureHosts.ENV + "=" + azure.host()), e.getMessage());
        assertEquals(before, azure.seen().size());
        // and a URL on such a host is not even taken for Azure DevOps
        assertNull(AzureTargets.pullRequestUrl(azure.pullRequestUrl(42), AzureHosts.of(Map.of())));
    }
}
