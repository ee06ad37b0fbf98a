package app;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.BareOracle;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --since and --log on a pull request, end to end through the real gh and git against the GitHub stand-in: the
 * author pushes after a review, then rebases and force-pushes; the reviewer's clone fetches what it lacks. The
 * same answers through MCP (since and log on get_pull_request_diff, get_diff, get_changed_files, get_commit_diff).
 */
@support.Parallel
class InterdiffPullRequestTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static McpSession s;

    @BeforeAll
    static void start() {
        s = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(scenario.env));
    }

    @AfterAll
    static void stop() {
        if (s != null) {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    static Proc.Result prdiff(String... args) {
        return PrdiffCli.run(scenario.env, args);
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(scenario.env, args);
    }

    static void assertError(String code, String message, Proc.Result r) {
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("prdiff: error [" + code + "]: " + message), r.stderr());
        assertEquals(0, r.stdout().length);
    }

    static byte[] oracle(String... args) {
        try (BareOracle bare = BareOracle.cloneOf(scenario.origin.bare())) {
            return bare.diff(List.of(args), List.of());
        }
    }

    /** The author's next push: {@code change} on the feature branch, committed, pushed, the pull request moved. */
    static PullRequestFixture push(String file, String content) {
        TempRepo w = scenario.origin.work();
        w.checkout("feature");
        w.write(file, content);
        w.commit("after the review: " + file);
        return scenario.origin.refresh(1);
    }

    @Test
    void whatChangedSinceTheLastReviewAcrossAPushAndARebase() {
        String dir = scenario.clone.dir().toString();
        String reviewed = scenario.pr.headSha();
        // 1. A push on the same base: the interdiff is git diff OLD NEW; neither commit is local yet.
        String pushed = push("after-review.txt", "one more file\n").headSha();
        Proc.Result r = ok("1", "-C", dir, "--since", reviewed);
        assertArrayEquals(oracle(reviewed, pushed), r.stdout());
        assertTrue(r.stderr().contains("prdiff: fetching refs/pull/1/head"), r.stderr());
        assertTrue(r.stderr().contains("prdiff: interdiff since " + reviewed), r.stderr());
        assertTrue(r.stderr().contains("same merge base"), r.stderr());
        assertArrayEquals(r.stdout(), ok("1", "-C", dir, "--sha", pushed, "--since", reviewed.substring(0, 12)).stdout());

        // 2. main moves on and the author rebases onto it and force-pushes: a rebase alone changes nothing.
        TempRepo w = scenario.origin.work();
        w.checkout("main");
        w.write("upstream.txt", "main moves again\n");
        w.commit("main moves again");
        w.checkout("feature");
        w.git("rebase", "-q", "main");
        String rebased = scenario.origin.refresh(1).headSha();
        assertTrue(oracle(pushed, rebased).length > 0);
        Proc.Result empty = ok("1", "-C", dir, "--since", pushed);
        assertEquals("", empty.out());
        assertTrue(empty.stderr().contains("the base moved, so the old pull request's changes were replayed"),
                empty.stderr());
        assertTrue(ok("1", "-C", dir, "--since", pushed, "--files-only").out().startsWith("{\"files\":[],"));

        // 3. The rebase plus one more change: exactly that change.
        String changed = push("after-review.txt", "one more file, edited after the rebase\n").headSha();
        byte[] expected = oracle(rebased, changed);
        assertArrayEquals(expected, ok("1", "-C", dir, "--since", pushed).stdout());
        JsonNode viaMcp = s.callResult("get_pull_request_diff", McpCalls.args("{\"pr_number\":1,\"since\":\"" + pushed + "\"}"));
        assertEquals(new String(expected, StandardCharsets.UTF_8), McpCalls.text(viaMcp));
        assertTrue(McpCalls.notices(viaMcp).stream().anyMatch(n -> n.startsWith("interdiff since " + pushed)),
                viaMcp.toString());

        // 4. The commits of the pinned pull request, and the same through MCP.
        String base = scenario.origin.pull(1).orElseThrow().baseSha();
        String log;
        try (BareOracle bare = BareOracle.cloneOf(scenario.origin.bare())) {
            log = new String(bare.run("log", "--no-use-mailmap", "--abbrev=7", "--date=iso-strict",
                    "--format=%h %ad %an <%ae> %s", base + ".." + changed), StandardCharsets.UTF_8);
        }
        assertEquals(log, ok("1", "-C", dir, "--sha", changed, "--log").out());
        assertEquals(log, McpCalls.ok(s, "get_pull_request_diff", McpCalls.args("{\"pr_number\":1,\"log\":true,\"sha\":\"" + changed
                + "\"}")));
        assertError("INVALID_INPUT", "a list of commits (--log, log) cannot apply to the live pull request diff",
                prdiff("1", "-C", dir, "--log"));

        // 5. The local tools take since and log too, and agree with the CLI.
        assertEquals(new String(expected, StandardCharsets.UTF_8), McpCalls.ok(s, "get_diff",
                McpCalls.args("base", base, "head", changed, "since", pushed)));
        JsonNode files = McpCalls.fileList(s.callResult("get_changed_files", McpCalls.args("base", base,
                "head", changed, "since", pushed)));
        assertEquals("after-review.txt", files.get("files").get(0).get("path").asText(), files.toString());
        assertEquals(1, files.get("files").size(), files.toString());
        assertEquals(ok("-C", dir, "--commit", changed, "--log").out(), McpCalls.ok(s, "get_commit_diff",
                McpCalls.args("hash", changed).put("log", true)));
        assertEquals(ok("-C", dir, base + "..." + changed, "--log").out(), McpCalls.ok(s, "get_diff",
                McpCalls.args("base", base, "head", changed).put("log", true)));
    }

    @Test
    void anEarlierHeadThatWasForcePushedAwayAndNeverFetchedIsShaNotFound() {
        String dir = scenario.clone.dir().toString();
        TempRepo w = scenario.origin.work();
        String doomed = push("doomed.txt", "pushed, never fetched by the reviewer\n").headSha();
        w.git("reset", "-q", "--hard", "HEAD~1");
        push("instead.txt", "pushed over it\n");
        assertError("SHA_NOT_FOUND", "commit " + doomed + " (--since) is not in ", prdiff("1", "-C", dir, "--since", doomed));
        assertError("SHA_NOT_FOUND", "commit 0123456789abcdef0123456789abcdef01234567 (--since) is not in the local"
                + " object store", prdiff("1", "-C", dir, "--since",
                "0123456789abcdef0123456789abcdef01234567", "--sha", scenario.origin.pull(1).orElseThrow().headSha(),
                "--no-fetch"));
        JsonNode error = McpCalls.toolError(s.callResult("get_pull_request_diff", McpCalls.args("{\"pr_number\":1,\"since\":\"" + doomed + "\"}")), "SHA_NOT_FOUND");
        assertTrue(error.get("message").asText().contains("force-pushed away"), error.toString());
        assertError("INVALID_INPUT", "--since must be a commit SHA", prdiff("1", "-C", dir, "--since", "main"));
    }
}
