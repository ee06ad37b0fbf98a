package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.McpCalls;
import support.ProgramOnPath;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server asked again and again about one range (an agent reading it file by file) asks git only what it has not
 * asked before: the linguist-generated marks of the head's .gitattributes once per path and head, for the paths of
 * the answer only; the range's file list once; and each diff from the one merge base, found once, instead of
 * making git walk the history to it on every call. Every answer stays git's.
 */
@Timeout(120)
@support.Parallel
class McpWarmRangeTest {
    TempRepo repo;
    RecordingGit git;
    Path attrStdin;
    McpSession s;

    @BeforeEach
    void fixture() throws Exception {
        repo = TempRepo.init();
        repo.write(".gitattributes", "gen/** linguist-generated\n")
                .write("gen/a.txt", "g1\n").write("src/x.txt", "x1\n").write("src/y.txt", "y1\n")
                .write("old.txt", "a\nb\nc\nd\ne\nf\n");
        repo.commit("base");
        repo.write("other.txt", "main moved on\n");
        repo.commit("main moves on"); // main is not the merge base
        repo.checkout("-b", "feature", "HEAD~1");
        repo.write("gen/a.txt", "g2\n").write("src/x.txt", "x2\n").write("src/y.txt", "y2\n");
        repo.move("old.txt", "new.txt");
        repo.commit("feature");
        repo.checkout("main");
        // check-attr's stdin (the paths asked) is appended to a file of its own before git reads it.
        Path dir = TempDirs.create("attr-stdin-");
        attrStdin = dir.resolve("stdin");
        String real = ProgramOnPath.real("git");
        git = RecordingGit.create("case \" $* \" in *' check-attr '*) tee -a '" + attrStdin + "' | '" + real
                + "' \"$@\"; exit $?;; esac\n");
        s = McpSession.initialized(McpSession.config(repo.dir()).withEnv(git.env()));
    }

    @AfterEach
    void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
    }

    private ObjectNode range(String path) {
        ObjectNode args = McpCalls.args("base", "main", "head", "feature");
        return path == null ? args : args.put("path", path);
    }

    private String asked() throws Exception {
        return Files.exists(attrStdin) ? Files.readString(attrStdin, StandardCharsets.UTF_8) : "";
    }

    @Test
    void generatedMarksAreAskedOncePerHeadAndOnlyForTheAnswersPaths() throws Exception {
        String x = McpCalls.ok(s, "get_diff", range("src/x.txt"));
        assertEquals(McpCalls.git(repo, "main...feature", "--", "src/x.txt"), x);
        assertEquals(1, git.callsWith("check-attr").size(), git.calls().toString());
        assertEquals("src/x.txt\0", asked(), "only the answer's path is asked");
        assertEquals(List.of(), git.callsWith("diff", "--name-only"), "no listing of the whole range");

        git.clear();
        assertEquals(x, McpCalls.ok(s, "get_diff", range("src/x.txt")));
        assertEquals(List.of(), git.callsWith("check-attr"), git.calls().toString());
        assertEquals(List.of(), git.callsWith("read-tree"), git.calls().toString());
        assertEquals(List.of(), git.callsWith("ls-tree"), git.calls().toString());

        // A linguist-generated file asked for by name comes whole.
        assertEquals(McpCalls.git(repo, "main...feature", "--", "gen/a.txt"),
                McpCalls.ok(s, "get_diff", range("gen/a.txt")));
        assertEquals(1, git.callsWith("check-attr").size(), git.calls().toString());
        assertEquals("src/x.txt\0gen/a.txt\0", asked());
        assertEquals(McpCalls.git(repo, "main...feature", "--", "gen/a.txt"),
                McpCalls.ok(s, "get_diff", range("gen/a.txt").put("skip_generated", false)));

        // The old name of a rename: its section carries the new name too, whose marks come with the range's names.
        git.clear();
        assertEquals(McpCalls.git(repo, "main...feature", "--", "old.txt", "new.txt"),
                McpCalls.ok(s, "get_diff", range("old.txt")));
        git.clear();
        McpCalls.ok(s, "get_diff", range("old.txt"));
        assertEquals(List.of(), git.callsWith("check-attr"), git.calls().toString());
    }

    @Test
    void theWholeDiffAsksEveryChangedPathOnce() throws Exception {
        String whole = McpCalls.ok(s, "get_diff", range(null).put("skip_generated", false));
        assertEquals(McpCalls.git(repo, "main...feature"), whole);
        McpCalls.ok(s, "get_diff", range(null));
        McpCalls.ok(s, "get_diff", range(null));
        assertEquals(1, git.callsWith("check-attr").size(), git.calls().toString());
        assertEquals(1, git.callsWith("diff", "--name-only").size(), git.calls().toString());
    }

    @Test
    void theFileListIsListedOncePerRangeAndAMovedBranchIsANewRange() {
        JsonNode first = McpCalls.fileList(s.callResult("get_changed_files", range(null))).get("files");
        git.clear();
        assertEquals(first, McpCalls.fileList(s.callResult("get_changed_files", range(null))).get("files"));
        assertEquals(List.of(), git.callsWith("diff"), "the second listing asks git for no diff: " + git.calls());
        assertEquals(4, first.size(), first.toString());

        repo.checkout("feature");
        repo.write("src/z.txt", "z\n");
        repo.commit("one more");
        repo.checkout("main");
        JsonNode moved = McpCalls.fileList(s.callResult("get_changed_files", range(null))).get("files");
        assertEquals(5, moved.size(), moved.toString());
    }

    @Test
    void aRangeWithOneMergeBaseDiffsFromIt() {
        String base = repo.text("merge-base", "main", "feature").strip();
        String head = repo.text("rev-parse", "feature").strip();
        McpCalls.ok(s, "get_diff", range("src/y.txt"));
        List<List<String>> diffs = git.callsWith("diff", base, head);
        assertFalse(diffs.isEmpty(), git.calls().toString());
        assertTrue(git.callsWith("diff").stream().flatMap(List::stream).noneMatch(a -> a.contains("...")),
                git.calls().toString());
    }
}
