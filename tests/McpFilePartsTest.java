import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.TempRepo;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parts of an answer asked for by name, each compared with git's own: one file of a commit (get_commit_diff's
 * path, as prdiff SHA --file), and a generated file named by path, which comes whole though skip_generated is on.
 */
@Timeout(60)
class McpFilePartsTest {
    static TempRepo repo;
    static String commit;
    static McpSession s;

    @BeforeAll
    static void fixture() {
        repo = TempRepo.init();
        repo.write(".gitattributes", "*.gen linguist-generated\n");
        repo.write("src/a.txt", "a\nb\nc\n");
        repo.write("src/b.txt", "one\n");
        repo.write("out.gen", "1\n2\n");
        repo.write("package-lock.json", "{}\n");
        repo.commit("base");
        repo.write("src/a.txt", "a\nB\nc\n");
        repo.write("src/b.txt", "two\n");
        repo.write("out.gen", "1\n2\n3\n");
        repo.write("package-lock.json", "{\"v\":1}\n");
        commit = repo.commit("change");
        s = McpSession.initialized(repo.dir());
    }

    @AfterAll
    static void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
    }

    @Test
    void getCommitDiffTakesPathAsTheCliTakesFile() {
        assertEquals(McpToolsTest.git(repo, commit + "^", commit, "--", "src/b.txt"),
                McpToolsTest.ok(s, "get_commit_diff", McpToolsTest.args("hash", commit, "path", "src/b.txt")));
        assertEquals(McpToolsTest.git(repo, commit + "^", commit, "--", "src"),
                McpToolsTest.ok(s, "get_commit_diff", McpToolsTest.args("hash", commit, "path", "src")));
    }

    @Test
    void aGeneratedFileAskedForByNameComesWhole() {
        for (String name : List.of("out.gen", "package-lock.json")) {
            assertEquals(McpToolsTest.git(repo, commit + "^", commit, "--", name),
                    McpToolsTest.ok(s, "get_commit_diff", McpToolsTest.args("hash", commit, "path", name)), name);
            ObjectNode range = McpToolsTest.args("base", commit + "^", "head", commit, "path", name);
            assertEquals(McpToolsTest.git(repo, commit + "^..." + commit, "--", name),
                    McpToolsTest.ok(s, "get_diff", range), name);
        }
        // The whole commit keeps the marker; named beside a folder, the file still comes whole.
        String all = McpToolsTest.ok(s, "get_commit_diff", McpToolsTest.args("hash", commit));
        assertTrue(all.contains("# prdiff: generated file: "), all);
        String two = McpToolsTest.ok(s, "get_commit_diff", McpToolsTest.args("hash", commit, "path",
                "out.gen,src"));
        assertEquals(McpToolsTest.git(repo, commit + "^", commit, "--", "out.gen", "src"), two);
    }
}
