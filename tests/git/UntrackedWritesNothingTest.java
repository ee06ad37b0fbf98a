package git;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.NeutralGit;
import support.Proc;
import support.TempDirs;
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

    /**
     * A file changed in the same second as the index was written, keeping its size, is "racily clean": git compares
     * its content only because the index file's time says so. The copy of the index keeps that time.
     */
    @Test
    void aRacilyCleanChangeIsSeenOnTheCopyOfTheIndex() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "one\n");
            r.commit("one");
            for (int attempt = 0; ; attempt++) {
                r.write("a.txt", "one\n");
                long added = second(r.dir().resolve("a.txt"));
                r.git("add", "a.txt");
                r.write("a.txt", "two\n");
                if (second(r.dir().resolve("a.txt")) == added && second(r.dir().resolve(".git/index")) == added) {
                    break;
                }
                assertTrue(attempt < 20, "could not write a file and the index within one second");
            }
            Thread.sleep(1100 - System.currentTimeMillis() % 1000); // prdiff's copy is made in a later second
            Proc.Result res = PrdiffCli.ok(r.dir(), "--untracked");
            assertArrayEquals(r.gitDiff("HEAD"), res.stdout());
            assertTrue(res.out().contains("+two"), res.out());
        }
    }

    private static long second(Path p) throws IOException {
        return Files.getLastModifiedTime(p).toMillis() / 1000;
    }

    /** The repository's objects reach git as an alternate, whose list a colon separates: such a path is quoted. */
    @Test
    void aRepositoryPathWithAColonOrAQuoteStillWorks() throws IOException {
        Path parent = TempDirs.create("prdiff-colon-");
        try {
            Path dir = Files.createDirectories(parent.resolve("\"a:b\" c"));
            NeutralGit.run(dir, "init", "-q");
            Files.writeString(dir.resolve("a.txt"), "one\n");
            NeutralGit.run(dir, "add", "a.txt");
            NeutralGit.run(dir, "-c", "user.name=n", "-c", "user.email=e@example.com", "commit", "-q", "-m", "one");
            Files.writeString(dir.resolve("new.txt"), "new\n");
            Proc.Result r = PrdiffCli.ok(dir, "--untracked");
            assertTrue(r.out().contains("+++ b/new.txt\n@@ -0,0 +1 @@\n+new\n"), r.out() + r.stderr());
        } finally {
            TempRepo.deleteTree(parent);
        }
    }
}
