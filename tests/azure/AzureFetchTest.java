package azure;

import dev.prdiff.azure.AzureCredentials;
import dev.prdiff.azure.AzureFetch;
import dev.prdiff.azure.AzureHosts;
import dev.prdiff.azure.AzureIteration;
import dev.prdiff.azure.AzurePullRequest;
import dev.prdiff.azure.AzurePullRequestRef;
import dev.prdiff.azure.AzurePullRequests;
import dev.prdiff.azure.AzureRemotes;
import dev.prdiff.azure.AzureRest;
import dev.prdiff.azure.AzureTargets;
import dev.prdiff.azure.AzureTls;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;
import dev.prdiff.git.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.AzureDevOpsStandIn;
import support.ProgramOnPath;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fetching an iteration's commits from the Azure DevOps stand-in's git smart HTTP (the real git http-backend
 * behind HTTPS on loopback, Basic auth checked) into a clone that has only main: by id, by id after a force-push
 * replaced the iteration, through refs/pull/N/merge when the server serves no id, and refused credentials. Each diff
 * of the fetched commits is checked against git's own in the repository they were made in.
 */
@Timeout(180)
@support.Parallel
class AzureFetchTest {
    static final String TOKEN = "azure-git-secret-that-must-never-show-77ab";
    static AzureDevOpsStandIn azure;
    static TempRepo work;
    static AzureDevOpsStandIn.Iteration first;
    static AzureDevOpsStandIn.Iteration second;
    Path cloneParent;
    Path clone;
    Path bin;
    Session session;

    @BeforeAll
    static void start() {
        azure = AzureDevOpsStandIn.start();
        azure.requireToken(TOKEN);
        work = TempRepo.init();
        AzureDevOpsStandIn.TwoIterations pr = azure.forcePushedPullRequest(work, w -> {});
        first = pr.first();
        second = pr.second();
        // the target branch moves on: iteration 2's target is no longer the tip of any ref
        work.checkout("main");
        work.write("README.md", "hello again\n").commit("main moves on");
        work.git("push", "-q", azure.bare().toString(), "main");
        work.checkout("feature");
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
        cloneParent = TempDirs.create("prdiff-azure-clone-");
        clone = cloneParent.resolve("clone");
        work.git("clone", "-q", "--no-local", "--single-branch", "-b", "main", azure.bare().toString(), clone.toString());
        assertTrue(work.run("-C", clone.toString(), "cat-file", "-e", second.source()).exit() != 0, "the clone lacks the pull request");
        bin = TempDirs.create("prdiff-azure-bin-");
        // every git prdiff runs writes its arguments here, then runs the real git
        ProgramOnPath.write(bin, "git", "printf '%s\\n' \"$@\" >> '" + bin.resolve("argv") + "'\n");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        session = dev.prdiff.app.Sessions.forOneCall(env);
    }

    @AfterEach
    void removeClone() {
        session.close();
        TempRepo.deleteTree(cloneParent);
        TempRepo.deleteTree(bin);
        azure.servesCommitsById(true);
    }

    AzureRest rest(String token, String hosts) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", "/nonexistent");
        env.put(AzureHosts.ENV, hosts);
        if (token != null) {
            env.put("AZURE_DEVOPS_EXT_PAT", token);
        }
        return new AzureRest(AzureHosts.of(env), new AzureCredentials(env, Duration.ofSeconds(10)), Duration.ofSeconds(30),
                new AzureTls(azure.tls().client(), azure.tls().caFile()));
    }

    AzureFetch.Fetched fetch(AzureRest rest, int iteration) {
        AzurePullRequestRef ref = AzureTargets.pullRequestUrl(azure.pullRequestUrl(42), rest.hosts());
        AzurePullRequests api = new AzurePullRequests(rest(TOKEN, azure.host()));
        AzurePullRequest pr = api.pullRequest(ref);
        AzureIteration it = api.iteration(ref, iteration);
        Git git = session.open(clone, Duration.ofSeconds(30));
        return AzureFetch.fetch(git, rest, pr, it);
    }

    String inClone(String... args) {
        List<String> all = new ArrayList<>(List.of("-C", clone.toString()));
        all.addAll(Arrays.asList(args));
        return work.text(all.toArray(String[]::new)).trim();
    }

    /** The fetched pair's diff in the clone is git's diff of the same commits where they were made. */
    void sameDiffAsGit(AzureDevOpsStandIn.Iteration it) {
        byte[] here = work.git("-C", clone.toString(), "diff", "--no-color", "-M", it.target() + "..." + it.source());
        byte[] there = work.git("diff", "--no-color", "-M", it.target() + "..." + it.source());
        assertTrue(here.length > 0);
        assertArrayEquals(there, here);
    }

    @Test
    void theLatestIterationByIdLeavingHeadIndexAndWorkTreeAlone() throws Exception {
        String head = inClone("rev-parse", "HEAD");
        String index = Files.readString(clone.resolve(".git/index"), java.nio.charset.StandardCharsets.ISO_8859_1);
        AzureFetch.Fetched f = fetch(rest(TOKEN, azure.host()), 2);
        assertEquals(AzureFetch.Via.COMMIT_IDS, f.via());
        assertEquals(second.source(), inClone("rev-parse", AzureFetch.sourceRef(42, 2)));
        assertEquals(second.target(), inClone("rev-parse", AzureFetch.targetRef(42, 2)));
        assertEquals(head, inClone("rev-parse", "HEAD"));
        assertEquals(index, Files.readString(clone.resolve(".git/index"), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals("", inClone("status", "--porcelain"));
        sameDiffAsGit(second);
        // the token went to git only as the helper's password, never as an argument
        assertTrue(azure.seen().stream().anyMatch(s -> s.path().contains("/_git/") && s.authorization() != null
                && s.status() == 200));
        assertFalse(Files.readString(bin.resolve("argv")).contains(TOKEN));
    }

    @Test
    void anIterationAForcePushReplacedIsStillFetchedById() {
        AzureFetch.Fetched f = fetch(rest(TOKEN, azure.host()), 1);
        assertEquals(AzureFetch.Via.COMMIT_IDS, f.via());
        assertEquals(first.source(), inClone("rev-parse", AzureFetch.sourceRef(42, 1)));
        sameDiffAsGit(first);
    }

    @Test
    void withoutCommitsByIdThePullRequestsMergeRefAndBranchesServe() {
        // a server that serves only the tips of its refs: iteration 2's target is not one any more
        azure.servesCommitsById(false);
        AzureFetch.Fetched f = fetch(rest(TOKEN, azure.host()), 2);
        assertEquals(AzureFetch.Via.PULL_MERGE_AND_BRANCHES, f.via());
        assertTrue(f.via().words().contains("refs/pull/N/merge"));
        assertEquals(second.source(), inClone("rev-parse", AzureFetch.sourceRef(42, 2)));
        sameDiffAsGit(second);
        // a force-pushed-over iteration is reachable from nothing the server advertises
        PrdiffException gone = assertThrows(PrdiffException.class, () -> fetch(rest(TOKEN, azure.host()), 1));
        assertEquals(ErrorCode.SHA_NOT_FOUND, gone.code(), gone.getMessage());
        assertTrue(gone.getMessage().contains(first.source()), gone.getMessage());
    }

    @Test
    void refusedCredentialsAreAuthErrorWithoutTheToken() {
        String wrong = "wrong-" + TOKEN;
        PrdiffException e = assertThrows(PrdiffException.class, () -> fetch(rest(wrong, azure.host()), 2));
        assertEquals(ErrorCode.AUTH_ERROR, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains("az login, or set AZURE_DEVOPS_EXT_PAT"), e.getMessage());
        assertFalse(e.getMessage().contains(wrong), e.getMessage());
        assertFalse(inClone("for-each-ref", "refs/prdiff/").contains("azure"));
    }

    @Test
    void theClonesConfigPlaysNoPart() {
        // a hostile clone redirecting the URL, weakening TLS and naming a credential helper of its own
        inClone("config", "url.https://evil.invalid/.insteadOf", "https://" + azure.host() + "/");
        inClone("config", "http.sslVerify", "false");
        inClone("config", "credential.helper", "!echo password=stolen; false");
        AzureFetch.Fetched f = fetch(rest(TOKEN, azure.host()), 2);
        assertEquals(AzureFetch.Via.COMMIT_IDS, f.via());
        sameDiffAsGit(second);
    }

    @Test
    void aClonesAzureRemoteNamesItsRepository() {
        AzureHosts hosts = rest(TOKEN, azure.host()).hosts();
        Git git = session.open(clone, Duration.ofSeconds(30));
        assertEquals(null, AzureRemotes.of(git, hosts)); // origin is a local path
        inClone("remote", "add", "azure", azure.cloneUrl());
        assertEquals(AzureTargets.pullRequestUrl(azure.pullRequestUrl(42), hosts).repo(),
                AzureRemotes.of(session.open(clone, Duration.ofSeconds(30)), hosts));
        inClone("remote", "set-url", "origin", "git@ssh.dev.azure.com:v3/contoso/Fabrikam/web");
        assertEquals(AzureTargets.explicit("contoso/Fabrikam/web"), AzureRemotes.of(session.open(clone, Duration.ofSeconds(30)), hosts));
    }

    @Test
    void anUntrustedHostIsRefusedBeforeGitRuns() {
        AzureRest untrusted = rest(TOKEN, "tfs.example.com");
        int before = azure.seen().size();
        AzurePullRequestRef ref = AzureTargets.pullRequestUrl(azure.pullRequestUrl(42), rest(TOKEN, azure.host()).hosts());
        AzurePullRequests api = new AzurePullRequests(rest(TOKEN, azure.host()));
        AzurePullRequest pr = api.pullRequest(ref);
        AzureIteration it = api.iteration(ref, 2);
        int afterReads = azure.seen().size();
        PrdiffException e = assertThrows(PrdiffException.class,
                () -> AzureFetch.fetch(session.open(clone, Duration.ofSeconds(30)), untrusted, pr, it));
        assertEquals(ErrorCode.UNTRUSTED_HOST, e.code());
        assertEquals(afterReads, azure.seen().size());
        assertTrue(afterReads > before);
    }
}
