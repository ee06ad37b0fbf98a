package shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.Json;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BudgetAnswer;
import support.DiffSections;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.Answer;
import static support.DiffSections.unquoted;
import static support.DiffSections.split;
import static support.DiffSections.sectionsOf;
import static support.DiffSections.shellWords;

/**
 * The truncation contract of --max-bytes (CLI) and max_bytes (MCP), against git's own diff of the same range:
 * the answer is within the budget, every section shown is one of git's sections byte for byte (none is cut),
 * every file is either shown or listed exactly once, and every listed call, run as printed, returns that file's
 * section exactly as git prints it.
 */
@support.Parallel
class ByteBudgetTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;
    /** git's sections by path, in diff order. */
    static Map<String, byte[]> sections;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        range = shas[0] + "..." + shas[1];
        sections = sectionsOf(repo.gitDiff(range));
    }

    @ParameterizedTest
    @ValueSource(ints = {512, 1000, 2000, 4000, 100_000})
    void theCliAnswerFitsCutsNoSectionAndEveryListedCallWorks(int budget) {
        Proc.Result r = PrdiffCli.ok(repo.dir(), range, "--max-bytes", String.valueOf(budget));
        Answer a = split(r.stdout(), DiffSections::cliCall);
        assertTrue(r.stdout().length <= budget, r.stdout().length + " bytes for a budget of " + budget);
        checkShownAndListed(a);
        assertEquals(!a.toc().isEmpty(), r.stderr().contains("warning: truncated: "), r.stderr());
        for (Map.Entry<String, String> e : a.listed().entrySet()) {
            List<String> words = shellWords(e.getValue());
            assertEquals("prdiff", words.get(0));
            Proc.Result again = PrdiffCli.run(words.subList(1, words.size()).toArray(String[]::new));
            assertEquals(0, again.exit(), e.getValue() + ": " + again.stderr());
            assertEquals(new String(sections.get(unquoted(e.getKey())), StandardCharsets.ISO_8859_1),
                    new String(again.stdout(), StandardCharsets.ISO_8859_1), e.getValue());
        }
    }

    /** The budget counts the bytes laid out: side by side, a row is far longer than its diff line. */
    @ParameterizedTest
    @ValueSource(strings = {"--side-by-side", "--line-numbers"})
    void theBudgetCountsTheBytesLaidOut(String layout) {
        Proc.Result whole = PrdiffCli.ok(repo.dir(), range, layout);
        int budget = whole.stdout().length / 2;
        Proc.Result r = PrdiffCli.ok(repo.dir(), range, layout, "--max-bytes", String.valueOf(budget));
        assertTrue(r.stdout().length <= budget, r.stdout().length + " bytes for a budget of " + budget);
        String text = new String(r.stdout(), StandardCharsets.UTF_8);
        BudgetAnswer answer = BudgetAnswer.parse(r.stdout(), DiffSections::cliCall);
        assertFalse(answer.toc().isEmpty(), text);
        // Each section shown is a section of the whole laid-out answer.
        String all = new String(whole.stdout(), StandardCharsets.UTF_8);
        for (String section : new String(answer.diff(), StandardCharsets.UTF_8).split("(?m)^(?=diff --git )")) {
            assertTrue(all.contains(section), section);
        }
    }

    @Test
    void aBudgetLargerThanTheDiffChangesNothing() {
        assertEquals(new String(repo.gitDiff(range), StandardCharsets.ISO_8859_1), new String(
                PrdiffCli.ok(repo.dir(), range, "--max-bytes", "10000000").stdout(), StandardCharsets.ISO_8859_1));
    }

    /**
     * The boundary: on the CLI a budget of exactly the diff's length keeps it whole, one byte less cuts it. A tool's
     * budget counts its whole result (the text as JSON escapes it, structuredContent, _meta): every such answer is
     * within it, and one comfortably above the whole result keeps the diff whole.
     */
    @Test
    void aBudgetOfExactlyTheDiffsLengthKeepsItWhole() throws Exception {
        byte[] git = repo.gitDiff(range);
        String[] shas = range.split("\\.\\.\\.");
        try (McpSession s = McpSession.initialized(repo.dir())) {
            for (int budget : new int[] {git.length - 1, git.length, git.length + 1}) {
                byte[] cli = PrdiffCli.ok(repo.dir(), range, "--max-bytes", String.valueOf(budget)).stdout();
                if (budget < git.length) {
                    assertTrue(cli.length <= budget, cli.length + " bytes for a budget of " + budget);
                    Answer a = split(cli, DiffSections::cliCall);
                    checkShownAndListed(a);
                    assertFalse(a.toc().isEmpty());
                } else {
                    assertEquals(new String(git, StandardCharsets.ISO_8859_1),
                            new String(cli, StandardCharsets.ISO_8859_1), budget + " for " + git.length + " bytes");
                }
                String args = "{\"base\":\"" + shas[0] + "\",\"head\":\"" + shas[1] + "\",\"max_bytes\":" + budget + "}";
                JsonNode result = s.callResult("get_diff", McpCalls.args(args));
                long whole = Json.write(result).getBytes(StandardCharsets.UTF_8).length;
                assertTrue(whole <= budget, whole + " bytes for a budget of " + budget);
                checkShownAndListed(split(McpCalls.text(result).getBytes(StandardCharsets.UTF_8),
                        DiffSections::toolCall));
            }
            JsonNode all = s.callResult("get_diff", McpCalls.args("{\"base\":\"" + shas[0] + "\",\"head\":\""
                    + shas[1] + "\",\"max_bytes\":8000000}"));
            long whole = Json.write(all).getBytes(StandardCharsets.UTF_8).length;
            String args = "{\"base\":\"" + shas[0] + "\",\"head\":\"" + shas[1] + "\",\"max_bytes\":" + (whole + 8192) + "}";
            assertEquals(new String(git, StandardCharsets.UTF_8),
                    McpCalls.text(s.callResult("get_diff", McpCalls.args(args))), args);
        }
    }

    @Test
    void theMcpAnswerFitsItsDefaultAndEveryListedToolCallWorks() throws Exception {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            String[] shas = range.split("\\.\\.\\.");
            for (int budget : new int[] {3000, 8000}) {
                JsonNode result = s.callResult("get_diff", McpCalls.args("{\"base\":\"" + shas[0] + "\",\"head\":\""
                        + shas[1] + "\",\"max_bytes\":" + budget + "}"));
                byte[] text = McpCalls.text(result).getBytes(StandardCharsets.UTF_8);
                long whole = Json.write(result).getBytes(StandardCharsets.UTF_8).length;
                assertTrue(whole <= budget, whole + " > " + budget);
                Answer a = split(text, DiffSections::toolCall);
                checkShownAndListed(a);
                assertFalse(a.toc().isEmpty());
                assertTrue(result.at("/_meta").toString().contains("warning: truncated: "), result.toString());
                for (Map.Entry<String, String> e : a.listed().entrySet()) {
                    String call = e.getValue();
                    String tool = call.substring(0, call.indexOf(' '));
                    JsonNode args = Json.MAPPER.readTree(call.substring(call.indexOf(' ') + 1));
                    assertEquals("get_diff", tool);
                    assertEquals(new String(sections.get(unquoted(e.getKey())), StandardCharsets.UTF_8),
                            McpCalls.ok(s, tool, args), call);
                }
            }
        }
    }

    /** Every shown section is git's, whole; shown and listed together are every file once, in diff order. */
    static void checkShownAndListed(Answer a) {
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, byte[]> e : a.shown().entrySet()) {
            assertEquals(new String(sections.get(e.getKey()), StandardCharsets.ISO_8859_1),
                    new String(e.getValue(), StandardCharsets.ISO_8859_1), "section of " + e.getKey());
            assertTrue(seen.add(e.getKey()));
        }
        for (String name : a.listed().keySet()) {
            assertTrue(seen.add(unquoted(name)), "shown and listed: " + name);
        }
        // Files past the table's end are counted on its last line, with the call that lists them all.
        assertTrue(sections.keySet().containsAll(seen));
        assertEquals(sections.size(), seen.size() + a.more(), a.toc());
    }

}
