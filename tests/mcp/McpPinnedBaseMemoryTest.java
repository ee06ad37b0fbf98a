package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.cache.PullRequestMemoryCache;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.McpCalls;
import support.PullRequestFixture;
import support.PullRequestScenario;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * get_pull_request_diff with sha and no base asks GitHub for the pull request's base once per (host, repository,
 * number, head) and reuses it from the server's memory for PullRequestMemoryCache.PINNED_BASE_TTL: counted in the stand-in's
 * requests, every answer still git's diff of the same objects, and an unknown SHA still SHA_NOT_FOUND.
 */
@Timeout(90)
class McpPinnedBaseMemoryTest {
    PullRequestScenario scenario;
    McpSession s;

    @BeforeEach
    void start() {
        scenario = PullRequestScenario.start();
        s = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(scenario.env));
    }

    @AfterEach
    void stop() {
        try {
            if (s != null) {
                assertEquals(List.of(), s.finish(McpSession.WAIT));
            }
        } finally {
            if (scenario != null) { // null when gh is missing: the test was skipped
                scenario.close();
            }
        }
    }

    long pullRequestReads() {
        return scenario.github.requests().stream().filter(q -> q.target().endsWith("/pulls/1")).count();
    }

    String pinned(String sha, String file) {
        return McpCalls.ok(s, "get_pull_request_diff", McpCalls.argsOf("pr_number", 1, "repo",
                "octo/demo", "sha", sha, "file", file));
    }

    String git(PullRequestFixture pr, String file) {
        return new String(scenario.origin.work().gitDiff(pr.baseSha() + "..." + pr.headSha(), "--", ":(literal)" + file),
                StandardCharsets.UTF_8);
    }

    @Test
    void aPinnedHeadAsksGitHubForItsBaseOnceAndAnswersGitsDiffEveryTime() {
        PullRequestFixture pr = scenario.pr;
        long before = pullRequestReads();
        String first = pinned(pr.headSha(), "src/app.ts");
        assertEquals(before + 1, pullRequestReads());
        assertTrue(first.startsWith("diff --git a/src/app.ts b/src/app.ts\n"), first);
        for (int i = 0; i < 3; i++) {
            assertEquals(git(pr, "src/app.ts"), pinned(pr.headSha(), "src/app.ts"));
        }
        assertEquals(before + 1, pullRequestReads(), scenario.github.requests()::toString);

        JsonNode unknown = s.callResult("get_pull_request_diff", McpCalls.argsOf("pr_number", 1, "repo",
                "octo/demo", "sha", "0123456789abcdef0123456789abcdef01234567"));
        McpCalls.toolError(unknown, "SHA_NOT_FOUND");
    }

    @Test
    void aNewHeadAsksAgainWhileTheRememberedHeadKeepsItsBaseUntilItExpires() {
        PullRequestFixture first = scenario.pr;
        assertEquals(git(first, "src/app.ts"), pinned(first.headSha(), "src/app.ts"));
        long before = pullRequestReads();

        // main moves on: GitHub's base for the PR moves; the head pinned a moment ago keeps the base it was given.
        scenario.origin.work().write("main-2.txt", "main again\n");
        scenario.origin.work().commit("main again");
        PullRequestFixture baseMoved = scenario.origin.refresh(1);
        assertEquals(git(first, "src/app.ts"), pinned(first.headSha(), "src/app.ts"));
        assertEquals(before, pullRequestReads());

        // A new head is a new question: GitHub is asked, its objects fetched, the answer is git's for the new base.
        scenario.origin.work().checkout("feature");
        scenario.origin.work().write("src/app.ts", "export const app = 'pushed again';\n");
        scenario.origin.work().commit("push again");
        scenario.origin.work().checkout("main");
        PullRequestFixture pushed = scenario.origin.refresh(1);
        assertTrue(!pushed.baseSha().equals(first.baseSha()) && pushed.baseSha().equals(baseMoved.baseSha()));
        String answer = pinned(pushed.headSha(), "src/app.ts");
        assertEquals(before + 1, pullRequestReads());
        assertEquals(git(pushed, "src/app.ts"), answer);
    }

    @Test
    void aRememberedBaseExpiresAfterItsTimeToLive() {
        Instant[] now = {Instant.parse("2026-11-23T00:00:00Z")};
        Clock clock = new Clock() {
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            public Instant instant() {
                return now[0];
            }
        };
        PullRequestMemoryCache memory = new PullRequestMemoryCache(clock);
        memory.rememberPinnedBase("k", "abc");
        now[0] = now[0].plus(PullRequestMemoryCache.PINNED_BASE_TTL).minus(Duration.ofMillis(1));
        assertEquals("abc", memory.pinnedBase("k"));
        now[0] = now[0].plus(Duration.ofMillis(1));
        assertNull(memory.pinnedBase("k"));
        assertNull(memory.pinnedBase("other"));
    }
}
