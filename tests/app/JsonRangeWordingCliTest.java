package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** prdiff --json: range.how says in words how each shape of target chose its range; the SHAs are git's. */
@Timeout(300)
@support.Parallel
class JsonRangeWordingCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "one\n").commit("root");
        repo.write("a.txt", "one\ntwo\n").commit("main 2");
        repo.checkout("-b", "feature");
        repo.write("b.txt", "feature\n").commit("feature 1");
        repo.checkout("main");
        repo.write("c.txt", "main\n").commit("main 3");
        repo.checkout("feature");
    }

    static JsonNode range(String... args) throws Exception {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = "--json";
        Proc.Result r = PrdiffCli.in(repo.dir(), all);
        assertEquals(0, r.exit(), r.stderr());
        JsonNode e = JSON.readTree(r.stdout());
        assertTrue(e.get("success").asBoolean(), r.stderr());
        return e.at("/data/range");
    }

    static String sha(String rev) {
        return repo.text("rev-parse", rev).strip();
    }

    @Test
    void threeDotNamesTheMergeBase() throws Exception {
        JsonNode r = range("main...feature");
        assertEquals("three-dot range main...feature (from the merge base)", r.get("how").asText());
        assertEquals(sha("main"), r.get("base").asText());
        assertEquals(sha("feature"), r.get("head").asText());
        assertEquals(repo.text("merge-base", "main", "feature").strip(), r.get("merge_base").asText());
    }

    @Test
    void twoDotIsTreeToTree() throws Exception {
        JsonNode r = range("main..feature");
        assertEquals("two-dot range main..feature (tree to tree)", r.get("how").asText());
        assertEquals(sha("main"), r.get("base").asText());
        assertEquals(sha("feature"), r.get("head").asText());
        assertFalse(r.hasNonNull("merge_base"));
    }

    @Test
    void commitIsAgainstItsFirstParent() throws Exception {
        JsonNode r = range("--commit", "feature");
        assertEquals("commit " + sha("feature") + " against its first parent", r.get("how").asText());
        assertEquals(sha("feature^"), r.get("base").asText());
        JsonNode root = range("--commit", sha("main~2"));
        assertEquals("commit " + sha("main~2") + " against the empty tree (a root commit)", root.get("how").asText());
        assertFalse(root.hasNonNull("base"));
    }

    @Test
    void branchShorthandIsThreeDotAgainstHead() throws Exception {
        JsonNode r = range("main");
        assertEquals("three-dot range main...HEAD (from the merge base)", r.get("how").asText());
        assertEquals(repo.text("merge-base", "main", "HEAD").strip(), r.get("merge_base").asText());
    }

    @Test
    void givenBaseAndWorkTree() throws Exception {
        JsonNode r = range("--base", "main");
        assertEquals("--base range: three-dot range main...HEAD (from the merge base)", r.get("how").asText());
        JsonNode staged = range("--base", "main", "--cached");
        assertEquals("--base range: staged changes against the merge base of main...HEAD", staged.get("how").asText());
        assertEquals(repo.text("merge-base", "main", "HEAD").strip(), staged.get("merge_base").asText());
        assertFalse(staged.hasNonNull("head"));
    }

    @Test
    void noBaseBranchIsTheWorkingTreeAgainstHead() throws Exception {
        try (TempRepo lone = TempRepo.init()) {
            lone.write("x.txt", "1\n").commit("only");
            lone.text("branch", "-m", "topic");
            lone.write("x.txt", "2\n");
            Proc.Result p = PrdiffCli.in(lone.dir(), "--json");
            assertEquals(0, p.exit(), p.stderr());
            JsonNode r = JSON.readTree(p.stdout()).at("/data/range");
            assertEquals("working tree against HEAD (no base branch found)", r.get("how").asText());
            assertEquals(lone.text("rev-parse", "HEAD").strip(), r.get("base").asText());
        }
    }
}
