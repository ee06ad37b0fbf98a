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
import support.McpCalls;
import support.McpSession;
import support.TempDirs;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** get_pull_request_diff with an Azure DevOps pull request URL as repo, in-process against the stand-in. */
@support.Parallel
class AzureMcpTest {
    static final String TOKEN = "azure-mcp-secret-that-must-never-show-9e2f";
    static AzureDevOpsStandIn azure;
    static TempRepo work;
    static AzureDevOpsStandIn.Iteration it;
    static Path cloneParent;
    static Path clone;

    @BeforeAll
    static void start() {
        azure = AzureDevOpsStandIn.start();
        azure.requireToken(TOKEN);
        work = TempRepo.init();
        work.write("README.md", "hello\n").commit("base");
        work.checkout("-b", "feature");
        work.write("src/app.txt", "an app\n").write("README.md", "hello, app\n").commit("the app");
        work.git("push", "-q", azure.bare().toString(), "main", "feature");
        azure.openPullRequest(7, "The app", "feature", "main");
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
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PRDIFF_AZURE_HOSTS", azure.host());
        env.put("AZURE_DEVOPS_EXT_PAT", TOKEN);
        env.put("PRDIFF_CACHE_DIR", "");
        env.remove("SYSTEM_ACCESSTOKEN");
        TlsRoots roots = new TlsRoots(azure.tls().client(), azure.tls().caFile());
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
}
