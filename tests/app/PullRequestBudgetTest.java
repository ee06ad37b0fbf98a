package app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.DiffSections;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Budgets on pull requests at the sizes agents meet, through the real gh and the GitHub stand-in: a pull request
 * of 350 files (more than GitHub's diff serves) and one whose diff is over 10 MB, read over MCP with its defaults
 * and through the CLI. Every answer fits, every section shown is whole, every file is accounted for, and the
 * listed calls return the sections.
 */
@Timeout(180)
@support.Parallel
class PullRequestBudgetTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static PullRequestFixture many;
    static PullRequestFixture big;
    static McpSession s;

    @BeforeAll
    static void start() {
        many = scenario.origin.openManyFilePullRequest(2, "many-files", 350);
        big = openBigPullRequest(3);
        s = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(scenario.env));
    }

    /** Three files of about 3.6 MB each: over 10 MB of diff in under GitHub's 20,000 lines. */
    static PullRequestFixture openBigPullRequest(int number) {
        TempRepo w = scenario.origin.work();
        String back = w.text("rev-parse", "--abbrev-ref", "HEAD").trim();
        w.checkout("-b", "big", "main");
        String filler = "x".repeat(690);
        for (int f = 1; f <= 3; f++) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 5200; i++) {
                text.append(f).append(' ').append(i).append(' ').append(filler).append('\n');
            }
            w.write("big/file-" + f + ".txt", text.toString());
        }
        w.commit("three big files");
        w.checkout(back);
        return scenario.origin.openPullRequest(number, "big", "main", "big");
    }

    @AfterAll
    static void stop() {
        if (s != null) {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    static Map<String, byte[]> gitSections(PullRequestFixture pr) {
        return DiffSections.sectionsOf(scenario.clone.gitDiff(pr.baseSha() + "..." + pr.headSha()));
    }

    @Test
    void a350FilePullRequestFitsItsBudgetAndAccountsForEveryFile() throws Exception {
        String whole = McpCalls.ok(s, "get_pull_request_diff", McpCalls.args("{\"pr_number\":2,"
                + "\"max_bytes\":200000}"));
        assertEquals(350, DiffSections.split(whole.getBytes(StandardCharsets.UTF_8), DiffSections::toolCall).shown().size(),
                "350 small files fit 200000 bytes");
        Map<String, byte[]> git = gitSections(many);
        assertEquals(350, git.size());
        // Too small for a table of every file: the table takes half of it at most, the sections the rest.
        int budget = 12_000;
        JsonNode result = s.callResult("get_pull_request_diff",
                McpCalls.args("{\"pr_number\":2,\"max_bytes\":" + budget + "}"));
        byte[] text = McpCalls.text(result).getBytes(StandardCharsets.UTF_8);
        assertTrue(text.length <= budget, text.length + " bytes");
        DiffSections.Answer a = DiffSections.split(text, DiffSections::toolCall);
        Set<String> seen = new HashSet<>();
        a.shown().forEach((path, bytes) -> {
            assertEquals(new String(git.get(path), StandardCharsets.UTF_8), new String(bytes, StandardCharsets.UTF_8));
            assertTrue(seen.add(path));
        });
        a.listed().keySet().forEach(path -> assertTrue(seen.add(path), path));
        assertTrue(git.keySet().containsAll(seen));
        assertEquals(350, seen.size() + a.more(), "every file shown, listed or counted as more, once");
        assertTrue(a.shown().size() > 10, a.toc());
        assertTrue(text.length - a.toc().length() > budget / 6, a.toc());
        // The table ends with the call listing all.
        assertTrue(a.more() > 0, a.toc());
        String list = a.toc().substring(a.toc().indexOf("list them all: ") + "list them all: ".length()).strip();
        com.fasterxml.jackson.databind.node.ObjectNode args =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(list.substring(list.indexOf(' ') + 1));
        // files_only: the FileList is the text, once, in pages within the call's max_bytes; structuredContent is the
        // envelope counting those files.
        int files = 0;
        for (int skip = 0; skip >= 0; ) {
            JsonNode listed = s.callResult(list.substring(0, list.indexOf(' ')), args.put("skip", skip));
            assertTrue(Json.write(listed).getBytes(StandardCharsets.UTF_8).length <= budget, list);
            JsonNode page = Json.MAPPER.readTree(listed.at("/content/0/text").asText());
            files += page.get("files").size();
            assertEquals(350, listed.at("/structuredContent/data/summary/files").asInt(), list);
            assertEquals(0, listed.at("/structuredContent/data/changes").size(), list);
            skip = page.path("pagination").path("has_more").asBoolean() ? page.at("/pagination/next_skip").asInt() : -1;
        }
        assertEquals(350, files, list);
    }

    /**
     * One file of a pull request larger than the budget reads in pages of its lines, as a local range's does: the
     * first pages joined are the start of its section in gh pr diff.
     */
    @Test
    void aFileOverTheBudgetReadsInPagesOfItsLines() {
        Proc.Result gh = Proc.run(List.of("gh", "pr", "diff", "3", "-R", "octo/demo"), scenario.clone.dir(), scenario.env,
                Duration.ofSeconds(60));
        assertEquals(0, gh.exit(), gh.stderr());
        String section = new String(DiffSections.sectionsOf(gh.stdout()).get("big/file-2.txt"), StandardCharsets.UTF_8);
        StringBuilder joined = new StringBuilder();
        String call = "get_pull_request_diff {\"pr_number\":3,\"file\":\"big/file-2.txt\",\"max_bytes\":50000}";
        for (int page = 0; page < 3; page++) {
            JsonNode result = s.callResult(call.substring(0, call.indexOf(' ')),
                    McpCalls.args(call.substring(call.indexOf(' ') + 1)));
            assertTrue(Json.write(result).getBytes(StandardCharsets.UTF_8).length <= 50_000, result.toString());
            String[] apart = McpCalls.guidanceApart(McpCalls.text(result));
            joined.append(apart[0]);
            assertTrue(apart[1].contains("of big/file-2.txt's section (hunks 1 to 1 of 1) shown, budget 50000; the next"
                    + " lines: get_pull_request_diff "), apart[1]);
            call = apart[1].substring(apart[1].indexOf("the next lines: ") + "the next lines: ".length()).strip();
        }
        assertTrue(joined.length() > 100_000, joined.length() + " characters");
        assertEquals(section.substring(0, joined.length()), joined.toString());
    }

    @Test
    void walkingPagesUnderTheDefaultBudgetLosesAndRepeatsNothing() {
        Set<String> seen = new HashSet<>();
        for (int skip = 0; skip < 350; skip += 100) {
            JsonNode result = s.callResult("get_pull_request_diff",
                    McpCalls.args("{\"pr_number\":2,\"top\":100,\"max_bytes\":8000,\"skip\":" + skip + "}"));
            DiffSections.Answer a = DiffSections.split(McpCalls.text(result).getBytes(StandardCharsets.UTF_8), DiffSections::toolCall);
            a.shown().keySet().forEach(path -> assertTrue(seen.add(path), "repeated " + path));
            a.listed().keySet().forEach(path -> assertTrue(seen.add(path), "repeated " + path));
            assertEquals(Math.min(100, 350 - skip), a.shown().size() + a.listed().size() + a.more(), a.toc());
            assertTrue(a.shown().size() > 0);
        }
        assertTrue(gitSections(many).keySet().containsAll(seen));
    }

    @Test
    void aDiffOver10MbIsListedAndEachFileReadInPagesWithinTheBudget() throws Exception {
        Proc.Result gh = Proc.run(List.of("gh", "pr", "diff", "3", "-R", "octo/demo"), scenario.clone.dir(), scenario.env,
                Duration.ofSeconds(60));
        assertEquals(0, gh.exit(), gh.stderr());
        assertTrue(gh.stdout().length > 10_000_000, gh.stdout().length + " bytes");
        Map<String, byte[]> live = DiffSections.sectionsOf(gh.stdout());

        JsonNode result = s.callResult("get_pull_request_diff", McpCalls.args("{\"pr_number\":3}"));
        DiffSections.Answer a = DiffSections.split(McpCalls.text(result).getBytes(StandardCharsets.UTF_8), DiffSections::toolCall);
        assertEquals(Set.of(), a.shown().keySet());
        assertEquals(live.keySet(), a.listed().keySet());
        // A file's call keeps the budget: it answers the first page of the section's lines, naming the next.
        String call = a.listed().get("big/file-2.txt");
        JsonNode args = Json.MAPPER.readTree(call.substring(call.indexOf(' ') + 1));
        JsonNode first = s.callResult("get_pull_request_diff", args);
        assertTrue(Json.write(first).getBytes(StandardCharsets.UTF_8).length <= 100_000, call);
        String[] apart = McpCalls.guidanceApart(McpCalls.text(first));
        assertTrue(new String(live.get("big/file-2.txt"), StandardCharsets.UTF_8).startsWith(apart[0]), call);
        assertTrue(apart[0].length() > 50_000, apart[0].length() + " bytes");
        assertTrue(apart[1].startsWith("# prdiff: lines 1 to ") && apart[1].contains("; the next lines: "
                + "get_pull_request_diff "), apart[1]);

        Proc.Result cli = PrdiffCli.run(scenario.env, "3", "-R", "octo/demo", "--max-bytes", "5000000");
        assertEquals(0, cli.exit(), cli.stderr());
        DiffSections.Answer c = DiffSections.split(cli.stdout(), DiffSections::cliCall);
        assertTrue(cli.stdout().length <= 5_000_000);
        assertEquals(1, c.shown().size());
        assertEquals(2, c.listed().size());
        c.shown().forEach((path, bytes) -> assertEquals(new String(live.get(path), StandardCharsets.ISO_8859_1),
                new String(bytes, StandardCharsets.ISO_8859_1)));
    }
}
