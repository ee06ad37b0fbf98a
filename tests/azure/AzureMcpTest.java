package azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.cache.DiskAnswers;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.git.Session;
import dev.prdiff.git.TlsRoots;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import support.AzureDevOpsStandIn;
import support.GitCounts;
import support.McpCalls;
import support.McpSession;
import support.TempDirs;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * get_pull_request_diff with an Azure DevOps pull request, in-process against the stand-in (which also answers for
 * dev.azure.com): by URL or ORG/PROJECT/REPO as repo, an iteration, the interdiff since one, info's counts.
 */
@support.Parallel
class AzureMcpTest {
    static final String TOKEN = "azure-mcp-secret-that-must-never-show-9e2f";
    static AzureDevOpsStandIn azure;
    static TempRepo work;
    static AzureDevOpsStandIn.Iteration it;
    /** Pull request 42's two iterations, a force-push between them. */
    static AzureDevOpsStandIn.Iteration first;
    static AzureDevOpsStandIn.Iteration second;
    static Path cloneParent;
    static Path clone;

    @BeforeAll
    static void start() {
        azure = AzureDevOpsStandIn.start();
        azure.requireToken(TOKEN);
        work = TempRepo.init();
        AzureDevOpsStandIn.TwoIterations two = azure.forcePushedPullRequest(work, w -> {});
        first = two.first();
        second = two.second();
        work.checkout("main");
        work.checkout("-b", "app");
        work.write("src/app.txt", "an app\n").write("README.md", "hello, app\n").commit("the app");
        work.git("push", "-q", azure.bare().toString(), "app");
        azure.openPullRequest(7, "The app", "app", "main");
        it = azure.pushIteration(7, "create");
        cloneParent = TempDirs.create("prdiff-azure-mcp-");
        clone = cloneParent.resolve("clone");
        work.git("clone", "-q", "--no-local", "--single-branch", "-b", "main", azure.bare().toString(), clone.toString());
    }

    @AfterAll
    static void stop() {
        if (cloneParent != null) {
            TempRepo.deleteTree(cloneParent);
        }
        if (work != null) {
            work.close();
        }
        if (azure != null) {
            azure.close();
        }
    }

    McpSession server() {
        return server(true);
    }

    /** {@code listed}: whether PRDIFF_AZURE_HOSTS lists the stand-in (an Azure DevOps Server). */
    McpSession server(boolean listed) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PRDIFF_AZURE_HOSTS");
        if (listed) {
            env.put("PRDIFF_AZURE_HOSTS", azure.host());
        }
        env.put("AZURE_DEVOPS_EXT_PAT", TOKEN);
        env.put("PRDIFF_CACHE_DIR", "");
        env.remove("SYSTEM_ACCESSTOKEN");
        TlsRoots roots = new TlsRoots(azure.tls().client(), azure.tls().caFile(), Map.of("dev.azure.com", azure.host()));
        return McpSession.initialized(McpSession.config(clone).withEnv(env), e -> {
            PrivateFolder folders = new PrivateFolder();
            return Session.forManyCalls(e, folders, DiskAnswers.forUser(e, folders), roots);
        });
    }

    ObjectNode args(int number) {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        a.put("pr_number", number);
        a.put("repo", azure.pullRequestUrl(7));
        return a;
    }

    @Test
    void anAzureUrlAsRepoIsTheLatestIterationsDiff() {
        try (McpSession s = server()) {
            JsonNode result = s.callResult("get_pull_request_diff", args(7));
            String text = result.get("content").get(0).get("text").asText();
            assertArrayEquals(work.gitDiff(it.target() + "..." + it.source()), text.getBytes(StandardCharsets.UTF_8),
                    result.toString());
            assertTrue(!result.toString().contains(TOKEN));
            McpCalls.toolError(s.callResult("get_pull_request_diff", args(8)), "INVALID_INPUT");
        }
    }
    @Test
    void anIterationIsItsCommitsDiffAndTheLatestIsTheDefault() {
        try (McpSession s = server()) {
            ObjectNode a = McpCalls.args("repo", azure.pullRequestUrl(42));
            a.put("pr_number", 42);
            assertArrayEquals(work.gitDiff(second.target() + "..." + second.source()),
                    McpCalls.ok(s, "get_pull_request_diff", a).getBytes(StandardCharsets.UTF_8));
            a.put("iteration", 1);
            assertArrayEquals(work.gitDiff(first.target() + "..." + first.source()),
                    McpCalls.ok(s, "get_pull_request_diff", a).getBytes(StandardCharsets.UTF_8));
            a.put("iteration", 9);
            JsonNode missing = McpCalls.toolError(s.callResult("get_pull_request_diff", a), "NOT_FOUND");
            assertTrue(missing.get("message").asText().contains("omit the iteration"), missing.toString());
        }
    }

    @Test
    void sinceIterationIsTheInterdiffSinceThatIterationsSourceCommit() {
        try (McpSession s = server()) {
            ObjectNode bySha = McpCalls.args("repo", "Coll/My%20Project/web", "since", first.source());
            bySha.put("pr_number", 42);
            ObjectNode byIteration = McpCalls.args("repo", "Coll/My%20Project/web");
            byIteration.put("pr_number", 42);
            byIteration.put("since_iteration", 1);
            String interdiff = McpCalls.ok(s, "get_pull_request_diff", byIteration);
            assertEquals(McpCalls.ok(s, "get_pull_request_diff", bySha), interdiff);
            assertTrue(interdiff.contains("second try"), interdiff);
            byIteration.put("since", first.source());
            McpCalls.toolError(s.callResult("get_pull_request_diff", byIteration), "INVALID_INPUT");
        }
    }

    @Test
    void infoOfAnIterationCountsItsCommitsAsGitDoes() {
        try (McpSession s = server()) {
            ObjectNode a = McpCalls.args("repo", "Coll/My%20Project/web");
            a.put("pr_number", 42);
            a.put("info", true);
            JsonNode latest = McpCalls.json(McpCalls.ok(s, "get_pull_request_diff", a)).get("pull_request");
            assertEquals(GitCounts.of(work, second.target(), second.source()), GitCounts.of(latest), latest.toString());
            a.put("iteration", 1);
            JsonNode earlier = McpCalls.json(McpCalls.ok(s, "get_pull_request_diff", a)).get("pull_request");
            assertEquals(first.source(), earlier.get("head_sha").asText(), earlier.toString());
            assertEquals(GitCounts.of(work, first.target(), first.source()), GitCounts.of(earlier), earlier.toString());
        }
    }

    @Test
    void iterationsOfAGitHubPullRequestAreRefusedByName() {
        try (McpSession s = server()) {
            for (String argument : List.of("iteration", "since_iteration")) {
                ObjectNode a = McpCalls.args("repo", "octo/demo");
                a.put("pr_number", 1);
                a.put(argument, 1);
                int before = azure.seen().size();
                JsonNode error = McpCalls.toolError(s.callResult("get_pull_request_diff", a), "INVALID_INPUT");
                assertTrue(error.get("message").asText().contains("(MCP: " + argument + ") applies only to Azure"
                        + " DevOps pull requests"), error.toString());
                assertEquals(before, azure.seen().size());
            }
        }
    }

    @Test
    void anArgumentCannotSendTheTokenToAServerTheUserDidNotList() {
        try (McpSession s = server(false)) {
            int before = azure.seen().size();
            for (String repo : List.of(azure.pullRequestUrl(42), azure.cloneUrl())) {
                ObjectNode a = McpCalls.args("repo", repo);
                a.put("pr_number", 42);
                JsonNode error = McpCalls.toolError(s.callResult("get_pull_request_diff", a), "INVALID_INPUT");
                assertTrue(error.get("message").asText().contains("PRDIFF_AZURE_HOSTS"), error.toString());
            }
            assertEquals(before, azure.seen().size());
        }
    }
}
