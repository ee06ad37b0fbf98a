package cli;

import dev.prdiff.cli.ExitCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.PrdiffCli;
import support.HangingRepo;
import support.Proc;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.Fixtures.lines;

/**
 * A reader that stops early (head, a pager the user quits) ends prdiff the way it ends git: exit 141, nothing on
 * stderr but the usual range notice, and the git feeding it killed. A git failing after output began is still an
 * error.
 */
@Timeout(120)
class ClosedPipeTest {
    /** Megabytes of diff: far more than the pipes and buffers between git and the reader hold. */
    static final int LINES = 200_000;

    static TempRepo repo;
    /** Nothing on stderr but the one notice naming the range (and its SHAs), which -v asks for. */
    static void assertRangeNoticeOnly(String stderr) {
        org.junit.jupiter.api.Assertions.assertTrue(stderr.startsWith("prdiff: range " + range + " (base ")
                && stderr.indexOf('\n') == stderr.length() - 1, stderr);
    }

    static String range;

    @BeforeAll
    static void bigDiff() {
        repo = TempRepo.init();
        repo.write("big.txt", lines("old", LINES));
        String base = repo.commit("old");
        repo.write("big.txt", lines("new", LINES));
        range = base + "...HEAD";
        repo.commit("new");
    }

    @AfterAll
    static void cleanUp() {
        if (repo != null) {
            repo.close();
        }
    }

    @Test
    void aReaderThatClosesEarlyEndsTheProcessQuietlyAndKillsGit() throws Exception {
        Process p = PrdiffCli.start(System.getenv(), repo.dir(), "-v", range);
        try {
            InputStream stdout = p.getInputStream();
            assertEquals("diff --git a/big.txt b/big.txt\n",
                    new String(stdout.readNBytes(31), StandardCharsets.UTF_8));
            List<ProcessHandle> git = gitDiffUnder(p.toHandle());
            stdout.close();

            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "prdiff did not end after its reader went away");
            String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(ExitCode.CLOSED_PIPE, p.exitValue(), stderr);
            assertRangeNoticeOnly(stderr);
            HangingRepo.assertAllExit(git);
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    @Test
    void aBrokenPipeMidDiffIsQuietAndLeavesNoGitBehind() {
        Set<Long> before = gitDescendants();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PrdiffCli.call(new BrokenPipeAfter(100_000), new PrintStream(err, true, StandardCharsets.UTF_8),
                System.getenv(), false, "-C", repo.dir().toString(), "-v", range);

        assertEquals(ExitCode.CLOSED_PIPE, code, err.toString(StandardCharsets.UTF_8));
        assertRangeNoticeOnly(err.toString(StandardCharsets.UTF_8));
        assertEquals(before, gitDescendants(), "a git process outlived prdiff.run");
    }

    @Test
    void aBrokenPipeWhileWritingTheFileListIsQuiet() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PrdiffCli.call(new BrokenPipeAfter(10), new PrintStream(err, true, StandardCharsets.UTF_8),
                System.getenv(), false, "-C", repo.dir().toString(), "-v", "--files-only", range);

        assertEquals(ExitCode.CLOSED_PIPE, code, err.toString(StandardCharsets.UTF_8));
        assertRangeNoticeOnly(err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anyOtherWriteFailureIsAnError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        int code = PrdiffCli.call(full, new PrintStream(err, true, StandardCharsets.UTF_8), System.getenv(), false,
                "-C", repo.dir().toString(), range);

        assertEquals(ExitCode.ERROR, code);
        assertTrue(err.toString(StandardCharsets.UTF_8)
                .endsWith("prdiff: error [INTERNAL_ERROR]: cannot write output: No space left on device\n"), err::toString);
    }

    /** git dies after printing the first file's section: the output began, and still the run fails loudly. */
    @Test
    void gitFailingAfterOutputBeganIsStillAnError() throws IOException {
        try (TempRepo broken = TempRepo.init()) {
            broken.write("a.txt", lines("a", 50)).write("z.txt", lines("z", 50));
            String base = broken.commit("base");
            broken.write("a.txt", lines("a changed", 50)).write("z.txt", lines("z changed", 50));
            broken.commit("head");
            String blob = broken.text("rev-parse", "HEAD:z.txt").trim();
            Files.delete(broken.dir().resolve(".git/objects").resolve(blob.substring(0, 2)).resolve(blob.substring(2)));

            Proc.Result r = PrdiffCli.run("-C", broken.dir().toString(), base + "..HEAD");

            assertEquals(ExitCode.ERROR, r.exit(), r.stderr());
            assertTrue(r.out().startsWith("diff --git a/a.txt b/a.txt\n"), r.out());
            // A deleted object: the store is incomplete, and not a partial clone's (no promisor pack).
            assertTrue(r.stderr().contains("prdiff: error [OBJECTS_MISSING]: git diff cannot read object " + blob), r.stderr());
            assertTrue(r.stderr().contains("object store lacks it"), r.stderr());
        }
    }

    /** The git diff the spawned prdiff runs, and everything under it, once it has started. */
    static List<ProcessHandle> gitDiffUnder(ProcessHandle prdiffJvm) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            var git = prdiffJvm.descendants()
                    .filter(h -> h.info().command().orElse("").endsWith("/git")
                            && h.info().commandLine().orElse("").contains(" diff "))
                    .findFirst();
            if (git.isPresent()) {
                List<ProcessHandle> tree = new ArrayList<>(List.of(git.get()));
                git.get().descendants().forEach(tree::add);
                return tree;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("prdiff never started git diff");
    }

    static Set<Long> gitDescendants() {
        return support.ProcessTable.ownDescendants().filter(ProcessHandle::isAlive)
                .filter(h -> h.info().command().orElse("").endsWith("/git"))
                .map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /** Takes {@code limit} bytes, then fails every write as a closed pipe does. */
    static final class BrokenPipeAfter extends OutputStream {
        private long left;

        BrokenPipeAfter(long limit) {
            this.left = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > left) {
                left = 0;
                throw new IOException("Broken pipe");
            }
            left -= len;
        }
    }
}
