package app;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpCalls;
import support.McpSession;
import support.PrdiffCli;
import support.Proc;
import support.McpCalls;
import support.McpSession;
import support.PrdiffCli;
import support.TempRepo;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each rule on what a call may combine is worded once (app's RequestRules) and reaches both front ends in their
 * own names: the CLI's as a usage error (exit 2), MCP's as an isError INVALID_INPUT.
 */
@Timeout(60)
@support.Parallel
class RequestRulesTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static McpSession mcp;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "a\n");
        repo.commit("base");
        repo.write("a.txt", "b\n");
        repo.commit("change");
        mcp = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), mcp.finish(McpSession.WAIT));
    }

    @Test
    void aDiffstatAndAFileListAreTwoAnswersInBothFrontEnds() {
        assertCli("--stat and --files-only are two answers: choose one", "HEAD~1...HEAD", "--stat", "--files-only");
        assertMcp("stat and files_only are two answers: choose one", "get_pull_request_diff",
                "{\"pr_number\": 1, \"stat\": true, \"files_only\": true}");
    }

    @Test
    void aLayoutNeedsADiffInBothFrontEnds() {
        assertCli("--line-numbers, --side-by-side, --width and --tab-width lay out the diff; they do not combine with --stat",
                "HEAD~1...HEAD", "--stat", "--side-by-side");
        assertMcp("format, line_numbers and width lay out the diff; they do not combine with stat", "get_diff",
                "{\"base\": \"HEAD~1\", \"stat\": true, \"format\": \"side_by_side\"}");
        assertMcp("format, line_numbers and width lay out the diff; they do not combine with files_only",
                "get_pull_request_diff", "{\"pr_number\": 1, \"files_only\": true, \"line_numbers\": true}");
    }

    @Test
    void theEnvelopeIsADiffsInBothFrontEnds() {
        assertCli("--json is the diff's envelope: it does not combine with --stat", "HEAD~1...HEAD", "--json",
                "--stat");
        assertMcp("json is the diff's envelope: it does not combine with files_only", "get_pull_request_diff",
                "{\"pr_number\": 1, \"json\": true, \"files_only\": true}");
        assertMcp("json is the diff's envelope: it does not combine with stat", "get_diff",
                "{\"base\": \"HEAD~1\", \"json\": true, \"stat\": true}");
    }

    @Test
    void aWidthNeedsSideBySideInBothFrontEnds() {
        assertCli("--width applies only with --side-by-side", "HEAD~1...HEAD", "--width", "80");
        assertCli("--tab-width applies only with --side-by-side", "HEAD~1...HEAD", "--line-numbers", "--tab-width",
                "4");
        assertMcp("width applies only with format side_by_side", "get_diff", "{\"base\": \"HEAD~1\", \"width\": 80}");
        assertMcp("width applies only with format side_by_side", "get_commit_diff",
                "{\"hash\": \"HEAD\", \"format\": \"unified\", \"width\": 80}");
    }

    /**
     * How the command line names its target: MCP's tools each take one kind (get_commit_diff a commit, get_diff a
     * base and head) and have no --cached or --untracked, so these rules meet the CLI alone, with the exit codes
     * they always had.
     */
    @Test
    void theCommandLineNamesOneTarget() {
        assertCliError("--commit cannot be combined with a TARGET or --base", "--commit", "HEAD", "HEAD~1...HEAD");
        assertCliError("--commit cannot be combined with a TARGET or --base", "--commit", "HEAD", "--base", "HEAD~1");
        assertCliError("--base applies only when no TARGET is given (it means BASE...HEAD)", "--base", "HEAD~1",
                "HEAD~1...HEAD");
        assertCli("--cached shows the index only and --untracked the work tree: choose one", "--cached",
                "--untracked");
        assertCli("--cached and --untracked apply only with no TARGET (the branch since its merge base)",
                "HEAD~1...HEAD", "--cached");
    }

    /** --log --stat is each commit with its diffstat; MCP's log and stat stay apart, its line budget cutting items. */
    @Test
    void aListOfCommitsTakesItsDiffstatsOnTheCommandLineOnly() {
        assertEquals(0, PrdiffCli.in(repo.dir(), "HEAD~1...HEAD", "--log", "--stat").exit());
        assertMcp("log is an answer of its own: it does not combine with stat", "get_diff",
                "{\"base\": \"HEAD~1\", \"log\": true, \"stat\": true}");
    }

    /** MCP's cursor continues a diff's sections: a diffstat or a list of commits has none. */
    @Test
    void aCursorContinuesADiff() {
        assertMcp("cursor continues a diff, not a diffstat: drop stat or it", "get_diff",
                "{\"base\": \"HEAD~1\", \"stat\": true, \"cursor\": \"10.0\"}");
        assertMcp("cursor continues a diff, not a list of commits: drop log or it", "get_diff",
                "{\"base\": \"HEAD~1\", \"log\": true, \"cursor\": \"10.0\"}");
    }

    /** MCP's info answers a pull request's metadata: an argument that shapes a diff is refused, not ignored. */
    @Test
    void infoTakesOnlyWhatNamesThePullRequest() {
        assertMcp("info answers the pull request's metadata, not a diff: it takes only pr_number, info, repo,"
                + " repo_path, max_bytes, iteration; drop top", "get_pull_request_diff",
                "{\"pr_number\": 1, \"info\": true, \"top\": 3}");
        assertMcp("info answers the pull request's metadata, not a diff: it takes only pr_number, info, repo,"
                + " repo_path, max_bytes, iteration; drop context_lines", "get_pull_request_diff",
                "{\"pr_number\": 1, \"repo\": \"o/r\", \"info\": true, \"context_lines\": 1}");
    }

    private static void assertCli(String message, String... args) {
        Proc.Result r = PrdiffCli.in(repo.dir(), args);
        assertEquals(2, r.exit(), r.stderr());
        assertEquals("prdiff: usage error: " + message, r.stderr().lines().findFirst().orElse(""), r.stderr());
    }

    /** A rule checked on the request the CLI made: INVALID_INPUT, exit 1. */
    private static void assertCliError(String message, String... args) {
        Proc.Result r = PrdiffCli.in(repo.dir(), args);
        assertEquals(1, r.exit(), r.stderr());
        assertEquals("prdiff: error [INVALID_INPUT]: " + message, r.stderr().lines().findFirst().orElse(""),
                r.stderr());
    }

    private static void assertMcp(String message, String tool, String arguments) {
        JsonNode body = McpCalls.toolError(mcp.callResult(tool, McpCalls.args(arguments)), "INVALID_INPUT");
        assertEquals(message, body.get("message").asText(), body.toString());
    }
}
