import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.GitHubStandIn;
import support.HangingProgram;
import support.SilentServer;
import support.ProcessTable;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults and hangs, each through the CLI in-process and the MCP server: a git or gh that never answers, a server that
 * accepts TCP and never responds, a git blocked on a lock, a gh killed mid-run, a full disk under the cache. Each
 * ends in a named error (TIMEOUT within the limit plus one second, measured) or the right answer, and leaves no
 * process behind (the process table is checked after every case).
 */
@Timeout(120)
class FaultMatrixTest {
    static final Duration LIMIT = Duration.ofSeconds(1);
    static final Duration SLACK = Duration.ofSeconds(1);
    static TempRepo repo;
    static String range;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        repo.write("a.txt", "a\n").write("dir/b.txt", "b\n");
        String base = repo.commit("base");
        repo.write("a.txt", "a2\n").write("dir/c.txt", "c\n");
        String head = repo.commit("head");
        range = base + "..." + head;
    }

    @AfterAll
    static void cleanup() {
        repo.close();
    }

    /** What a call ended with: exit code (1 for an MCP tool error), error code or null, message, and how long it took. */
    record Outcome(int exit, String code, String message, byte[] stdout, long millis) {
        void assertTimedOut(Duration limit) {
            System.out.println("    measured: " + this);
            assertEquals("TIMEOUT", code, this::toString);
            assertTrue(millis >= limit.toMillis() - 50, "answered TIMEOUT after " + millis + " ms, before the limit");
            assertTrue(millis <= limit.plus(SLACK).toMillis(), "answered TIMEOUT after " + millis + " ms, limit "
                    + limit.toMillis() + " ms plus " + SLACK.toMillis() + " ms");
        }

        @Override
        public String toString() {
            return "exit " + exit + " [" + code + "] " + message + " after " + millis + " ms";
        }
    }

    static final Pattern CLI_ERROR = Pattern.compile("(?s).*prdiff: error \\[(\\w+)]: ([^\\n]*)\\n.*");

    /** The CLI in-process with this environment; a failure must be one named error line. */
    static Outcome cli(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int exit = prdiff.run(out, new PrintStream(err, true, StandardCharsets.UTF_8), env, args);
        long millis = (System.nanoTime() - start) / 1_000_000;
        String stderr = err.toString(StandardCharsets.UTF_8);
        if (exit == 0) {
            return new Outcome(0, null, stderr, out.toByteArray(), millis);
        }
        Matcher m = CLI_ERROR.matcher(stderr);
        assertTrue(m.matches(), "exit " + exit + " without a named error: " + stderr);
        return new Outcome(exit, m.group(1), m.group(2), out.toByteArray(), millis);
    }

    /** One tools/call on an MCP server (in-process) whose git and gh inherit {@code env}. */
    static Outcome mcp(Map<String, String> env, String tool, String arguments) {
        McpServer.Config config = McpSession.config(repo.dir()).withEnv(env).withGitTimeout(LIMIT);
        try (McpSession s = McpSession.initialized(config)) {
            long start = System.nanoTime();
            JsonNode result = s.callResult(tool, McpProtocolTest.json(arguments));
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (!result.path("isError").asBoolean(false)) {
                return new Outcome(0, null, null, McpToolsTest.text(result).getBytes(StandardCharsets.UTF_8), millis);
            }
            JsonNode body = McpProtocolTest.json(McpToolsTest.text(result));
            return new Outcome(1, body.get("error_code").asText(), body.get("message").asText(), new byte[0], millis);
        }
    }

    static String secs(Duration d) {
        return String.valueOf(d.toSeconds());
    }

    @Test
    void aGitThatNeverAnswersTimesOutAtTheLimitAndLeavesNothingRunning() throws Exception {
        for (HangingProgram git : List.of(HangingProgram.always("git"), HangingProgram.on("git", "diff"))) {
            try (git) {
                Map<String, String> env = git.env(System.getenv());
                String dir = repo.dir().toString();
                for (String[] args : List.of(new String[] {range}, new String[] {range, "--files-only"},
                        new String[] {range, "--file", "a.txt"})) {
                    ProcessTable before = ProcessTable.snapshot();
                    List<String> argv = new java.util.ArrayList<>(List.of("-C", dir, "--timeout", secs(LIMIT)));
                    argv.addAll(List.of(args));
                    Outcome o = cli(env, argv.toArray(String[]::new));
                    o.assertTimedOut(LIMIT);
                    assertTrue(o.message().matches("git [\\w-]+ timed out after 1s"), o.message());
                    before.assertNothingNewLeft(git.marker);
                }
                String[] base = range.split("\\.\\.\\.");
                for (String tool : List.of("get_diff", "get_changed_files")) {
                    ProcessTable before = ProcessTable.snapshot();
                    mcp(env, tool, "{\"base\":\"" + base[0] + "\",\"head\":\"" + base[1] + "\"}").assertTimedOut(LIMIT);
                    before.assertNothingNewLeft(git.marker);
                }
            }
        }
    }

    @Test
    void aGhThatNeverAnswersTimesOutAtTheLimitAndLeavesNothingRunning() throws Exception {
        try (HangingProgram gh = HangingProgram.always("gh")) {
            Map<String, String> env = gh.env(System.getenv());
            for (String[] args : List.of(new String[] {"1"}, new String[] {"1", "--files-only"}, new String[] {"1", "--info"})) {
                ProcessTable before = ProcessTable.snapshot();
                List<String> argv = new java.util.ArrayList<>(List.of("-R", "octo/demo", "--timeout", secs(LIMIT)));
                argv.addAll(List.of(args));
                Outcome o = cli(env, argv.toArray(String[]::new));
                o.assertTimedOut(LIMIT);
                assertTrue(o.message().matches("gh (api|pr diff) timed out after 1s"), o.message());
                before.assertNothingNewLeft(gh.marker);
            }
            for (String arguments : List.of("{\"pr_number\":1,\"repo\":\"octo/demo\"}",
                    "{\"pr_number\":1,\"repo\":\"octo/demo\",\"files_only\":true}")) {
                ProcessTable before = ProcessTable.snapshot();
                mcp(env, "get_pull_request_diff", arguments).assertTimedOut(LIMIT);
                before.assertNothingNewLeft(gh.marker);
            }
        }
    }

    /** The real gh, sent through a proxy on loopback that accepts the connection and never says a word. */
    @Test
    void aServerThatAcceptsAndNeverRespondsTimesOutTheRealGh() throws Exception {
        Map<String, String> env;
        try (GitHubStandIn github = GitHubStandIn.start()) {
            env = new java.util.HashMap<>(github.ghEnv());
        }
        try (SilentServer silent = new SilentServer()) {
            for (String k : List.of("HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy")) {
                env.put(k, "http://127.0.0.1:" + silent.port());
            }
            ProcessTable before = ProcessTable.snapshot();
            Outcome o = cli(env, "1", "-R", "octo/demo", "--timeout", secs(LIMIT));
            o.assertTimedOut(LIMIT);
            before.assertNothingNewLeft(null);
            mcp(env, "get_pull_request_diff", "{\"pr_number\":1,\"repo\":\"octo/demo\"}").assertTimedOut(LIMIT);
            before.assertNothingNewLeft(null);
            assertTrue(silent.accepted() >= 2, "gh connected " + silent.accepted() + " times");
        }
    }

    /**
     * --files-only on a range of more than ShardedNumstat.MIN_FILES files runs numstat in parallel processes: when
     * they hang, the call still times out at the limit, and a cancel (MCP) kills every one of them at once.
     */
    @Test
    void hangingNumstatShardsTimeOutAndACancelKillsThemAll() throws Exception {
        try (TempRepo wide = TempRepo.init(); HangingProgram git = HangingProgram.on("git", "--numstat")) {
            wide.write("seed.txt", "seed\n");
            String base = wide.commit("base");
            for (int i = 0; i < 300; i++) {
                wide.write("d" + (i % 4) + "/f" + i + ".txt", i + "\n");
            }
            String head = wide.commit("wide");
            Map<String, String> env = git.env(System.getenv());

            ProcessTable before = ProcessTable.snapshot();
            Outcome o = cli(env, "-C", wide.dir().toString(), "--timeout", secs(LIMIT), base + "..." + head, "--files-only");
            o.assertTimedOut(LIMIT);
            before.assertNothingNewLeft(git.marker);

            McpServer.Config config = McpSession.config(wide.dir()).withEnv(env).withGitTimeout(Duration.ofSeconds(60));
            try (McpSession s = McpSession.initialized(config)) {
                s.sendRequest("wide", "tools/call", McpProtocolTest.args("get_changed_files",
                        "{\"base\":\"" + base + "\",\"head\":\"" + head + "\"}"));
                long deadline = System.nanoTime() + McpSession.WAIT.toNanos();
                while (ProcessHandle.current().descendants().filter(p -> ProcessTable.running(p)
                        && p.info().commandLine().orElse("").matches(".*" + git.marker + ".*/hang 3600")).count() < 4) {
                    assertTrue(System.nanoTime() < deadline, "two shards' git never both started");
                    Thread.sleep(20);
                }
                s.notify("notifications/cancelled", McpProtocolTest.obj().put("requestId", "wide"));
                before.assertNothingNewLeft(git.marker);
                McpProtocolTest.assertStillServing(s);
            }
        }
    }
}
