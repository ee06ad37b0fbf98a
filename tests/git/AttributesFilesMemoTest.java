package git;

import dev.prdiff.git.GeneratedAttributes;
import dev.prdiff.app.Sessions;
import dev.prdiff.git.Git;
import dev.prdiff.git.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.TempRepo;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whether a head holds a .gitattributes is remembered per full commit id (one tree listing per head per
 * process). Every answer, first and remembered, must equal git's check-attr on a checkout of that commit;
 * abbreviated ids are not remembered (only a full id names one tree for good).
 */
@Timeout(120)
@support.Parallel
class AttributesFilesMemoTest {
    TempRepo repo;
    /** A server-style session of this test's own: its Gits share what it remembers, and no other test sees it. */
    Session session;
    String plain;
    String nested;
    String removed;

    @BeforeEach
    void fixture() {
        repo = TempRepo.init();
        session = Sessions.forManyCalls(System.getenv());
        repo.write("a.txt", "a\n").write("sub/b.out", "b\n").write("sub/c.txt", "c\n");
        plain = repo.commit("no attributes");
        repo.write("sub/.gitattributes", "*.out linguist-generated\nc.txt -linguist-generated\n");
        nested = repo.commit("nested attributes only");
        repo.delete("sub/.gitattributes");
        removed = repo.commit("attributes removed");
    }

    @AfterEach
    void cleanup() {
        repo.close();
        session.close();
    }

    /** git's own reading of the commit's attributes for every file of its tree, from a checkout of it. */
    private Map<String, Boolean> oracle(String commit) {
        repo.checkout(commit);
        Map<String, Boolean> marks = new TreeMap<>();
        for (String path : repo.text("ls-tree", "-r", "--name-only", commit).split("\n")) {
            String value = repo.text("-c", "core.attributesFile=/dev/null", "check-attr", "linguist-generated",
                    "--", path).strip();
            if (value.endsWith(": set") || value.endsWith(": true")) {
                marks.put(path, true);
            } else if (value.endsWith(": unset") || value.endsWith(": false")) {
                marks.put(path, false);
            }
        }
        return marks;
    }

    private Map<String, Boolean> marks(Git git, String commit) {
        return new TreeMap<>(GeneratedAttributes.at(git, commit, null));
    }

    @Test
    void rememberedAnswersEqualGitsForEachFullId() {
        Git git = session.open(repo.dir(), Git.DEFAULT_TIMEOUT);
        for (int round = 0; round < 2; round++) {
            for (String commit : List.of(plain, nested, removed)) {
                assertEquals(oracle(commit), marks(git, commit), "round " + round + " at " + commit);
            }
        }
        assertTrue(marks(git, plain).isEmpty());
        assertFalse(marks(git, nested).isEmpty(), "git marks sub/b.out and unmarks sub/c.txt");
        // A second server-style Git of the same repository shares the remembered answers; still equal.
        Git again = session.open(repo.dir(), Git.DEFAULT_TIMEOUT);
        assertEquals(oracle(nested), marks(again, nested));
        assertEquals(Map.of("sub/c.txt", false), new TreeMap<>(GeneratedAttributes.at(again, nested,
                () -> List.of("sub/c.txt"))));
    }

    /** Each call opens its Git and resolves the branch anew; the moved head is its own key. */
    @Test
    void aMovedBranchResolvesToANewKey() {
        repo.git("branch", "-f", "moving", plain);
        assertEquals(Map.of(), atBranch("moving"));
        repo.git("branch", "-f", "moving", nested);
        assertEquals(oracle(nested), atBranch("moving"));
        repo.git("branch", "-f", "moving", removed);
        assertEquals(Map.of(), atBranch("moving"));
    }

    private Map<String, Boolean> atBranch(String branch) {
        Git git = session.open(repo.dir(), Git.DEFAULT_TIMEOUT);
        return marks(git, git.commit(branch));
    }

    @Test
    void anAbbreviatedIdGivesTheSameAnswerAsTheFullOne() {
        Git git = session.open(repo.dir(), Git.DEFAULT_TIMEOUT);
        assertEquals(marks(git, nested), marks(git, nested.substring(0, 12)));
        assertEquals(marks(git, plain), marks(git, plain.substring(0, 12)));
    }
}
