package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.BigRange;
import support.McpCalls;
import support.McpSession;
import support.PullRequestScenario;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MCP answers never speak CLI: every text the model reads (each text block's own lines, "# ..." beside git's; the
 * JSON envelope's warnings and fetch calls; an error's message; structuredContent's warnings and _meta's notices)
 * names tools and arguments (max_bytes, path, get_file_at_sha), never a command-line option (--max-bytes, --file,
 * --json) nor a prdiff command, and a JSON text speaks of no table of contents, over answers driven past their
 * budgets: get_diff (text and json, max_lines, a page, a path that matches nothing, an empty range, log and stat,
 * the branch against its base with an untracked file), get_commit_diff, get_pull_request_diff through the GitHub
 * stand-in (live and pinned, text and json, files_only), get_changed_files, grep_at_sha and get_file_at_sha.
 */
@Timeout(120)
class McpAnswersSpeakMcpTest {
    /** A command-line option word, or prdiff run as a command. git's own commands keep their options. */
    static final Pattern CLI = Pattern.compile("(?<![\\w-])--[a-z]|\\bprdiff ");
    static final Pattern GIT_COMMAND = Pattern.compile("\\bgit [a-z-]+(?: -{1,2}[a-z][a-z-]*(?:=\\S+)?)+|diff --git ");

    static TempRepo repo;
    static String base;
    static String head;
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static McpSession local;
    static McpSession pr;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        base = BigRange.build(repo, 60);
        head = repo.text("rev-parse", "HEAD").trim();
        local = McpSession.initialized(repo.dir());
        scenario.origin.openManyFilePullRequest(2, "many-files", 80);
        pr = McpSession.initialized(McpSession.config(scenario.clone.dir()).withEnv(scenario.env));
    }

    @AfterAll
    static void cleanup() {
        try {
            if (local != null) {
                assertEquals(List.of(), local.finish(McpSession.WAIT));
            }
            if (pr != null) {
                assertEquals(List.of(), pr.finish(McpSession.WAIT));
            }
        } finally {
            if (repo != null) {
                repo.close();
            }
        }
    }

    static ObjectNode range(Object... more) {
        ObjectNode args = McpCalls.argsOf("base", base, "head", head);
        args.setAll(McpCalls.argsOf(more));
        return args;
    }

    @Test
    void localDiffAnswersOverBudgetSpeakMcp() {
        List<String> said = new ArrayList<>();
        for (boolean json : new boolean[] {false, true}) {
            said.addAll(spoken(local, "get_diff", range("max_bytes", 20_000, "json", json)));
            said.addAll(spoken(local, "get_diff", range("max_bytes", 20_000, "json", json, "max_lines", 3,
                    "skip_generated", false)));
            said.addAll(spoken(local, "get_diff", range("top", 5, "json", json)));
            said.addAll(spoken(local, "get_diff", range("path", "huge.txt", "json", json)));
            said.addAll(spoken(local, "get_diff", range("path", "big/huge.txt", "json", json, "max_bytes", 30_000)));
            said.addAll(spoken(local, "get_diff", McpCalls.argsOf("base", head, "head", head, "json", json)));
        }
        // An ancestor as head: why it is empty names the calls that show something.
        List<String> why = spoken(local, "get_diff", McpCalls.argsOf("base", head, "head", "HEAD~1"));
        assertTrue(why.stream().anyMatch(w -> w.contains("is an ancestor of") && w.contains("get_commit_diff {")), why
                .toString());
        said.addAll(why);
        said.addAll(spoken(local, "get_diff", range("log", true, "max_bytes", 600)));
        said.addAll(spoken(local, "get_diff", range("stat", true, "max_bytes", 600)));
        said.addAll(spoken(local, "get_commit_diff", McpCalls.argsOf("hash", "HEAD~1", "max_bytes", 20_000)));
        said.addAll(spoken(local, "get_commit_diff", McpCalls.argsOf("hash", "HEAD~1", "max_lines", 2)));
        said.addAll(spoken(local, "get_commit_diff", McpCalls.argsOf("hash", "HEAD~1", "path", "big/huge.txt")));
        said.addAll(spoken(local, "get_changed_files", range("max_bytes", 2000)));
        assertSpeaksMcp(said);
    }

    /**
     * get_diff with neither base nor head: the branch against its base, whose notes (an untracked file left out, a
     * branch on its base) the command line words with its options; on the base itself, the call for the last commit.
     */
    @Test
    void theBranchAgainstItsBaseSpeaksMcp() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n");
            r.commit("base");
            List<String> said = new ArrayList<>();
            try (McpSession s = McpSession.initialized(r.dir())) {
                List<String> onBase = spoken(s, "get_diff", McpCalls.obj());
                assertTrue(onBase.stream().anyMatch(n -> n.contains("get_commit_diff {\"hash\":\"HEAD\"}")),
                        onBase.toString());
                said.addAll(onBase);
                r.checkout("-q", "-b", "feature");
                r.write("a.txt", "a, on feature\n");
                r.commit("feature");
                java.nio.file.Files.writeString(r.dir().resolve("new.txt"), "untracked\n");
                List<String> untracked = spoken(s, "get_diff", McpCalls.obj());
                assertTrue(untracked.stream().anyMatch(n -> n.endsWith("untracked files left out: new.txt")),
                        untracked.toString());
                said.addAll(untracked);
                // No commit yet, and a bare clone: the error names a range to ask for instead.
                java.nio.file.Path bare = support.TempDirs.create("prdiff-bare-").resolve("r.git");
                r.git("clone", "-q", "--bare", r.dir().toString(), bare.toString());
                try (TempRepo empty = TempRepo.init()) {
                    for (java.nio.file.Path dir : List.of(empty.dir(), bare)) {
                        List<String> error = spoken(s, "get_diff", McpCalls.argsOf("repo_path", dir.toString()));
                        assertTrue(error.stream().anyMatch(n -> n.contains("get_diff {")), error.toString());
                        said.addAll(error);
                    }
                }
            }
            assertSpeaksMcp(said);
        }
    }

    @Test
    void pullRequestAnswersOverBudgetSpeakMcp() {
        List<String> said = new ArrayList<>();
        String headSha = scenario.pr.headSha();
        for (boolean json : new boolean[] {false, true}) {
            said.addAll(spoken(pr, "get_pull_request_diff", McpCalls.argsOf("pr_number", 1, "max_bytes", 1500,
                    "json", json)));
            said.addAll(spoken(pr, "get_pull_request_diff", McpCalls.argsOf("pr_number", 2, "max_bytes", 5000,
                    "json", json)));
            said.addAll(spoken(pr, "get_pull_request_diff", McpCalls.argsOf("pr_number", 1, "sha", headSha,
                    "max_bytes", 1500, "max_lines", 2, "json", json)));
            said.addAll(spoken(pr, "get_pull_request_diff", McpCalls.argsOf("pr_number", 1, "file", "index.ts",
                    "json", json)));
        }
        said.addAll(spoken(pr, "get_pull_request_diff", McpCalls.argsOf("pr_number", 2, "files_only", true,
                "max_bytes", 2000)));
        said.addAll(spoken(pr, "get_pull_request_diff", McpCalls.argsOf("pr_number", 1, "sha", headSha, "stat", true,
                "max_bytes", 600)));
        assertSpeaksMcp(said);
    }

    @Test
    void readsAtACommitSpeakMcp() {
        List<String> said = new ArrayList<>();
        said.addAll(spoken(local, "grep_at_sha", McpCalls.argsOf("sha", head, "pattern", "line", "max_bytes", 2000)));
        said.addAll(spoken(local, "grep_at_sha", McpCalls.argsOf("sha", head, "pattern", "line", "max_bytes", 2000,
                "files_with_matches", true)));
        said.addAll(spoken(local, "grep_at_sha", McpCalls.argsOf("sha", head, "pattern", "no such words here")));
        said.addAll(spoken(local, "grep_at_sha", McpCalls.argsOf("sha", head, "pattern", "line", "skip", 1_000_000)));
        said.addAll(spoken(local, "get_file_at_sha", McpCalls.argsOf("sha", head, "path", "big/hug.txt")));
        said.addAll(spoken(local, "get_file_at_sha", McpCalls.argsOf("sha", head, "path", "nowhere/at/all.txt")));
        said.addAll(spoken(local, "get_file_at_sha", McpCalls.argsOf("sha", head, "path", "big/huge.txt",
                "start_line", 2990, "end_line", 4000)));
        assertSpeaksMcp(said);
    }

    /** Every phrase of {@code said} free of command-line words. */
    static void assertSpeaksMcp(List<String> said) {
        assertTrue(!said.isEmpty(), "nothing was said");
        java.util.Set<String> cli = new java.util.TreeSet<>();
        for (String s : said) {
            Matcher m = CLI.matcher(GIT_COMMAND.matcher(s).replaceAll("git …"));
            if (m.find()) {
                // One example of each wording: the tool, and the phrase around the word.
                int tool = s.indexOf(' ');
                int phrase = s.indexOf(": ") + 2;
                cli.add(s.substring(0, tool) + ": …" + m.group() + " in "
                        + s.substring(phrase, Math.min(s.length(), phrase + 400)));
            }
        }
        assertEquals(java.util.Set.of(), cli.stream().limit(12).collect(java.util.stream.Collectors.toSet()));
    }

    /**
     * What the model reads of {@code tool}'s answer to {@code args}, besides git's own lines (and a file's, or grep's):
     * each text block's lines that start with "# " (or, when the block is JSON, its warnings, message and each
     * change's fetch and "# " lines), structuredContent's warnings and _meta's notices.
     */
    static List<String> spoken(McpSession s, String tool, JsonNode args) {
        JsonNode result = s.callResult(tool, args);
        String where = tool + " " + args + ": ";
        List<String> out = new ArrayList<>();
        for (JsonNode block : result.path("content")) {
            String text = block.path("text").asText();
            JsonNode json = text.startsWith("{") ? McpCalls.json(text) : null;
            if (json != null) {
                // A JSON text has no table of contents, nor a top or end of one.
                json.path("warnings").forEach(w -> assertTrue(!w.asText().contains("table of contents"), where + w));
                out.addAll(ofJson(json, where));
            } else {
                text.lines().filter(l -> l.startsWith("# ")).forEach(l -> out.add(where + l));
            }
        }
        out.addAll(ofJson(result.path("structuredContent"), where));
        result.path("_meta").path("dev.prdiff/notices").forEach(n -> out.add(where + n.asText()));
        return out;
    }

    static List<String> ofJson(JsonNode json, String where) {
        List<String> out = new ArrayList<>();
        json.path("warnings").forEach(w -> out.add(where + w.asText()));
        if (json.has("message")) {
            out.add(where + json.get("message").asText());
        }
        for (JsonNode change : json.path("data").path("changes")) {
            if (change.has("fetch")) {
                out.add(where + change.get("fetch").asText());
            }
            change.path("diff").asText().lines().filter(l -> l.startsWith("# ")).forEach(l -> out.add(where + l));
        }
        return out;
    }

    @Test
    void theCheckFindsCommandLineWords() {
        for (String cli : List.of("truncated (--max-bytes 100000)", "run prdiff show abc:", "use --file x",
                "cut at 3 lines (--max-lines 3)")) {
            assertTrue(CLI.matcher(GIT_COMMAND.matcher(cli).replaceAll("git …")).find(), cli);
        }
        for (String mcp : List.of("listed as git log --first-parent lists it", "max_bytes 20000; get_diff {}",
                "diff --git a/x b/x", "# prdiff: lines 1 to 3")) {
            assertTrue(!CLI.matcher(GIT_COMMAND.matcher(mcp).replaceAll("git …")).find(), mcp);
        }
    }
}
