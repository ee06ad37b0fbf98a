package git;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.Fixtures;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A partial clone (--filter=blob:none) lacks the blobs of history it has not checked out; git would fetch them from
 * the clone's remote, which prdiff never lets it do. The answer is then OBJECTS_MISSING with a way out, not a bare
 * GIT_FAILED, nothing is fetched behind the user's back, and once git itself has fetched them prdiff answers as git.
 */
@support.Parallel
class PartialCloneTest {
    @Test
    void missingBlobsAreObjectsMissingAndNeverFetched() throws Exception {
        try (TempRepo source = TempRepo.init()) {
            source.write("a.txt", Fixtures.lines("a", 20)).write("b.txt", Fixtures.lines("b", 20));
            source.commit("base");
            source.write("a.txt", Fixtures.lines("a", 20) + "changed\n");
            source.commit("change");
            source.git("config", "uploadpack.allowFilter", "true");
            Path clone = TempDirs.create("partial-").resolve("clone");
            Proc.Result cloned = Proc.run(List.of("git", "clone", "-q", "--filter=blob:none", "--no-local",
                    "file://" + source.dir(), clone.toString()), source.dir(), System.getenv(), Duration.ofSeconds(60));
            assertEquals(0, cloned.exit(), cloned.stderr());
            String missingBefore = missing(clone);
            assertTrue(!missingBefore.isEmpty(), "the old a.txt is not in the clone");

            Proc.Result cli = PrdiffCli.run("-C", clone.toString(), "HEAD~1...HEAD", "--file", "a.txt");
            assertEquals(1, cli.exit(), cli.stderr());
            assertTrue(cli.stderr().startsWith("prdiff: error [OBJECTS_MISSING]: "), cli.stderr());
            assertTrue(cli.stderr().contains("partial clone"), cli.stderr());
            Proc.Result list = PrdiffCli.run("-C", clone.toString(), "HEAD~1...HEAD", "--files-only");
            assertTrue(list.stderr().startsWith("prdiff: error [OBJECTS_MISSING]: "), list.stderr());
            try (McpSession s = McpSession.initialized(clone)) {
                JsonNode error = McpCalls.toolError(s.callResult("get_diff",
                        McpCalls.argsOf("base", "HEAD~1", "head", "HEAD", "path", "a.txt")), "OBJECTS_MISSING");
                assertTrue(error.get("message").asText().contains("partial clone"), error.toString());
            }
            assertEquals(missingBefore, missing(clone), "prdiff fetched nothing");

            // The way out the message gives: git's own diff, which fetches what it needs.
            Proc.Result fetched = Proc.run(List.of("git", "-C", clone.toString(), "diff", "HEAD~1...HEAD"),
                    clone, System.getenv(), Duration.ofSeconds(60));
            assertEquals(0, fetched.exit(), fetched.stderr());
            Proc.Result again = PrdiffCli.run("-C", clone.toString(), "HEAD~1...HEAD", "--file", "a.txt");
            assertEquals(0, again.exit(), again.stderr());
            assertArrayEquals(source.gitDiff("HEAD~1...HEAD", "--", "a.txt"), again.stdout());
        }
    }

    /** Objects of the clone's history that its store lacks, as git lists them without fetching. */
    private static String missing(Path clone) {
        Proc.Result r = Proc.run(List.of("git", "-C", clone.toString(), "rev-list", "--objects", "--all", "--missing=print"),
                clone, java.util.Map.of("PATH", System.getenv("PATH"), "GIT_NO_LAZY_FETCH", "1"), Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.stderr());
        return r.out().lines().filter(l -> l.startsWith("?")).sorted().reduce("", (a, b) -> a + b + "\n");
    }
}
