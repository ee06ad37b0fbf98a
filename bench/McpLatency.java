///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DEPS org.junit.jupiter:junit-jupiter-api:5.13.4
//SOURCES ../tests/support/GitHubStandIn.java ../tests/support/RestApi.java ../tests/support/GitHttpBackend.java
//SOURCES ../tests/support/FakeRepo.java ../tests/support/NeutralGit.java ../tests/support/TempDirs.java
//SOURCES ../tests/support/TempRepo.java ../tests/support/Requires.java ../tests/support/Fault.java
//SOURCES ../tests/support/Reply.java ../tests/support/GitHubJson.java ../tests/support/PullRequestFixture.java
//SOURCES ../tests/support/Proc.java ../tests/support/PullDiff.java
//DESCRIPTION Times warm MCP tool calls against the git commands they stand for, and checks every answer

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import support.FakeRepo;
import support.GitHubStandIn;
import support.PullRequestFixture;

/**
 * Usage: ./jbang bench/McpLatency.java [--range BASE...HEAD] REPO PATH CALLS SERVER_COMMAND...
 * With --range the local calls ask for BASE...HEAD instead of main...feature, and the pull request part is skipped
 * (the real-history row of bench/run), and every key printed starts with history_.
 * Starts the server, sends initialize and notifications/initialized, then CALLS tools/call lines each of
 * get_changed_files (main...feature) and get_diff (main...feature, path PATH), timing each answer. Runs the git
 * command each tool stands for CALLS times too. Prints key=value lines (milliseconds); exits 1 when an answer
 * differs from git's (get_diff: byte-identical text; get_changed_files: each file's counts equal numstat's).
 * Then starts the GitHub stand-in of tests/support on loopback with octo/demo pull request #1 (REPO's main and
 * feature pushed to it), starts the server again with gh's environment for the stand-in, and times CALLS
 * get_pull_request_diff calls with file PATH and sha = feature's full SHA, each answer byte-identical to
 * git diff MAIN...SHA -- ':(literal)PATH', which is timed CALLS times too. A "%phase" in SERVER_COMMAND is
 * replaced by local or pull_request (for e.g. strace -o FILE-%phase).
 */
class McpLatency {
    static final ObjectMapper JSON = new ObjectMapper();
    static int failures;
    /** Before every key: "history_" for a --range run, so that both runs' lines go into one results file. */
    static String prefix = "";
    static String base = "main";
    static String head = "feature";

    public static void main(String[] args) throws Exception {
        boolean ranged = args[0].equals("--range");
        if (ranged) {
            String[] ends = args[1].split("\\.\\.\\.", -1);
            base = ends[0];
            head = ends[1];
            prefix = "history_";
            args = Arrays.copyOfRange(args, 2, args.length);
        }
        String repo = args[0];
        String path = args[1];
        int calls = Integer.parseInt(args[2]);
        List<String> server = Arrays.asList(args).subList(3, args.length);

        String range = base + "..." + head;
        List<String> numstat = List.of("git", "-C", repo, "diff", "--numstat", "-z", "-M", range);
        List<String> fileDiff = List.of("git", "-C", repo, "diff", range, "--", ":(literal)" + path);
        String expectedCounts = countsFromNumstat(run(numstat));
        String expectedDiff = run(fileDiff);

        long started = System.nanoTime();
        Process p = start(server, "local", Map.of());
        OutputStream to = p.getOutputStream();
        BufferedReader from = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        initialize(to, from);
        System.out.printf(prefix + "mcp_initialize_ms=%.1f%n", (System.nanoTime() - started) / 1e6);

        // The whole list, as git's numstat prints it whole (the default budget would answer a page of it).
        ObjectNode changed = toolArgs().put("max_bytes", 8388608);
        ObjectNode diff = toolArgs().put("path", path);
        double[] filesMs = new double[calls];
        double[] diffMs = new double[calls];
        for (int i = 0; i < calls; i++) {
            long t = System.nanoTime();
            JsonNode r = call(to, from, 1 + 2 * i, "tools/call", tool("get_changed_files", changed));
            filesMs[i] = (System.nanoTime() - t) / 1e6;
            check(expectedCounts.equals(countsFromFileList(r)), "get_changed_files counts differ from numstat");
            t = System.nanoTime();
            r = call(to, from, 2 + 2 * i, "tools/call", tool("get_diff", diff));
            diffMs[i] = (System.nanoTime() - t) / 1e6;
            check(expectedDiff.equals(r.path("result").path("content").path(0).path("text").asText(null)),
                    "get_diff path " + path + " differs from git diff -- ':(literal)" + path + "'");
        }
        to.close();
        p.waitFor();
        report("mcp_get_changed_files", filesMs);
        report("mcp_get_diff_path", diffMs);
        report("git_numstat", timeGit(numstat, calls));
        report("git_diff_path", timeGit(fileDiff, calls));
        if (!ranged) {
            try {
                pullRequest(repo, path, calls, server);
            } finally {
                support.TempDirs.removeAll(); // the stand-in's repositories live in the tests' temporary folder
            }
        }
        System.out.println("mcp_calls=" + calls + " mcp_answers_ok=" + (failures == 0));
        System.exit(failures == 0 ? 0 : 1);
    }

    static Process start(List<String> server, String phase, Map<String, String> env) throws IOException {
        ProcessBuilder b = new ProcessBuilder(server.stream().map(a -> a.replace("%phase", phase)).toList());
        b.environment().putAll(env);
        return b.redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    static void initialize(OutputStream to, BufferedReader from) throws IOException {
        ObjectNode init = JSON.createObjectNode();
        init.put("protocolVersion", "2025-06-18");
        init.putObject("capabilities");
        init.putObject("clientInfo").put("name", "prdiff-bench").put("version", "1");
        JsonNode initialized = call(to, from, 0, "initialize", init);
        check(initialized.has("result"), "initialize answered " + initialized);
        send(to, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** get_pull_request_diff with file and sha through the real gh against the stand-in, and git's diff of it. */
    static void pullRequest(String repo, String path, int calls, List<String> server) throws Exception {
        try {
            new ProcessBuilder("gh", "--version").redirectErrorStream(true).start().waitFor();
        } catch (IOException e) {
            System.err.println("bench: gh is missing (Debian: apt-get install -y gh): get_pull_request_diff not timed");
            return;
        }
        try (GitHubStandIn github = GitHubStandIn.start(); FakeRepo origin = github.createRepo("octo", "demo")) {
            origin.work().git("fetch", "-q", repo, "+refs/heads/feature:refs/heads/feature");
            origin.work().git("fetch", "-q", repo, "main");
            origin.work().git("reset", "-q", "--hard", "FETCH_HEAD");
            PullRequestFixture pr = origin.openPullRequest(1, "bench", "main", "feature");
            List<String> pinned = List.of("git", "-C", repo, "diff", pr.baseSha() + "..." + pr.headSha(), "--",
                    ":(literal)" + path);
            String expected = run(pinned);
            check(!expected.isEmpty(), "git diff of " + path + " is empty");
            Process p = start(server, "pull_request", github.ghEnv());
            OutputStream to = p.getOutputStream();
            BufferedReader from = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            initialize(to, from);
            ObjectNode args = JSON.createObjectNode().put("pr_number", 1).put("repo", "octo/demo")
                    .put("file", path).put("sha", pr.headSha());
            call(to, from, 1, "tools/call", tool("get_pull_request_diff", args)); // the first call may fetch; warm after
            int before = github.requests().size();
            double[] ms = new double[calls];
            for (int i = 0; i < calls; i++) {
                long t = System.nanoTime();
                JsonNode r = call(to, from, 2 + i, "tools/call", tool("get_pull_request_diff", args));
                ms[i] = (System.nanoTime() - t) / 1e6;
                check(expected.equals(r.path("result").path("content").path(0).path("text").asText(null)),
                        "get_pull_request_diff file " + path + " sha differs from " + pinned + ": " + r);
            }
            System.out.printf("mcp_pr_github_requests_per_call=%.2f%n", (github.requests().size() - before) / (double) calls);
            to.close();
            p.waitFor();
            report("mcp_pr_file_sha", ms);
            report("git_pr_file_sha", timeGit(pinned, calls));
        }
    }

    static ObjectNode toolArgs() {
        ObjectNode a = JSON.createObjectNode();
        a.put("base", base);
        a.put("head", head);
        return a;
    }

    static ObjectNode tool(String name, ObjectNode arguments) {
        ObjectNode params = JSON.createObjectNode();
        params.put("name", name);
        params.set("arguments", arguments);
        return params;
    }

    static JsonNode call(OutputStream to, BufferedReader from, int id, String method, JsonNode params) throws IOException {
        ObjectNode m = JSON.createObjectNode();
        m.put("jsonrpc", "2.0");
        m.put("id", id);
        m.put("method", method);
        m.set("params", params);
        send(to, JSON.writeValueAsString(m));
        for (String line; (line = from.readLine()) != null; ) {
            JsonNode answer = JSON.readTree(line);
            if (answer.path("id").asInt(-1) == id) {
                return answer;
            }
        }
        throw new IOException("the server closed stdout before answering " + method + " id " + id);
    }

    static void send(OutputStream to, String line) throws IOException {
        to.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        to.flush();
    }

    static double[] timeGit(List<String> command, int calls) throws Exception {
        double[] ms = new double[calls];
        for (int i = 0; i < calls; i++) {
            long t = System.nanoTime();
            run(command);
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        return ms;
    }

    static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(command + " exited " + p.exitValue());
        }
        return out;
    }

    /** "additions deletions path" per file, sorted; a rename's record is followed by its old and new names. */
    static String countsFromNumstat(String z) {
        List<String> out = new ArrayList<>();
        String[] f = z.split("\0");
        for (int i = 0; i < f.length; i++) {
            String[] c = f[i].split("\t", -1);
            String path = c[2].isEmpty() ? f[i += 2] : c[2];
            out.add(c[0].replace("-", "0") + " " + c[1].replace("-", "0") + " " + path); // a binary file counts 0 0
        }
        out.sort(null);
        return String.join("\n", out);
    }

    /** The counts of the file list, which is the answer's first text (JSON); structuredContent holds the rest. */
    static String countsFromFileList(JsonNode answer) {
        List<String> out = new ArrayList<>();
        JsonNode list;
        try {
            list = JSON.readTree(answer.path("result").path("content").path(0).path("text").asText());
        } catch (IOException e) {
            return "not JSON: " + e.getMessage();
        }
        list.path("files").forEach(f ->
                out.add(f.path("additions").asLong() + " " + f.path("deletions").asLong() + " " + f.path("path").asText()));
        out.sort(null);
        return String.join("\n", out);
    }

    static void report(String name, double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        System.out.printf("%s_p50_ms=%.2f %s_p99_ms=%.2f%n", prefix + name, s[(s.length - 1) / 2], prefix + name,
                s[(int) Math.ceil(s.length * 0.99) - 1]);
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            failures++;
            System.err.println("bench: WRONG: " + what);
        }
    }
}
