package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.GitHubStandIn;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.Reply;
import support.TempRepo;
import support.TokenTrap;
import support.TempDirs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a caller (an MCP argument, a pull request URL, -R) and a hostile GitHub answer may not do, through the CLI
 * entry and the MCP dispatcher with the real gh: send the environment's token to a host the user never chose, move a
 * URL's pull request to another host, put {@code ..} into an API path, have a crafted next-page link or clone_url
 * followed, or have a -C/repo_path that is no repository replaced by another directory.
 */
@Timeout(120)
@support.Parallel
class PullRequestTrustTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static PullRequestFixture many;
    static TokenTrap trap;

    @BeforeAll
    static void start() {
        many = scenario.origin.openManyFilePullRequest(2, "many-files", 250);
        trap = TokenTrap.start();
    }

    @AfterAll
    static void stop() {
        if (trap != null) {
            trap.close();
        }
    }

    @BeforeEach
    void reset() {
        scenario.github.clearFaults();
        scenario.github.clearRequests();
        trap.clear();
    }

    static Proc.Result prdiff(Map<String, String> env, String... args) {
        return PrdiffCli.run(env, args);
    }

    static void assertError(String code, Proc.Result r) {
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("prdiff: error [" + code + "]: "), r.stderr());
        assertEquals(0, r.stdout().length);
    }

    /** gh's environment with an enterprise token, and a gh config (GH_CONFIG_DIR) logged in to {@code hosts}. */
    static Map<String, String> trapEnv(String... hosts) {
        Map<String, String> env = trap.env(scenario.env);
        try {
            Path config = TempDirs.create("prdiff-gh-config-");
            StringBuilder yml = new StringBuilder();
            for (String h : hosts) {
                yml.append(h).append(":\n    oauth_token: stored-token\n    user: me\n    git_protocol: https\n");
            }
            Files.writeString(config.resolve("hosts.yml"), yml.toString());
            env.put("GH_CONFIG_DIR", config.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return env;
    }

    static JsonNode mcpError(Map<String, String> env, ObjectNode args, String code) {
        try (McpSession s = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(env))) {
            return McpCalls.toolError(s.callResult("get_pull_request_diff", args), code);
        }
    }

    @Test
    void theTrapReceivesTheTokenWhenGhIsPointedAtIt() {
        // The control: gh itself sends GH_ENTERPRISE_TOKEN to any enterprise host it is given, so the trap sees it.
        Proc.Result gh = Proc.run(List.of("gh", "pr", "diff", "1", "-R", trap.host() + "/octo/demo"),
                scenario.clone.dir(), trapEnv(), Duration.ofSeconds(30));
        assertTrue(gh.exit() != 0, gh.stderr());
        assertTrue(trap.seen().stream().anyMatch(s -> ("token " + TokenTrap.TOKEN).equals(s.authorization())),
                trap.seen() + " " + gh.stderr());
    }

    @Test
    void aCallersHostIsRefusedAndNeverReceivesTheToken() {
        Map<String, String> env = trapEnv();
        Proc.Result r = prdiff(env, "1", "-R", trap.host() + "/octo/demo");
        assertError("UNTRUSTED_HOST", r);
        assertTrue(r.stderr().contains("gh auth login --hostname " + trap.host()), r.stderr());
        assertError("UNTRUSTED_HOST", prdiff(env, "1", "-R", trap.host() + "/octo/demo", "--files-only"));
        assertError("UNTRUSTED_HOST", prdiff(env, "https://" + trap.host() + "/octo/demo/pull/1", "--info"));
        JsonNode body = mcpError(env, McpCalls.argsOf("pr_number", 1, "repo", trap.host() + "/octo/demo"),
                "UNTRUSTED_HOST");
        assertTrue(body.get("message").asText().contains(trap.host()), body.toString());
        mcpError(env, McpCalls.argsOf("pr_number", 1, "repo", trap.host() + "/octo/demo",
                "files_only", true), "UNTRUSTED_HOST");
        assertEquals(List.of(), trap.seen());
    }

    @Test
    void beingLoggedInToOtherHostsLendsACallersHostNoTrust() {
        // gh logged in to github.com and the stand-in (the user's real hosts): the trap's host is still none of them.
        Map<String, String> env = trapEnv(dev.prdiff.github.GitHubHosts.GITHUB_COM, GitHubStandIn.HOST);
        assertError("UNTRUSTED_HOST", prdiff(env, "1", "-R", trap.host() + "/octo/demo"));
        assertError("UNTRUSTED_HOST", prdiff(env, "1", "-R", trap.host() + "/octo/demo", "--files-only"));
        assertError("UNTRUSTED_HOST", prdiff(env, "https://" + trap.host() + "/octo/demo/pull/1", "--info"));
        mcpError(env, McpCalls.argsOf("pr_number", 1, "repo", trap.host() + "/octo/demo"), "UNTRUSTED_HOST");
        assertEquals(List.of(), trap.seen());
        // The hosts it is logged in to still work.
        Proc.Result ok = prdiff(env, "1", "-R", GitHubStandIn.HOST + "/octo/demo", "--info");
        assertEquals(0, ok.exit(), ok.stderr());
    }

    @Test
    void aHostGhIsLoggedInToOrTheClonesRemoteIsUsed() {
        // Logged in (gh's hosts.yml): gh runs toward it; the trap answers 404.
        // (gh 2.23's api --hostname takes no port, so these use gh pr diff, prdiff's default shape.)
        assertError("NOT_FOUND", prdiff(trapEnv(trap.host()), "1", "-R", trap.host() + "/octo/demo"));
        assertTrue(trap.seen().size() >= 1, trap.seen().toString());
        trap.clear();
        try (TempRepo clone = TempRepo.init()) {
            clone.git("remote", "add", "upstream", "https://" + trap.host() + "/octo/demo.git");
            Map<String, String> env = trapEnv();
            assertError("NOT_FOUND", prdiff(env, "1", "-R", trap.host() + "/octo/demo", "-C", clone.dir().toString()));
            assertTrue(trap.seen().size() >= 1, trap.seen().toString());
            trap.clear();
            mcpError(env, McpCalls.argsOf("pr_number", 1, "repo", trap.host() + "/octo/demo",
                    "repo_path", clone.dir().toString()), "NOT_FOUND");
            assertTrue(trap.seen().size() >= 1, trap.seen().toString());
        }
    }

    @Test
    void aUrlKeepsItsHostAndMustAgreeWithRepo() {
        // github.com is neither GH_HOST (the stand-in) nor logged in: refused, not quietly sent to GH_HOST.
        assertError("UNTRUSTED_HOST", prdiff(scenario.env, "https://github.com/octo/demo/pull/1"));
        // The URL's host is used although GH_HOST names another; gh is logged in to it.
        Map<String, String> otherGhHost = trapEnv(GitHubStandIn.HOST);
        otherGhHost.put("GH_HOST", "ghe.example");
        Proc.Result ok = prdiff(otherGhHost, "http://" + GitHubStandIn.HOST + "/octo/demo/pull/1", "--files-only");
        assertEquals(0, ok.exit(), ok.stderr());
        assertTrue(scenario.github.requests().stream().anyMatch(q -> q.target().contains("/octo/demo/pulls/1/files")));
        assertError("INVALID_INPUT", prdiff(scenario.env, "https://ghe.example/octo/demo/pull/1", "-R", "octo/demo"));
        assertError("INVALID_INPUT", prdiff(scenario.env, "http://github.localhost/octo/demo/pull/1", "-R", "octo/other"));
        assertError("INVALID_INPUT", prdiff(scenario.env, "http://github.localhost/octo/demo/pull/1", "-R",
                "ghe.example/octo/demo"));
        assertEquals(0, prdiff(scenario.env, "http://github.localhost/octo/demo/pull/1", "-R",
                "github.localhost/Octo/Demo", "--info").exit());
    }

    @Test
    void repositoryNamesFollowGitHubsRules() {
        for (String bad : List.of("../user", "octo/..", "octo/.", "./demo", "-octo/demo", "octo-/demo", "oc--to/demo",
                "o_cto/demo", "a".repeat(40) + "/demo", "octo/" + "r".repeat(101), "octo/de mo", "octo/de%2fmo",
                "ho st/octo/demo", "-x/octo/demo", "host:port/octo/demo", "octo/demo/extra/x", "octo/.git")) {
            assertError("INVALID_INPUT", prdiff(scenario.env, "1", "--repo=" + bad));
            if (bad.matches("([^/\\s]+/)?[^/\\s]+/[^/\\s]+")) { // else the tool's input schema refuses it first
                JsonNode body = mcpError(scenario.env, McpCalls.argsOf("pr_number", 1, "repo", bad),
                        "INVALID_INPUT");
                assertTrue(body.get("message").asText().contains("OWNER/REPO"), bad + " " + body);
            }
        }
        assertEquals(List.of(), scenario.github.requests());
        // Well-formed names at their limits reach GitHub, which has no such repository.
        assertError("NOT_FOUND", prdiff(scenario.env, "1", "-R", "a".repeat(39) + "/" + "r".repeat(100) + ".git", "--info"));
        assertError("NOT_FOUND", prdiff(scenario.env, "1", "-R", "o-c-t-o/d_e.m-o", "--info"));
    }

    /** Replaces the Link header of the first page of pull request 2's files. */
    static void crafted(String link) {
        scenario.github.rewrite("/repos/octo/demo/pulls/2/files", reply -> reply.with("Link", link));
    }

    @Test
    void aCraftedNextPageLinkIsNeverFollowed() {
        String api = "http://" + GitHubStandIn.API_HOST;
        for (String link : List.of(
                "http://evil.localhost/repositories/1/pulls/2/files?per_page=100&page=2",
                "http://" + trap.host() + "/repositories/1/pulls/2/files?per_page=100&page=2",
                api + "/repos/octo/other/pulls/2/files?per_page=100&page=2",
                api + "/repos/octo/demo/pulls/1/files?per_page=100&page=2",
                api + "/repositories/1/pulls/2/comments?per_page=100&page=2",
                api + "/repositories/1/pulls/2/files?per_page=100&page=7",
                api + "/repositories/1/pulls/2/files?per_page=100&page=2&q=1",
                api + "/repositories/1/pulls/2/files?per_page=3000&page=2",
                "http://user@" + GitHubStandIn.API_HOST + "/repositories/1/pulls/2/files?per_page=100&page=2",
                "/repositories/1/pulls/2/files?per_page=100&page=2")) {
            scenario.github.clearFaults();
            scenario.github.clearRequests();
            crafted("<" + link + ">; rel=\"next\"");
            Proc.Result r = prdiff(scenario.env, "2", "-R", "octo/demo", "--files-only");
            assertError("NETWORK_ERROR", r);
            assertTrue(r.stderr().contains("was not followed"), r.stderr());
            assertEquals(1, scenario.github.requests().stream().filter(q -> q.target().contains("/files")).count(),
                    link + " " + scenario.github.requests());
            mcpError(scenario.env, McpCalls.argsOf("pr_number", 2, "repo", "octo/demo", "files_only", true),
                    "NETWORK_ERROR");
        }
        // GitHub's own link, with a prev/last around it, is followed page by page.
        scenario.github.clearFaults();
        scenario.github.clearRequests();
        Proc.Result r = prdiff(scenario.env, "2", "-R", "octo/demo", "--files-only");
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(250, count(r.stdout(), "\"path\""));
        assertEquals(3, scenario.github.requests().stream().filter(q -> q.target().contains("/files")).count());
    }

    static int count(byte[] bytes, String needle) {
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8).split(java.util.regex.Pattern.quote(needle), -1).length - 1;
    }

    /** Rewrites one field of pull request 1's JSON. */
    static void answerWith(String field, String value, boolean inBaseRepo) {
        scenario.github.rewrite("/repos/octo/demo/pulls/1", reply -> {
            if (!reply.headers().getOrDefault("Content-Type", "").contains("json")) {
                return reply;
            }
            try {
                ObjectNode pr = (ObjectNode) dev.prdiff.core.Json.MAPPER.readTree(reply.body());
                ((ObjectNode) (inBaseRepo ? pr.get("base").get("repo") : pr)).put(field, value);
                return Reply.json(reply.status(), pr);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Test
    void aCloneUrlOrHtmlUrlOffThePullRequestsHostIsRefused() {
        for (String url : List.of("https://" + trap.host() + "/octo/demo.git", "ext::sh -c touch% /tmp/pwned",
                "file:///etc", "git@evil.example:octo/demo.git")) {
            scenario.github.clearFaults();
            answerWith("clone_url", url, true);
            Proc.Result r = prdiff(trapEnv(), "1", "-R", "octo/demo", "--info");
            assertError("NETWORK_ERROR", r);
            assertTrue(r.stderr().contains("clone_url"), r.stderr());
        }
        // A clone without a remote for octo/demo would fetch from clone_url: refused before git runs.
        try (TempRepo bare = TempRepo.init()) {
            scenario.github.clearFaults();
            answerWith("clone_url", "https://" + trap.host() + "/octo/demo.git", true);
            Proc.Result r = prdiff(trapEnv(), "1", "-R", "octo/demo", "-C", bare.dir().toString(), "--sha",
                    scenario.pr.headSha());
            assertError("NETWORK_ERROR", r);
            mcpError(trapEnv(), McpCalls.argsOf("pr_number", 1, "repo", "octo/demo", "repo_path",
                    bare.dir().toString(), "sha", scenario.pr.headSha()), "NETWORK_ERROR");
        }
        scenario.github.clearFaults();
        answerWith("html_url", "https://" + trap.host() + "/octo/demo/pull/1", false);
        assertError("NETWORK_ERROR", prdiff(trapEnv(), "1", "-R", "octo/demo", "--files-only"));
        // When gh chose the host (from the clone's remote), an answer that moves both URLs elsewhere is refused.
        answerWith("clone_url", "https://" + trap.host() + "/octo/demo.git", true);
        String clone = scenario.clone.dir().toString();
        assertError("UNTRUSTED_HOST", prdiff(trapEnv(), "1", "-C", clone, "--files-only"));
        assertError("UNTRUSTED_HOST", prdiff(trapEnv(), "1", "-C", clone, "--sha", scenario.pr.headSha()));
        mcpError(trapEnv(), McpCalls.argsOf("pr_number", 1, "files_only", true), "UNTRUSTED_HOST");
        assertEquals(List.of(), trap.seen());
    }

    @Test
    void aDirectoryThatIsNoRepositoryIsNeverReplacedByAnother() throws IOException {
        Path missing = scenario.clone.dir().resolveSibling("prdiff-no-such-dir");
        Path file = TempDirs.file("prdiff-file-", ".txt");
        Path plain = TempDirs.create("prdiff-plain-");
        try {
            for (String dir : List.of(missing.toString(), file.toString(), plain.toString(),
                    " " + scenario.clone.dir(), scenario.clone.dir() + " ")) {
                assertError("NOT_A_REPOSITORY", prdiff(scenario.env, "1", "-R", "octo/demo", "-C", dir));
                assertError("NOT_A_REPOSITORY", prdiff(scenario.env, "1", "-C", dir, "--files-only"));
                mcpError(scenario.env, McpCalls.argsOf("pr_number", 1, "repo", "octo/demo", "repo_path", dir),
                        "NOT_A_REPOSITORY");
            }
            assertEquals(List.of(), scenario.github.requests());
            // The clone itself, given exactly, works.
            assertEquals(0, prdiff(scenario.env, "1", "-R", "octo/demo", "-C", scenario.clone.dir().toString(), "--info")
                    .exit());
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(plain);
        }
    }
}
