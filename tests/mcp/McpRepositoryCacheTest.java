package mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.McpSession;
import support.McpCalls;
import support.RecordingGit;
import support.TempRepo;
import support.TempDirs;

import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * One server, many calls: what the server keeps between calls (the opened repository) must never answer for a
 * repository that changed. Each answer is compared with git's for the state of that moment.
 */
@Timeout(120)
@support.Parallel
class McpRepositoryCacheTest {
    TempRepo repo;
    TempRepo other;
    McpSession s;

    @BeforeEach
    void fixture() {
        repo = TempRepo.init();
        repo.write("a.txt", "one\n").write("b.txt", "two\n");
        repo.commit("base");
        repo.checkout("-b", "feature");
        repo.write("a.txt", "one\nfeature\n");
        repo.commit("feature 1");
        repo.checkout("main");
        other = TempRepo.init();
        other.write("a.txt", "other\n");
        other.commit("other base");
        other.checkout("-b", "feature");
        other.write("a.txt", "other\nchanged\n");
        other.commit("other feature");
        other.checkout("main");
        s = McpSession.initialized(repo.dir());
    }

    @AfterEach
    void cleanup() {
        assertEquals(List.of(), s.finish(McpSession.WAIT));
        repo.close();
        other.close();
    }

    private ObjectNode range(TempRepo r, String path) {
        ObjectNode args = McpCalls.args("repo_path", r.dir().toString(), "base", "main", "head", "feature");
        return path == null ? args : args.put("path", path);
    }

    private String fileDiff(TempRepo r, String path) {
        return McpCalls.git(r, "main...feature", "--", path);
    }

    /** A server keeps what discovery found: the second call on an unchanged repository runs no discovery probe. */
    @Test
    void anUnchangedRepositoryIsDiscoveredOnce() {
        RecordingGit git = RecordingGit.create();
        try (McpSession recorded = McpSession.initialized(McpSession.config(repo.dir()).withEnv(git.env()))) {
            for (int call = 0; call < 2; call++) {
                assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(recorded, "get_diff", range(repo, "a.txt")));
            }
            assertEquals(1, git.callsWith("--absolute-git-dir").size(), git.calls().toString());
        }
    }

    @Test
    void aBranchMovedBetweenTwoCallsGivesTheNewAnswer() {
        String before = McpCalls.ok(s, "get_diff", range(repo, "a.txt"));
        assertEquals(fileDiff(repo, "a.txt"), before);
        repo.checkout("feature");
        repo.write("a.txt", "one\nfeature\nmore\n");
        repo.commit("feature 2");
        repo.checkout("main");
        String after = McpCalls.ok(s, "get_diff", range(repo, "a.txt"));
        assertNotEquals(before, after);
        assertEquals(fileDiff(repo, "a.txt"), after);
        repo.git("branch", "-f", "feature", "main~0");
        repo.checkout("-b", "elsewhere");
        repo.write("b.txt", "two\nelsewhere\n");
        String elsewhere = repo.commit("elsewhere");
        repo.checkout("main");
        repo.git("branch", "-f", "feature", elsewhere);
        assertEquals(McpCalls.numstat(repo, "main...feature"),
                numstat(s.callResult("get_changed_files", range(repo, null))));
        assertEquals(fileDiff(repo, "b.txt"), McpCalls.ok(s, "get_diff", range(repo, "b.txt")));
    }

    @Test
    void aNewCommitOnTheCheckedOutBranchIsSeen() {
        repo.checkout("feature");
        ObjectNode sinceMain = McpCalls.args("repo_path", repo.dir().toString(), "base", "main");
        assertEquals(McpCalls.numstat(repo, "main...HEAD"), numstat(s.callResult("get_changed_files", sinceMain)));
        repo.write("c.txt", "new\n");
        repo.commit("feature 2");
        assertEquals(McpCalls.numstat(repo, "main...HEAD"), numstat(s.callResult("get_changed_files", sinceMain)));
    }

    @Test
    void anotherRepositoryPathIsAnsweredFromThatRepository() {
        assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(repo, "a.txt")));
        assertEquals(fileDiff(other, "a.txt"), McpCalls.ok(s, "get_diff", range(other, "a.txt")));
        assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(repo, "a.txt")));
    }

    @Test
    void aRepositoryMadeAgainAtTheSamePathIsOpenedAgain() throws Exception {
        assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(repo, "a.txt")));
        TempRepo.deleteTree(repo.dir().resolve(".git"));
        repo.git("init", "-q", "-b", "main");
        repo.write("a.txt", "again\n");
        repo.commit("again");
        repo.checkout("-b", "feature");
        repo.write("a.txt", "again\nand changed\n");
        repo.commit("again feature");
        assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(repo, "a.txt")));
    }

    @Test
    void aSubdirectoryThatBecomesARepositoryIsThatRepository() throws Exception {
        Files.createDirectories(repo.dir().resolve("sub"));
        ObjectNode inSub = McpCalls.args("repo_path", repo.dir().resolve("sub").toString(), "base", "main",
                "head", "feature", "path", "a.txt");
        assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", inSub));
        other.git("clone", "-q", "--no-local", other.dir().toString(), repo.dir().resolve("sub").toString());
        other.git("-C", repo.dir().resolve("sub").toString(), "branch", "-q", "feature", "origin/feature");
        assertEquals(fileDiff(other, "a.txt"), McpCalls.ok(s, "get_diff", inSub));
    }

    /** A bare clone re-made at the same path in another object format: a kept discovery answer would misread it. */
    @Test
    void aBareRepositoryMadeAgainAtTheSamePathIsOpenedAgain() throws Exception {
        java.nio.file.Path bare = TempDirs.create("prdiff-bare").resolve("r.git");
        try {
            repo.git("clone", "-q", "--bare", repo.dir().toString(), bare.toString());
            assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(bare, "a.txt")));
            assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(bare, "a.txt")));
            TempRepo.deleteTree(other.dir().resolve(".git"));
            other.git("init", "-q", "--object-format=sha256", "-b", "main");
            other.write("a.txt", "sha256\n");
            other.commit("sha256 base");
            other.checkout("-b", "feature");
            other.write("a.txt", "sha256\nfeature\n");
            other.commit("sha256 feature");
            TempRepo.deleteTree(bare);
            other.git("clone", "-q", "--bare", other.dir().toString(), bare.toString());
            assertEquals(fileDiff(other, "a.txt"), McpCalls.ok(s, "get_diff", range(bare, "a.txt")));
        } finally {
            TempRepo.deleteTree(bare.getParent());
        }
    }

    /** A config git refuses to read makes the bare repository unopenable, and opening it again once fixed. */
    @Test
    void aBareRepositoryWhoseConfigChangedIsAskedAgain() throws Exception {
        java.nio.file.Path bare = TempDirs.create("prdiff-bare").resolve("r.git");
        try {
            repo.git("clone", "-q", "--bare", repo.dir().toString(), bare.toString());
            assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(bare, "a.txt")));
            repo.git("--git-dir=" + bare, "config", "core.repositoryformatversion", "99");
            assertNotEquals(0, repo.run("--git-dir=" + bare, "rev-parse", "--git-dir").exit());
            McpCalls.toolError(s.callResult("get_diff", range(bare, "a.txt")), "NOT_A_REPOSITORY");
            Files.writeString(bare.resolve("config"), Files.readString(bare.resolve("config"))
                    .replace("repositoryformatversion = 99", "repositoryformatversion = 0"));
            assertEquals(fileDiff(repo, "a.txt"), McpCalls.ok(s, "get_diff", range(bare, "a.txt")));
        } finally {
            TempRepo.deleteTree(bare.getParent());
        }
    }

    private ObjectNode range(java.nio.file.Path dir, String path) {
        return McpCalls.args("repo_path", dir.toString(), "base", "main", "head", "feature", "path", path);
    }

    private static List<String> numstat(com.fasterxml.jackson.databind.JsonNode result) {
        return McpCalls.listed(McpCalls.fileList(result));
    }
}
