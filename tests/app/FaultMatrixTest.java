package app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.McpSession;
import support.McpCalls;
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
 * ends in a named error (TIMEOUT within the limit plus two seconds, measured, on a machine that runs the whole-process
 * tests alongside) or the right answer, and leaves no process behind (the process table is checked after every case).
 */
@support.MostlyWaits
@Timeout(120)
class FaultMatrixTest {
    static final Duration LIMIT = Duration.ofSeconds(1);
    static final Duration SLACK = Duration.ofSeconds(2);
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "a\n").write("dir/b.txt", "b\n");
        String base = repo.commit("base");
        repo.write("a.txt", "a2\n").write("dir/c.txt", "c\n");
        String head = repo.commit("head");
        range = base + "..." + head;
    }

    /** What a call ended with: exit code (1 for an MCP tool error), error code or null, message, and how long it took. */
    record Outcome(int exit, String code, String message, byte[] stdout, long millis) {
        void assertTimedOut(Duration limit) {
            assertTimedOut(limit, true);
        }

        /** {@code fromStart}: the hang is the first thing the call waits on, so the answer cannot come before the limit. */
        void assertTimedOut(Duration limit, boolean fromStart) {
            System.out.println("    measured: " + this);
            assertEquals("TIMEOUT", code, this::toString);
            assertTrue(!fromStart || millis >= limit.toMillis() - 50, "answered TIMEOUT after " + millis + " ms, before the limit");
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
        int exit = PrdiffCli.call(out, new PrintStream(err, true, StandardCharsets.UTF_8), env, false, args);
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
            JsonNode result = s.callResult(tool, McpCalls.json(arguments));
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (!result.path("isError").asBoolean(false)) {
                return new Outcome(0, null, null, McpCalls.text(result).getBytes(StandardCharsets.UTF_8), millis);
            }
            JsonNode body = McpCalls.json(McpCalls.text(result));
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
                s.sendRequest("wide", "tools/call", McpCalls.toolCall("get_changed_files",
                        "{\"base\":\"" + base + "\",\"head\":\"" + head + "\"}"));
                long deadline = System.nanoTime() + McpSession.WAIT.toNanos();
                while (ProcessTable.ownDescendants().filter(p -> ProcessTable.running(p)
                        && p.info().commandLine().orElse("").matches(".*" + git.marker + ".*/hang 3600")).count() < 4) {
                    assertTrue(System.nanoTime() < deadline, "two shards' git never both started");
                    Thread.sleep(20);
                }
                s.notify("notifications/cancelled", McpCalls.obj().put("requestId", "wide"));
                before.assertNothingNewLeft(git.marker);
                McpCalls.assertStillServing(s);
            }
        }
    }

    /**
     * prdiff never takes the index lock (GIT_OPTIONAL_LOCKS=0; --untracked works on a copy of the index), so an
     * index.lock another git holds cannot block it: the work-tree modes answer at once, the same bytes as git.
     */
    @Test
    void aHeldIndexLockBlocksNoWorkTreeMode() throws Exception {
        try (TempRepo dirty = TempRepo.init()) {
            dirty.write("a.txt", "a\n").write("b.txt", "b\n");
            dirty.commit("a");
            dirty.write("a.txt", "a changed\n").write("new.txt", "new\n");
            dirty.git("add", "b.txt");
            java.nio.file.Path lock = dirty.dir().resolve(".git/index.lock");
            java.nio.file.Files.writeString(lock, "held by another git\n");
            byte[] expected = dirty.gitDiff("HEAD");
            ProcessTable before = ProcessTable.snapshot();
            for (String[] args : List.of(new String[] {}, new String[] {"--cached"}, new String[] {"--untracked"})) {
                List<String> argv = new java.util.ArrayList<>(List.of("-C", dirty.dir().toString(), "--timeout", secs(LIMIT)));
                argv.addAll(List.of(args));
                Outcome o = cli(System.getenv(), argv.toArray(String[]::new));
                System.out.println("    measured: index.lock held, " + String.join(" ", args) + ": " + o);
                assertEquals(0, o.exit(), o::toString);
                assertTrue(o.millis() < LIMIT.toMillis(), o::toString);
                if (args.length == 0) {
                    assertEquals(new String(expected, StandardCharsets.UTF_8), new String(o.stdout(), StandardCharsets.UTF_8));
                } else if (args[0].equals("--untracked")) {
                    assertTrue(new String(o.stdout(), StandardCharsets.UTF_8).contains("+++ b/new.txt"), o::toString);
                }
            }
            assertEquals("held by another git\n", java.nio.file.Files.readString(lock));
            before.assertNothingNewLeft(null);
        }
    }

    /**
     * The one lock prdiff takes: fetching a pull request's commits sets refs/prdiff/pull/N/* in the clone. A held ref
     * lock fails at once with GIT_FAILED naming it; a clone whose config says to wait for locks
     * (core.filesRefLockTimeout) waits only until the timeout.
     */
    @Test
    void aHeldRefLockFailsTheFetchOrTimesOutButNeverBlocks() throws Exception {
        Duration limit = Duration.ofSeconds(4);  // the fetch itself must fit in it on a busy machine
        try (support.PullRequestScenario pr = support.PullRequestScenario.start()) {
            java.nio.file.Path lock = pr.clone.dir().resolve(".git/refs/prdiff/pull/1/head.lock");
            java.nio.file.Files.createDirectories(lock.getParent());
            java.nio.file.Files.writeString(lock, "");
            Map<String, String> env = new java.util.HashMap<>(pr.env);
            env.put("PRDIFF_CACHE_DIR", "");
            String[] args = {"-C", pr.clone.dir().toString(), "1", "-R", "octo/demo", "--sha", pr.pr.headSha(),
                    "--timeout", secs(limit)};
            java.nio.file.Path packs = pr.clone.dir().resolve(".git/objects/pack");
            java.nio.file.Files.createDirectories(packs);
            java.util.Set<java.nio.file.Path> ownPacks;
            try (var files = java.nio.file.Files.list(packs)) {
                ownPacks = files.collect(java.util.stream.Collectors.toSet());
            }
            ProcessTable before = ProcessTable.snapshot();
            Outcome failed = cli(env, args);
            System.out.println("    measured: ref lock held: " + failed);
            assertEquals("GIT_FAILED", failed.code(), failed::toString);
            assertTrue(failed.message().contains("head.lock"), failed.message());
            assertTrue(failed.millis() < limit.toMillis(), failed::toString);
            before.assertNothingNewLeft(null);

            // The failed run left the fetched pack behind (the ref that would keep it is what failed): drop it, so
            // the next run fetches again.
            try (var files = java.nio.file.Files.list(packs)) {
                for (java.nio.file.Path f : files.filter(f -> !ownPacks.contains(f)).toList()) {
                    java.nio.file.Files.delete(f);
                }
            }
            pr.clone.git("config", "core.filesRefLockTimeout", "3600000");
            Outcome waited = cli(env, args);
            assertTrue(waited.message().startsWith("git update-ref timed out"), waited::toString);
            // The fetch before the update-ref has its own time: the call as a whole may take up to twice the limit.
            waited.assertTimedOut(limit.multipliedBy(2), false);
            before.assertNothingNewLeft(null);

            java.nio.file.Files.delete(lock);
            Outcome ok = cli(env, args);
            assertEquals(0, ok.exit(), ok::toString);
            assertEquals(new String(pr.clone.gitDiff(pr.pr.baseSha() + "..." + pr.pr.headSha()), StandardCharsets.UTF_8),
                    new String(ok.stdout(), StandardCharsets.UTF_8));
        }
    }

    /**
     * gh killed: once by SIGKILL from outside while it waits on GitHub, once by itself (SIGKILL) after printing part
     * of the diff. Either is a named error at once, never a timeout or a diff passed off as whole, and the cache holds
     * nothing of it; the next call gets gh's whole diff.
     */
    @Test
    void aKilledGhIsANamedErrorAndLeavesNothingInTheCache(@org.junit.jupiter.api.io.TempDir java.nio.file.Path cache)
            throws Exception {
        try (support.PullRequestScenario pr = support.PullRequestScenario.start()) {
            Map<String, String> env = new java.util.HashMap<>(pr.env);
            env.put("PRDIFF_CACHE_DIR", cache.toString());
            String[] args = {"-C", pr.clone.dir().toString(), "1", "-R", "octo/demo", "--timeout", "30"};

            pr.github.inject(support.Fault.HANG);
            ProcessTable before = ProcessTable.snapshot();
            var running = java.util.concurrent.CompletableFuture.supplyAsync(() -> cli(env, args));
            ProcessHandle gh = awaitDescendant(p -> p.info().command().orElse("").endsWith("/gh"));
            long killedAt = System.nanoTime();
            assertTrue(gh.destroyForcibly());
            Outcome killed = running.get(20, java.util.concurrent.TimeUnit.SECONDS);
            long afterKill = (System.nanoTime() - killedAt) / 1_000_000;
            System.out.println("    measured: gh killed by SIGKILL: " + killed + ", " + afterKill + " ms after the kill");
            assertEquals("NETWORK_ERROR", killed.code(), killed::toString);
            assertTrue(killed.message().contains("killed by signal 9"), killed.message());
            assertTrue(afterKill < 2000, afterKill + " ms");
            before.assertNothingNewLeft(null);
            pr.github.clearFaults();

            try (HangingProgram dies = HangingProgram.dyingAfter("gh", "diff", 200)) {
                Outcome cut = cli(dies.env(env), args);
                System.out.println("    measured: gh killed mid-diff: " + cut);
                assertEquals("NETWORK_ERROR", cut.code(), cut::toString);
                assertTrue(cut.message().contains("killed by signal 9"), cut.message());
                assertTrue(cut.stdout().length <= 200, "a partial diff on stdout, with exit 1: discard it");
                before.assertNothingNewLeft(dies.marker);
            }
            try (var files = java.nio.file.Files.list(cache)) {
                assertEquals(List.of(), files.toList(), "nothing of a killed download is cached");
            }
            Outcome whole = cli(env, args);
            assertEquals(0, whole.exit(), whole::toString);
            support.Proc.Result gh2 = support.Proc.run(List.of("gh", "pr", "diff", "1", "-R", "octo/demo", "--color", "never"),
                    pr.clone.dir(), pr.env, Duration.ofSeconds(60));
            assertEquals(gh2.out(), new String(whole.stdout(), StandardCharsets.UTF_8));
        }
    }

    static ProcessHandle awaitDescendant(java.util.function.Predicate<ProcessHandle> which) throws InterruptedException {
        long deadline = System.nanoTime() + McpSession.WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            var found = ProcessTable.ownDescendants().filter(p -> ProcessTable.running(p) && which.test(p)).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the process never started");
    }

    /**
     * A full disk under the cache: a 64 KiB tmpfs filled but for 4 KiB (root), else a directory the user cannot write.
     * The answer is still gh's whole diff, and the cache holds no half-written entry.
     */
    @Test
    void aFullDiskUnderTheCacheStillAnswersAndLeavesNothingHalfWritten(@org.junit.jupiter.api.io.TempDir java.nio.file.Path cache)
            throws Exception {
        boolean mounted = support.Proc.attempt(List.of("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", cache.toString()),
                null, System.getenv(), null, Duration.ofSeconds(10)).ok();
        try (support.PullRequestScenario pr = support.PullRequestScenario.start()) {
            if (mounted) {
                java.nio.file.Files.write(cache.resolve("filler"), new byte[60 * 1024]);
            } else {
                java.nio.file.Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("r-xr-xr-x"));
            }
            Map<String, String> env = new java.util.HashMap<>(pr.env);
            env.put("PRDIFF_CACHE_DIR", cache.toString());
            String expected = support.Proc.run(List.of("gh", "pr", "diff", "1", "-R", "octo/demo", "--color", "never"),
                    pr.clone.dir(), pr.env, Duration.ofSeconds(60)).out();
            long free = java.nio.file.Files.getFileStore(cache).getUsableSpace();
            assertTrue(!mounted || free < expected.length(), "the diff (" + expected.length() + " bytes) must not fit in the "
                    + free + " bytes left");
            for (int run = 0; run < 2; run++) {
                Outcome o = cli(env, "-C", pr.clone.dir().toString(), "1", "-R", "octo/demo");
                System.out.println("    measured: cache on a full " + (mounted ? "tmpfs" : "read-only directory") + ": " + o);
                assertEquals(0, o.exit(), o::toString);
                assertEquals(expected, new String(o.stdout(), StandardCharsets.UTF_8));
                try (var files = java.nio.file.Files.list(cache)) {
                    assertEquals(mounted ? List.of("filler") : List.of(),
                            files.map(f -> f.getFileName().toString()).toList(), "nothing half-written");
                }
            }
        } finally {
            if (mounted) {
                support.Proc.run(List.of("umount", cache.toString()), null, System.getenv(), Duration.ofSeconds(10));
            } else {
                java.nio.file.Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
            }
        }
    }
}
