package git;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.ForgedCommitGraph;
import support.TempRepo;

import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A repository can lie about history beside its objects: a commit-graph file (a cache git trusts for parents when
 * it walks history, checked only by {@code git commit-graph verify}) and {@code info/grafts} (deprecated, still
 * honoured). Nothing prdiff answers may follow either: every answer below is taken before the lie is in place and
 * must not change by a byte once it is. Each lie makes main's tip claim side as its parent.
 */
@support.Parallel
class ForgedHistoryTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String fork;
    static String side;
    static String tip;
    static final Map<List<String>, String> before = new LinkedHashMap<>();

    static List<List<String>> cases() {
        return List.of(
                List.of("side...main", "--log"),
                List.of("side..main", "--log"),
                List.of("side...main", "--files-only"),
                List.of("side...main"),
                List.of(tip + "~1.." + tip, "--log"),
                List.of(tip + "~1..." + tip, "--files-only"),
                List.of("--commit", tip));
    }

    @BeforeAll
    static void history() {
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
        for (List<String> args : cases()) {
            before.put(args, PrdiffCli.ok(repo.dir(), args.toArray(String[]::new)).out());
        }
    }

    @AfterEach
    void truth() throws IOException {
        Files.deleteIfExists(repo.dir().resolve(".git/objects/info/commit-graph"));
        Files.deleteIfExists(repo.dir().resolve(".git/info/grafts"));
    }

    @Test
    void aForgedCommitGraphIsNotRead() {
        ForgedCommitGraph.forgeParent(repo, tip, side);
        assertEquals(side, repo.text("log", "--format=%P", "-1", tip).strip(),
                "control: git walking this repository reads the forged parent");
        answersAreUnchanged();
    }

    @Test
    void graftsAreNotRead() throws IOException {
        Files.createDirectories(repo.dir().resolve(".git/info"));
        Files.writeString(repo.dir().resolve(".git/info/grafts"), tip + " " + side + "\n");
        assertEquals(side, repo.text("rev-parse", tip + "~1").strip(), "control: git itself follows the graft");
        answersAreUnchanged();
    }

    private static void answersAreUnchanged() {
        for (List<String> args : cases()) {
            assertEquals(before.get(args), PrdiffCli.ok(repo.dir(), args.toArray(String[]::new)).out(),
                    String.join(" ", args));
        }
        assertEquals(2, before.get(List.of("side..main", "--log")).lines().count(), before.toString());
        assertEquals(1, before.get(List.of(tip + "~1.." + tip, "--log")).lines().count(), before.toString());
    }
}
