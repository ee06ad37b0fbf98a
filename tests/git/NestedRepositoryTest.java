package git;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.Markers;
import support.NeutralGit;
import support.Proc;
import support.Requires;
import support.TokenTrap;
import support.TempDirs;
import support.TempRepo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pull request commits git directories into the clone ({@code git add -f}): {@code sub/evil.git}, whose config
 * makes it a checkout ({@code core.bare=false}, {@code core.worktree=../wt}) and names a program everywhere git takes
 * one (fsmonitor, hooks, a clean filter that {@code sub/wt/.gitattributes} selects, textconv, an external diff, a
 * pager, a credential helper, an ssh command), and the bare {@code sub/bare.git}; both have a remote of their own.
 * With that branch checked out, every MCP tool and the CLI are called with them (or a folder inside one) as
 * {@code repo_path}/{@code -C}, with and without base and head: no program runs, the work-tree modes are
 * UNTRUSTED_REPOSITORY, the commit-addressed ones give git's answer, and the remote lends its host no trust.
 */
@Timeout(120)
@support.Parallel
class NestedRepositoryTest {
    /** A host nobody chose; nothing listens on port 9 of loopback, so even a call that goes out reaches no one. */
    static final String FOREIGN_HOST = "127.0.0.1:9";

    static Markers markers;
    static TempRepo clone;
    static Path evil;
    static Path bare;
    /** git's answers in the nested repository, taken before its config turned hostile. */
    static byte[] rangeDiff;
    static byte[] commitDiff;
    static Path ghConfig;

    /** The clone, and git's range and commit diffs in its nested repository. */
    record Fixture(TempRepo repo, byte[] rangeDiff, byte[] commitDiff) {}

    @BeforeAll
    static void fixture() throws IOException {
        markers = new Markers();
        Fixture f = withNestedRepositories(markers, "https://" + FOREIGN_HOST + "/octo/demo.git");
        clone = f.repo();
        rangeDiff = f.rangeDiff();
        commitDiff = f.commitDiff();
        evil = clone.dir().resolve("sub/evil.git");
        bare = clone.dir().resolve("sub/bare.git");
        ghConfig = TempDirs.create("prdiff-gh-config-");
        Files.writeString(ghConfig.resolve("hosts.yml"), "");
    }

    @AfterAll
    static void cleanup() throws IOException {
        if (clone != null) {
            clone.close();
        }
        if (markers != null) {
            markers.close();
        }
        if (ghConfig != null) {
            TempRepo.deleteTree(ghConfig);
        }
    }

    @BeforeEach
    void noMarkers() {
        markers.clear();
    }

    /**
     * The clone on branch "feature", which commits {@code sub/evil.git} (with its work tree {@code sub/wt}, dirty)
     * and {@code sub/bare.git}, each with {@code remoteUrl} as its origin; checked out afresh from main. With it,
     * the nested repository's diffs of master...topic and of topic, as git printed them before its config turned
     * hostile.
     */
    static Fixture withNestedRepositories(Markers markers, String remoteUrl) throws IOException {
        TempRepo r = TempRepo.init();
        r.write("a.txt", "one\n");
        r.commit("base");
        r.git("checkout", "-q", "-b", "feature");
        Path evil = r.dir().resolve("sub/evil.git");
        String gitDir = "--git-dir=" + evil;
        String workTree = "--work-tree=" + r.dir().resolve("sub/wt");
        r.git("init", "-q", "--bare", "-b", "master", evil.toString());
        r.write("sub/wt/f", "x\n");
        r.git(gitDir, workTree, "add", "f");
        r.git(gitDir, workTree, "commit", "-q", "-m", "x");
        r.git(gitDir, "branch", "topic");
        r.git(gitDir, "symbolic-ref", "HEAD", "refs/heads/topic");
        r.write("sub/wt/f", "y\n");
        r.git(gitDir, workTree, "commit", "-q", "-am", "y");
        r.git("clone", "-q", "--bare", evil.toString(), r.dir().resolve("sub/bare.git").toString());
        byte[] range = r.git(with(gitDir, NeutralGit.diff("master...topic")));
        byte[] commit = r.git(with(gitDir, NeutralGit.diff("master", "topic")));

        r.write("sub/wt/f", "z: uncommitted\n");
        r.write("sub/wt/.gitattributes", "* filter=x diff=x\n");
        for (Path dir : List.of(evil, r.dir().resolve("sub/bare.git"))) {
            String name = dir.getFileName().toString();
            boolean checkout = dir.equals(evil);
            String config = "[core]\n\trepositoryformatversion = 0\n\tbare = " + !checkout + "\n"
                    + (checkout ? "\tworktree = ../wt\n" : "")
                    + "\tfsmonitor = " + markers.command(name + ".fsmonitor") + "\n"
                    + "\thooksPath = " + markers.hooksDir(name + ".hooks") + "\n"
                    + "\tpager = " + markers.command(name + ".pager") + "\n"
                    + "\tsshCommand = " + markers.command(name + ".sshCommand") + "\n"
                    + "[filter \"x\"]\n\tclean = " + markers.command(name + ".clean") + "\n"
                    + "\tsmudge = " + markers.command(name + ".smudge") + "\n"
                    + "[diff \"x\"]\n\ttextconv = " + markers.command(name + ".textconv") + "\n"
                    + "\tcommand = " + markers.command(name + ".diff-command") + "\n"
                    + "[diff]\n\texternal = " + markers.command(name + ".external") + "\n"
                    + "[credential]\n\thelper = !" + markers.command(name + ".credential") + "\n"
                    + "[remote \"origin\"]\n\turl = " + remoteUrl + "\n";
            Files.writeString(dir.resolve("config"), config);
            Files.createDirectories(dir.resolve("info"));
            Files.writeString(dir.resolve("info/attributes"), "* filter=x diff=x\n");
        }
        r.git("add", "-f", "sub");
        r.git("commit", "-q", "-m", "commit two git directories");
        r.checkout("main");
        r.checkout("feature");
        return new Fixture(r, range, commit);
    }

    private static String[] with(String first, String... rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    /** Without this the test could pass because the poison does nothing: plain git in the nested checkout runs it. */
    @Test
    void thePoisonIsRealForPlainGit() {
        for (List<String> args : List.of(List.of("diff", "HEAD"), List.of("diff", "--no-ext-diff", "HEAD"))) {
            Proc.run(NeutralGit.argv(args.toArray(String[]::new)), evil, NeutralGit.env(), Duration.ofSeconds(30));
        }
        List<String> left = markers.left();
        for (String m : List.of("evil.git.fsmonitor", "evil.git.clean", "evil.git.diff-command", "evil.git.textconv")) {
            assertTrue(left.contains(m), m + " did not run: " + left);
        }
    }

    /** The directories a caller may name: the git directory, folders inside it, and a bare one. */
    static List<Path> nested() {
        return List.of(evil, evil.resolve("refs"), evil.resolve("objects/info"));
    }

    @Test
    void theCliRefusesTheWorkTreeModesAndRunsNothing() throws IOException {
        for (Path dir : nested()) {
            for (List<String> args : List.<List<String>>of(List.of(), List.of("--cached"), List.of("--untracked"),
                    List.of("--files-only"), List.of("--stat"), List.of("--json"), List.of("--log"),
                    List.of("--file", "f"), List.of("--base", "master", "--cached"),
                    List.of("--base", "master", "--untracked"))) {
                Proc.Result r = PrdiffCli.in(dir, args.toArray(String[]::new));
                assertEquals(List.of(), markers.described(), dir + " " + args);
                assertEquals(1, r.exit(), dir + " " + args + ": " + r.stderr());
                assertTrue(r.stderr().contains("prdiff: error [UNTRUSTED_REPOSITORY]: " + evil.toRealPath()
                        + " is a git directory inside the work tree of " + clone.dir().toRealPath()),
                        dir + " " + args + ": " + r.stderr());
                // --json answers its error as the envelope
                assertEquals(args.contains("--json") ? "UNTRUSTED_REPOSITORY" : "", args.contains("--json")
                        ? r.out().replaceAll("(?s).*\"code\":\"([A-Z_]+)\".*", "$1") : r.out());
            }
        }
    }

    @Test
    void theCliStillAnswersCommitAddressedCallsAsGitDoes() {
        for (Path dir : nested()) {
            assertArrayEquals(rangeDiff, PrdiffCli.ok(dir, "--base", "master").stdout(), dir.toString());
            assertArrayEquals(rangeDiff, PrdiffCli.ok(dir, "master...topic").stdout(), dir.toString());
            assertArrayEquals(commitDiff, PrdiffCli.ok(dir, "--commit", "topic").stdout(), dir.toString());
        }
        assertArrayEquals(rangeDiff, PrdiffCli.ok(bare, "master...topic").stdout());
        assertEquals(List.of(), markers.described());
    }

    static ObjectNode args(Path repoPath, Object... keyValues) {
        ObjectNode a = Json.MAPPER.createObjectNode();
        a.put("repo_path", repoPath.toString());
        for (int i = 0; i < keyValues.length; i += 2) {
            a.set((String) keyValues[i], Json.MAPPER.valueToTree(keyValues[i + 1]));
        }
        return a;
    }

    static Map<String, String> ghEnv() {
        Map<String, String> env = NeutralGit.env();
        // NeutralGit's HOME does not exist; caches go to a folder of this run's own, so a root run of the suite
        // never makes /nonexistent/.cache, which a later run as another user would see (and note) as root's.
        env.put("XDG_CACHE_HOME", TempDirs.create("nested-cache-").toString());
        env.put("GH_CONFIG_DIR", ghConfig.toString());
        env.put("GH_PROMPT_DISABLED", "1");
        return env;
    }

    @Test
    void everyMcpToolRefusesTheWorkTreeModesAndRunsNothing() throws IOException {
        try (McpSession s = McpSession.initialized(McpSession.config(clone.dir()).withEnv(ghEnv()))) {
            for (Path dir : nested()) {
                for (String tool : List.of("get_diff", "get_changed_files")) {
                    List<ObjectNode> calls = new ArrayList<>(List.of(args(dir), args(dir, "path", "f"),
                            args(dir, "include", List.of("*"))));
                    if (tool.equals("get_diff")) {
                        calls.addAll(List.of(args(dir, "stat", true), args(dir, "json", true), args(dir, "log", true)));
                    }
                    for (ObjectNode call : calls) {
                        JsonNode result = s.callResult(tool, call);
                        assertEquals(List.of(), markers.described(), tool + " " + call);
                        JsonNode body = McpCalls.toolError(result, "UNTRUSTED_REPOSITORY");
                        assertTrue(body.get("message").asText().contains(clone.dir().toRealPath().toString()),
                                body.toString());
                    }
                }
                for (ObjectNode call : List.of(args(dir, "pr_number", 1, "repo", FOREIGN_HOST + "/octo/demo"),
                        args(dir, "pr_number", 1, "repo", FOREIGN_HOST + "/octo/demo", "files_only", true),
                        args(dir, "pr_number", 1, "repo", FOREIGN_HOST + "/octo/demo", "sha", "0123456789abcdef"))) {
                    JsonNode body = McpCalls.toolError(s.callResult("get_pull_request_diff", call), "UNTRUSTED_HOST");
                    assertTrue(body.get("message").asText().contains("do not count"), body.toString());
                }
            }
            assertEquals(List.of(), markers.described());
        }
    }

    @Test
    void everyMcpToolStillAnswersCommitAddressedCallsAsGitDoes() {
        String range = new String(rangeDiff, StandardCharsets.UTF_8);
        try (McpSession s = McpSession.initialized(McpSession.config(clone.dir()).withEnv(ghEnv()))) {
            for (Path dir : List.of(evil, evil.resolve("refs"), bare)) {
                assertEquals(range, McpCalls.ok(s, "get_diff", args(dir, "base", "master")), dir.toString());
                assertEquals(range, McpCalls.ok(s, "get_diff", args(dir, "base", "master", "head", "topic")));
                assertEquals(new String(commitDiff, StandardCharsets.UTF_8),
                        McpCalls.ok(s, "get_commit_diff", args(dir, "hash", "topic")));
                assertTrue(McpCalls.ok(s, "get_changed_files", args(dir, "base", "master", "head", "topic"))
                        .contains("\"path\":\"f\""));
                assertEquals("y\n", McpCalls.ok(s, "get_file_at_sha", args(dir, "sha", "topic", "path", "f")));
                assertTrue(McpCalls.ok(s, "grep_at_sha", args(dir, "sha", "topic", "pattern", "y")).endsWith("\nf:1:y\n"));
            }
            assertEquals(List.of(), markers.described());
        }
    }

    @Test
    void aNestedRemoteLendsItsHostNoTrust() throws IOException {
        Map<String, String> env = ghEnv();
        for (Path dir : List.of(evil, evil.resolve("refs"), bare)) {
            for (List<String> args : List.<List<String>>of(List.of("--info"), List.of(), List.of("--files-only"))) {
                List<String> all = new ArrayList<>(List.of("-C", dir.toString(), "1", "-R", FOREIGN_HOST + "/octo/demo"));
                all.addAll(args);
                Proc.Result r = PrdiffCli.run(env, all.toArray(String[]::new));
                assertEquals(1, r.exit(), r.stderr());
                assertTrue(r.stderr().startsWith("prdiff: error [UNTRUSTED_HOST]: "), dir + " " + args + ": " + r.stderr());
                assertTrue(r.stderr().contains("inside the work tree of " + clone.dir().toRealPath()), r.stderr());
            }
        }
        assertEquals(List.of(), markers.described());
    }

    /**
     * The attack itself: gh sends GH_ENTERPRISE_TOKEN to any enterprise host it is pointed at, so a nested
     * repository whose remote is a TLS trap on loopback must not make that host trusted. The control, your own clone
     * with the same remote, reaches the trap.
     */
    @Test
    void aNestedRemoteNeverReceivesTheToken() throws IOException {
        Requires.gh();
        try (TokenTrap trap = TokenTrap.start()) {
            String repo = trap.host() + "/octo/demo";
            Map<String, String> env = trap.env(ghEnv());
            TempRepo attacked = withNestedRepositories(markers, "https://" + repo + ".git").repo();
            try (attacked; McpSession s = McpSession.initialized(McpSession.config(attacked.dir()).withEnv(env))) {
                for (String dir : List.of("sub/evil.git", "sub/bare.git", "sub/evil.git/refs")) {
                    Path nested = attacked.dir().resolve(dir);
                    for (List<String> args : List.<List<String>>of(List.of(), List.of("--files-only"), List.of("--info"))) {
                        List<String> all = new ArrayList<>(List.of("-C", nested.toString(), "1", "-R", repo));
                        all.addAll(args);
                        Proc.Result r = PrdiffCli.run(env, all.toArray(String[]::new));
                        assertEquals(List.of(), trap.seen(), dir + " " + args + ": " + r.stderr());
                        assertTrue(r.stderr().startsWith("prdiff: error [UNTRUSTED_HOST]: "), dir + args + r.stderr());
                    }
                    McpCalls.toolError(s.callResult("get_pull_request_diff", args(nested, "pr_number", 1, "repo",
                            repo)), "UNTRUSTED_HOST");
                    assertEquals(List.of(), trap.seen(), dir);
                }
                try (TempRepo own = TempRepo.init()) {
                    own.git("remote", "add", "origin", "https://" + repo + ".git");
                    Proc.Result r = PrdiffCli.run(env, "-C", own.dir().toString(), "1", "-R", repo);
                    assertTrue(r.stderr().startsWith("prdiff: error [NOT_FOUND]: "), r.stderr());
                    assertTrue(trap.seen().stream().anyMatch(seen -> ("token " + TokenTrap.TOKEN)
                            .equals(seen.authorization())), trap.seen().toString());
                }
            }
            assertEquals(List.of(), markers.described());
        }
    }

    @Test
    void repositoriesOfYourOwnAreNotNested() throws IOException {
        try (TempRepo own = TempRepo.init(); dev.prdiff.git.Session session =
                dev.prdiff.app.Sessions.forOneCall(NeutralGit.env())) {
            own.write("a.txt", "one\n");
            own.commit("one");
            own.git("init", "-q", own.dir().resolve("inner").toString());
            own.git("worktree", "add", "-q", "-b", "side", own.dir().resolve("linked").toString());
            own.git("init", "-q", "--bare", own.dir().resolve(".git/modules/m").toString());
            Duration t = Duration.ofSeconds(30);
            for (Path dir : List.of(own.dir(), own.dir().resolve("inner"), own.dir().resolve("linked"),
                    own.dir().resolve(".git/modules/m"))) {
                assertNull(session.open(dir, t).enclosingWorkTree(), dir.toString());
            }
            assertEquals(clone.dir().toRealPath(), session.open(evil.resolve("refs"), t).enclosingWorkTree());
            assertEquals(clone.dir().toRealPath(), session.open(bare, t).enclosingWorkTree());
            // The work-tree modes in a linked worktree inside your own checkout, as git diff prints them there.
            own.write("linked/a.txt", "changed\n");
            Proc.Result r = PrdiffCli.ok(own.dir().resolve("linked"));
            assertTrue(r.out().contains("+changed"), r.out() + r.stderr());
        }
    }

    /**
     * Defense in depth in a repository of your own: the work-tree modes run with core.fsmonitor off and hooks in an
     * empty place (the post-index-change hook would run on --untracked's copy of the index).
     */
    @Test
    void theWorkTreeModesRunNoFsmonitorOrHookOfYourOwnRepository() throws IOException {
        try (TempRepo own = TempRepo.init()) {
            own.write("a.txt", "one\n");
            own.commit("one");
            own.write("a.txt", "two\n").write("new.txt", "new\n");
            own.git("add", "a.txt");
            own.git("config", "core.fsmonitor", markers.command("own.fsmonitor"));
            own.git("config", "core.hooksPath", markers.hooksDir("own.hooks").toString());
            for (List<String> args : List.<List<String>>of(List.of(), List.of("--untracked"), List.of("--cached"),
                    List.of("--files-only", "--untracked"))) {
                Proc.Result r = PrdiffCli.ok(own.dir(), args.toArray(String[]::new));
                assertTrue(r.out().contains("a.txt"), args + ": " + r.out());
            }
            assertEquals(List.of(), markers.described());
        }
    }
}
