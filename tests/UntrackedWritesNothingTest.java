import org.junit.jupiter.api.Test;
import support.Proc;
import support.TempRepo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --untracked} records the untracked files as intended additions on a copy of the index; git writes the empty
 * blob for them, and that goes to an object directory of prdiff's own: nothing lands in the user's repository.
 */
class UntrackedWritesNothingTest {
    /** Every file under .git with its size, and git count-objects -v: what a write into the repository changes. */
    static String snapshot(TempRepo r) throws IOException {
        Path git = r.dir().resolve(".git");
        StringBuilder s = new StringBuilder(r.text("count-objects", "-v"));
        try (Stream<Path> files = Files.walk(git)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                s.append(git.relativize(p)).append(' ').append(Files.size(p)).append('\n');
            }
        }
        return s.toString();
    }

    @Test
    void untrackedWritesNoObjectIntoTheRepository() throws IOException {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "one\n");
            r.commit("one");
            r.write("a.txt", "two\n").write("new/file.txt", "brand new\n").write("empty.txt", "");
            String before = snapshot(r);
            assertTrue(before.contains("count: 3\n"), before);
            Proc.Result diff = PrdiffCli.ok(r.dir(), "--untracked");
            Proc.Result files = PrdiffCli.ok(r.dir(), "--untracked", "--files-only");
            assertEquals(before, snapshot(r));
            assertTrue(files.out().contains("\"path\":\"empty.txt\"") && files.out().contains("\"path\":\"new/file.txt\""),
                    files.out());
            // git's own answer, with the intended additions in the real index (which writes the empty blob)
            r.git("add", "-N", "new/file.txt", "empty.txt");
            assertArrayEquals(r.gitDiff("HEAD"), diff.stdout());
            assertTrue(r.text("count-objects", "-v").contains("count: 4\n"), "git add -N writes the empty blob");
        }
    }
}
