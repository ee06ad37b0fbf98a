package azure;

import dev.prdiff.azure.AzureHosts;
import dev.prdiff.azure.AzurePullRequestRef;
import dev.prdiff.azure.AzureRepo;
import dev.prdiff.azure.AzureTargets;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Azure Repos addresses as people write them, parsed into host, collection, project and repository. */
@support.Parallel
class AzureTargetsTest {
    static final AzureHosts SERVICE = AzureHosts.of(Map.of());
    static final AzureHosts WITH_SERVER = AzureHosts.of(Map.of(AzureHosts.ENV, "tfs.example.com, Build.Example:8443"));

    static AzureRepo repo(String host, List<String> collection, String project, String name) {
        return new AzureRepo(host, collection, project, name);
    }

    @Test
    void devAzureComPullRequestPages() {
        AzurePullRequestRef ref = AzureTargets.pullRequestUrl("https://dev.azure.com/contoso/Fabrikam/_git/web/pullrequest/42", SERVICE);
        assertEquals(new AzurePullRequestRef(repo("dev.azure.com", List.of("contoso"), "Fabrikam", "web"), 42), ref);
        assertEquals("https://dev.azure.com/contoso/Fabrikam/_apis/git/repositories/web", ref.repo().apiUrl());
        assertEquals("https://dev.azure.com/contoso/Fabrikam/_git/web", ref.repo().cloneUrl());
        assertEquals("contoso/Fabrikam/web", ref.repo().display());
        // query, fragment, a user part and the capitalised path word do not matter
        assertEquals(ref, AzureTargets.pullRequestUrl("https://contoso@dev.azure.com/contoso/Fabrikam/_git/web/pullRequest/42?_a=files#x", SERVICE));
        // no project segment: the project is the repository's namesake
        assertEquals(new AzurePullRequestRef(repo("dev.azure.com", List.of("contoso"), "web", "web"), 7),
                AzureTargets.pullRequestUrl("https://dev.azure.com/contoso/_git/web/pullrequest/7", SERVICE));
    }

    @Test
    void visualStudioComPullRequestPages() {
        AzurePullRequestRef ref = AzureTargets.pullRequestUrl("https://Contoso.visualstudio.com/Fabrikam/_git/web/pullrequest/42", SERVICE);
        assertEquals(new AzurePullRequestRef(repo("contoso.visualstudio.com", List.of(), "Fabrikam", "web"), 42), ref);
        assertEquals("contoso", ref.repo().organization());
        assertEquals("https://contoso.visualstudio.com/Fabrikam/_apis/git/repositories/web", ref.repo().apiUrl());
        assertEquals(ref, AzureTargets.pullRequestUrl("https://contoso.visualstudio.com/DefaultCollection/Fabrikam/_git/web/pullrequest/42", SERVICE));
    }

    @Test
    void percentEncodedNamesAreDecodedAndEncodedBack() {
        AzurePullRequestRef ref = AzureTargets.pullRequestUrl(
                "https://dev.azure.com/contoso/My%20Project/_git/caf%C3%A9+tools/pullrequest/3", SERVICE);
        assertEquals("My Project", ref.repo().project());
        assertEquals("café+tools", ref.repo().name());
        assertEquals("https://dev.azure.com/contoso/My%20Project/_git/caf%C3%A9%2Btools", ref.repo().cloneUrl());
        AzureRepo explicit = AzureTargets.explicit("contoso/My%20Project/web");
        assertEquals("My Project", explicit.project());
        assertEquals("My Project", AzureTargets.explicit("contoso/My Project/web").project());
    }

    @Test
    void remotesInEveryForm() {
        AzureRepo expected = repo("dev.azure.com", List.of("contoso"), "Fabrikam", "web");
        assertEquals(expected, AzureTargets.remote("https://contoso@dev.azure.com/contoso/Fabrikam/_git/web", SERVICE));
        assertEquals(expected, AzureTargets.remote("https://dev.azure.com/contoso/Fabrikam/_git/web", SERVICE));
        assertEquals(expected, AzureTargets.remote("git@ssh.dev.azure.com:v3/contoso/Fabrikam/web", SERVICE));
        assertEquals(expected, AzureTargets.remote("ssh://git@ssh.dev.azure.com/v3/contoso/Fabrikam/web", SERVICE));
        AzureRepo old = repo("contoso.visualstudio.com", List.of(), "Fabrikam", "web");
        assertEquals(old, AzureTargets.remote("https://contoso.visualstudio.com/DefaultCollection/Fabrikam/_git/web", SERVICE));
        assertEquals(old, AzureTargets.remote("contoso@vs-ssh.visualstudio.com:v3/contoso/Fabrikam/web", SERVICE));
        assertEquals(old, AzureTargets.remote("ssh://contoso@contoso.visualstudio.com:22/DefaultCollection/Fabrikam/_ssh/web", SERVICE));
        assertEquals(old, AzureTargets.remote("ssh://contoso@contoso.visualstudio.com:22/Fabrikam/_ssh/web", SERVICE));
        assertEquals("My Project", AzureTargets.remote("git@ssh.dev.azure.com:v3/contoso/My%20Project/web", SERVICE).project());
    }

    @Test
    void otherHostsAreNotAzure() {
        assertNull(AzureTargets.remote("https://github.com/o/r.git", SERVICE));
        assertNull(AzureTargets.remote("git@github.com:o/r.git", SERVICE));
        assertNull(AzureTargets.pullRequestUrl("https://github.com/o/r/pull/1", SERVICE));
        // an Azure-shaped path on a host nobody configured is not taken for Azure DevOps Server
        assertNull(AzureTargets.pullRequestUrl("https://evil.example/coll/p/_git/r/pullrequest/1", SERVICE));
        assertNull(AzureTargets.pullRequestUrl("https://dev.azure.com.evil.example/o/p/_git/r/pullrequest/1", SERVICE));
        assertNull(AzureTargets.pullRequestUrl("https://a.b.visualstudio.com.evil/p/_git/r/pullrequest/1", SERVICE));
        // plain http is never used
        assertNull(AzureTargets.remote("http://dev.azure.com/contoso/Fabrikam/_git/web", SERVICE));
        assertEquals(ErrorCode.INVALID_INPUT, assertThrows(PrdiffException.class,
                () -> AzureTargets.pullRequestUrl("http://dev.azure.com/o/p/_git/r/pullrequest/1", SERVICE)).code());
    }

    @Test
    void azureDevOpsServerWhenItsHostIsConfigured() {
        AzurePullRequestRef ref = AzureTargets.pullRequestUrl(
                "https://tfs.example.com/tfs/DefaultCollection/Fabrikam/_git/web/pullrequest/9", WITH_SERVER);
        assertEquals(new AzurePullRequestRef(repo("tfs.example.com", List.of("tfs", "DefaultCollection"), "Fabrikam", "web"), 9), ref);
        assertEquals("https://tfs.example.com/tfs/DefaultCollection/Fabrikam/_apis/git/repositories/web", ref.repo().apiUrl());
        AzureRepo withPort = AzureTargets.remote("https://build.example:8443/Coll/Fabrikam/_git/web", WITH_SERVER);
        assertEquals(repo("build.example:8443", List.of("Coll"), "Fabrikam", "web"), withPort);
        assertNull(AzureTargets.remote("https://build.example:9443/Coll/Fabrikam/_git/web", WITH_SERVER));
        assertNull(AzureTargets.remote("https://tfs.example.com/Coll/Fabrikam/_git/web", SERVICE));
        assertTrue(WITH_SERVER.trusts("TFS.example.com:443"));
    }

    @Test
    void malformedAzureAddressesAreInvalidInput() {
        for (String url : List.of(
                "https://dev.azure.com/contoso/Fabrikam/_git/web/pullrequest/0",
                "https://dev.azure.com/contoso/Fabrikam/_git/web/pullrequest/x1",
                "https://dev.azure.com/contoso/Fabrikam/_git/web/pullrequest/99999999999",
                "https://dev.azure.com/contoso/a/b/_git/web/pullrequest/1",
                "https://dev.azure.com/contoso/Fab%2Frikam/_git/web/pullrequest/1",
                "https://dev.azure.com/contoso/%2E%2E/_git/web/pullrequest/1",
                "https://dev.azure.com/contoso/Fab%0Arikam/_git/web/pullrequest/1",
                "https://dev.azure.com/contoso/Fab%ZZ/_git/web/pullrequest/1",
                "https://dev.azure.com/contoso/Fab%FF/_git/web/pullrequest/1")) {
            PrdiffException e = assertThrows(PrdiffException.class, () -> AzureTargets.pullRequestUrl(url, SERVICE), url);
            assertEquals(ErrorCode.INVALID_INPUT, e.code(), url);
        }
        for (String value : List.of("contoso/web", "a/b/c/d", "a//c", "a/../c")) {
            assertEquals(ErrorCode.INVALID_INPUT, assertThrows(PrdiffException.class, () -> AzureTargets.explicit(value)).code(), value);
        }
    }

    @Test
    void untrustedHostsAreRefusedNamingTheSetting() {
        PrdiffException e = assertThrows(PrdiffException.class, () -> SERVICE.requireTrusted("evil.example", "the URL"));
        assertEquals(ErrorCode.UNTRUSTED_HOST, e.code());
        assertTrue(e.getMessage().contains("PRDIFF_AZURE_HOSTS=evil.example"), e.getMessage());
        SERVICE.requireTrusted("dev.azure.com", "the URL");
        SERVICE.requireTrusted("contoso.visualstudio.com", "the URL");
        WITH_SERVER.requireTrusted("tfs.example.com", "the URL");
    }
    @Test
    void repoOptionNamesAzureReposOnlyInFormsGitHubsNeverTakes() {
        AzureRepo contoso = repo("dev.azure.com", List.of("contoso"), "Fabrikam", "web");
        assertEquals(contoso, AzureTargets.repoOption("contoso/Fabrikam/web", SERVICE));
        assertEquals(contoso, AzureTargets.repoOption("https://dev.azure.com/contoso/Fabrikam/_git/web", SERVICE));
        assertEquals(contoso, AzureTargets.repoOption("git@ssh.dev.azure.com:v3/contoso/Fabrikam/web", SERVICE));
        assertEquals(repo("tfs.example.com", List.of("tfs", "Coll"), "Fabrikam", "web"),
                AzureTargets.repoOption("https://tfs.example.com/tfs/Coll/Fabrikam/_git/web", WITH_SERVER));
        // GitHub's OWNER/REPO and HOST/OWNER/REPO (a host has a dot or a port) stay GitHub's
        for (String github : List.of("octo/demo", "github.example.com/octo/demo", "127.0.0.1:8443/octo/demo",
                "ghe.example:8443/octo/demo", "ho st/octo/demo", "-x/octo/demo", "o_x/octo/demo")) {
            assertNull(AzureTargets.repoOption(github, SERVICE), github);
        }
        // a URL that names no Azure Repos repository (an unlisted server, plain http, a pull request page) is refused
        for (String url : List.of("https://tfs.example.com/tfs/Coll/Fabrikam/_git/web", "http://dev.azure.com/contoso/Fabrikam/_git/web",
                "https://dev.azure.com/contoso/Fabrikam/_git/web/pullrequest/4", "https://github.com/octo/demo")) {
            PrdiffException e = assertThrows(PrdiffException.class, () -> AzureTargets.repoOption(url, SERVICE), url);
            assertEquals(ErrorCode.INVALID_INPUT, e.code());
        }
    }

    @Test
    void azureOptionTakesOrgProjectRepoOrARepositorysAddress() {
        AzureRepo contoso = repo("dev.azure.com", List.of("contoso"), "Fabrikam", "web");
        assertEquals(contoso, AzureTargets.repository("contoso/Fabrikam/web", SERVICE));
        assertEquals(contoso, AzureTargets.repository("git@ssh.dev.azure.com:v3/contoso/Fabrikam/web", SERVICE));
        assertEquals(repo("contoso.visualstudio.com", List.of(), "Fabrikam", "web"),
                AzureTargets.repository("https://contoso.visualstudio.com/Fabrikam/_git/web", SERVICE));
        assertEquals(ErrorCode.INVALID_INPUT, assertThrows(PrdiffException.class,
                () -> AzureTargets.repository("https://tfs.example.com/tfs/Coll/Fabrikam/_git/web", SERVICE)).code());
        assertEquals(ErrorCode.INVALID_INPUT, assertThrows(PrdiffException.class,
                () -> AzureTargets.repository("contoso/web", SERVICE)).code());
        assertEquals(ErrorCode.INVALID_INPUT, assertThrows(PrdiffException.class,
                () -> AzureTargets.repository("con.toso/Fabrikam/web", SERVICE)).code());
    }
}
