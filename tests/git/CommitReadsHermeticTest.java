package git;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.GrepRule;
import support.PrdiffCli;
import support.McpCalls;
import support.BareOracle;
import support.Fixtures;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * prdiff show and grep (and their MCP tools) read objects only: their answers are captured, then the checkout,
 * work tree, index, repository config (grep.*, filters, textconv, core.autocrlf, core.attributesFile),
 * attributes, user config and GIT_* environment are poisoned, and not a byte may change.
 */
@support.Parallel
class CommitReadsHermeticTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static TempRepo decoy;
    static Path poisoned;
    static String head;
    static final Map<String, Proc.Result> baseline = new LinkedHashMap<>();

    static List<String[]> commands() {
        return List.of(
                new String[] {"show", head + ":src/app.ts"},
                new String[] {"show", head + ":crlf.txt"},
                new String[] {"show", head + ":bin.dat"},
                new String[] {"show", head + ":lib"},
                new String[] {"grep", "app [0-9]", "--sha", head},
                new String[] {"grep", "-i", "ONE", "--sha", head},
                new String[] {"grep", "a", "--sha", head, "--", "lib", "src/app.ts"},
                new String[] {"grep", "x", "--sha", head, "--", "bin.dat"},
                new String[] {"grep", "--color=always", "-C1", "-i", "ONE", head},
                new String[] {"grep", "-c", "a", head, "--", "lib"});
    }

    static Proc.Result run(Map<String, String> env, String[] args) {
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().toString()));
        all.addAll(List.of(args));
        return PrdiffCli.run(env, all.toArray(String[]::new));
    }

    @BeforeAll
    static void captureThenPoison() throws IOException {
        head = Fixtures.everyShape(repo)[1];
        Map<String, String> clean = Map.of("PATH", System.getenv("PATH"), "HOME", repo.dir().toString());
        for (String[] args : commands()) {
            Proc.Result r = run(clean, args);
            assertEquals(0, r.exit(), String.join(" ", args) + ": " + r.stderr());
            baseline.put(String.join(" ", args), r);
        }
        try (BareOracle oracle = BareOracle.cloneOf(repo.dir())) {
            assertArrayEquals(oracle.show(head + ":crlf.txt"), baseline.get("show " + head + ":crlf.txt").stdout());
            assertArrayEquals(GrepRule.withoutRev(oracle.grep("-n", "-e", "app [0-9]", head).stdout(), head),
                    baseline.get("grep app [0-9] --sha " + head).stdout());
        }
        decoy = TempRepo.init();
        decoy.write("src/app.ts", "decoy app 1\n");
        decoy.commit("decoy");
        poisoned = TempDirs.create("prdiff-poisoned-reads-");
        String attributes = "* diff=evil filter=evil text eol=crlf\n*.ts -diff\n";
        Files.writeString(poisoned.resolve("attributes"), attributes);
        String config = "[grep]\n\tpatternType = fixed\n\tcolumn = true\n\tlineNumber = false\n\tfullName = true\n"
                + "\textendedRegexp = true\n[color]\n\tui = always\n\tgrep = always\n"
                + "[color \"grep\"]\n\tmatch = blue\n\tfilename = yellow\n\tlineNumber = red\n\tseparator = white\n"
                + "[core]\n\tattributesFile = " + poisoned.resolve("attributes") + "\n\tautocrlf = true\n\teol = crlf\n"
                + "\tquotePath = false\n[diff \"evil\"]\n\ttextconv = rev\n\tbinary = true\n"
                + "[filter \"evil\"]\n\tsmudge = rev\n\tclean = rev\n";
        Files.writeString(poisoned.resolve(".gitconfig"), config);
        Files.createDirectories(poisoned.resolve(".config/git"));
        Files.writeString(poisoned.resolve(".config/git/config"), config);
        Files.writeString(poisoned.resolve(".config/git/attributes"), attributes);
        repo.checkout("main");
        for (String path : List.of("src/app.ts", "crlf.txt", "lib/a/index.ts", "bin.dat")) {
            repo.write(path, "garbage app 1 one a x that must never be read\n");
        }
        repo.git("add", "src/app.ts", "crlf.txt");
        repo.write(".gitattributes", attributes);
        repo.write(".git/info/attributes", attributes);
        Files.writeString(repo.dir().resolve(".git/config"), config, java.nio.file.StandardOpenOption.APPEND);
    }

    static Map<String, String> poisonedEnv() throws IOException {
        Path fakeIndex = Files.createTempFile(poisoned, "index-", "");
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", poisoned.toString());
        env.put("XDG_CONFIG_HOME", poisoned.resolve(".config").toString());
        env.put("GIT_DIR", decoy.dir().resolve(".git").toString());
        env.put("GIT_WORK_TREE", decoy.dir().toString());
        env.put("GIT_INDEX_FILE", fakeIndex.toString());
        env.put("GIT_OBJECT_DIRECTORY", decoy.dir().resolve(".git/objects").toString());
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("GIT_CONFIG_KEY_0", "grep.patternType");
        env.put("GIT_CONFIG_VALUE_0", "perl");
        env.put("GIT_CONFIG_PARAMETERS", "'grep.column'='true'");
        env.put("GIT_ATTR_SOURCE", decoy.text("rev-parse", "HEAD").strip());
        env.put("GIT_PAGER", "rev");
        env.put("PAGER", "rev");
        return env;
    }

    @AfterAll
    static void cleanup() {
        decoy.close();
        TempRepo.deleteTree(poisoned);
    }

    @Test
    void showAndGrepAreByteIdenticalAfterPoisoning() throws IOException {
        Map<String, String> env = poisonedEnv();
        for (String[] args : commands()) {
            Proc.Result expected = baseline.get(String.join(" ", args));
            Proc.Result got = run(env, args);
            assertEquals(expected.exit(), got.exit(), String.join(" ", args) + ": " + got.stderr());
            assertArrayEquals(expected.stdout(), got.stdout(), String.join(" ", args));
        }
    }

    @Test
    void theMcpToolsAreUnchangedToo() throws Exception {
        try (McpSession s = McpSession.initialized(McpSession.config(repo.dir()).withEnv(poisonedEnv()))) {
            assertEquals(utf8("show " + head + ":src/app.ts"), McpCalls.ok(s, "get_file_at_sha",
                    McpCalls.args("sha", head, "path", "src/app.ts")));
            assertEquals(utf8("show " + head + ":crlf.txt"), McpCalls.ok(s, "get_file_at_sha",
                    McpCalls.args("sha", head, "path", "crlf.txt")));
            ObjectNode grep = McpCalls.args("pattern", "a", "sha", head);
            grep.putArray("paths").add("lib").add("src/app.ts");
            assertEquals("# prdiff: commit " + head.substring(0, 12) + "\n" + utf8("grep a --sha " + head
                    + " -- lib src/app.ts"), McpCalls.ok(s, "grep_at_sha", grep));
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    @Test
    void thePoisonIsRealForPlainGit() throws IOException {
        Map<String, String> env = poisonedEnv();
        for (String k : List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ATTR_SOURCE")) {
            env.remove(k);
        }
        Proc.Result grep = Proc.run(List.of("git", "grep", "-n", "app [0-9]", head), repo.dir(), env, Duration.ofSeconds(60));
        assertFalse(Arrays.equals(baseline.get("grep app [0-9] --sha " + head).stdout(), grep.stdout()),
                "git grep should be changed by the poisoned config, or this test proves nothing");
        assertFalse(Arrays.equals(baseline.get("show " + head + ":src/app.ts").stdout(),
                Files.readAllBytes(repo.dir().resolve("src/app.ts"))));
    }

    static String utf8(String command) {
        return new String(baseline.get(command).stdout(), StandardCharsets.UTF_8);
    }
}
