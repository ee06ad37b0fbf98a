import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import support.ForgedCommitGraph;
import support.TempRepo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A repository's commit-graph file is a cache git trusts for parents when it walks history, and a hostile
 * repository can ship one that lies. Nothing prdiff answers may follow it: every answer below is taken before the
 * graph exists and must not change by a byte once a forged one is in place.
 */
class CommitGraphHermeticTest {
    static TempRepo repo;
    static String fork;
    static String side;
    static String tip;
    static final Map<List<String>, String> before = new LinkedHashMap<>();
    static final List<List<String>> CASES = List.of(
            List.of("side...main", "--log"),
            List.of("side..main", "--log"),
            List.of("side...main", "--files-only"),
            List.of("side...main"),
            List.of("main~1...main", "--log"),
            List.of("--commit", "main"));

    @BeforeAll
    static void forgedHistory() {
        repo = TempRepo.init();
        repo.write("a.txt", "a\n");
        fork = repo.commit("fork point");
        repo.write("b.txt", "b\n");
        repo.commit("main: b");
        repo.write("c.txt", "c\n");
        tip = repo.commit("main: c");
        repo.checkout("-q", "-b", "side", fork);
        repo.write("side.txt", "side\n");
        side = repo.commit("side: its own file");
        repo.checkout("-q", "main");
        for (List<String> args : CASES) {
            before.put(args, PrdiffCli.ok(repo.dir(), args.toArray(String[]::new)).out());
        }
        // main's tip now claims side as its parent: side would be main's history, so side..main one commit.
        ForgedCommitGraph.forgeParent(repo, tip, side);
    }

    @AfterAll
    static void cleanup() {
        repo.close();
    }

    @Test
    void theForgedGraphIsLiveForGitItself() {
        assertEquals(side, repo.text("log", "--format=%P", "-1", tip).strip(),
                "control: git walking this repository reads the forged parent");
    }

    @Test
    void answersDoNotFollowAForgedParent() {
        for (List<String> args : CASES) {
            assertEquals(before.get(args), PrdiffCli.ok(repo.dir(), args.toArray(String[]::new)).out(),
                    String.join(" ", args));
        }
        assertEquals(2, before.get(List.of("side..main", "--log")).lines().count(), before.toString());
    }
}
