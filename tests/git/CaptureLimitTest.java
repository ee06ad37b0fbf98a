package git;

import support.PrdiffCli;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every capture of a child's whole stdout has a limit (64 MiB unless the caller states one): past it the process
 * tree is killed and the call fails with OUTPUT_TOO_LARGE, however much more the child would have printed.
 */
@Timeout(180)
class CaptureLimitTest {
    @TempDir
    Path bin;

    @Test
    void aChildPrintingWithoutEndIsStoppedAtTheDefaultLimit() throws Exception {
        String marker = "prdiff-endless-" + System.nanoTime();
        Command gh = script("gh", "#!/bin/sh\n: " + marker + "\ncat /dev/zero\n");
        PrdiffException e = assertThrows(PrdiffException.class, () -> Subprocess.capture(gh));
        assertEquals(ErrorCode.OUTPUT_TOO_LARGE, e.code(), e.getMessage());
        assertEquals("gh api printed more than 64 MiB, the most prdiff reads of it at once; it was stopped",
                e.getMessage());
        assertEquals(Subprocess.CAPTURE_LIMIT, e.details().get("limit_bytes"));
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (support.ProcessTable.ownDescendants().anyMatch(p -> p.isAlive()
                && (p.info().commandLine().orElse("").contains(bin.toString())
                || p.info().command().orElse("").endsWith("/cat")))) {
            assertTrue(System.nanoTime() < deadline, "the child's tree is still running");
            Thread.sleep(20);
        }
    }

    @Test
    void aCallerStatesItsOwnLimitAndOutputUpToItIsKeptWhole() throws Exception {
        Command exact = script("exact", "#!/bin/sh\nhead -c 1048576 /dev/zero\n");
        assertArrayEquals(new byte[1 << 20], Subprocess.capture(exact, 1 << 20, null).stdout());
        Command over = script("over", "#!/bin/sh\nhead -c 1048577 /dev/zero\n");
        PrdiffException e = assertThrows(PrdiffException.class, () -> Subprocess.capture(over, 1 << 20, null));
        assertEquals(ErrorCode.OUTPUT_TOO_LARGE, e.code());
        assertTrue(e.getMessage().startsWith("over printed more than 1 MiB"), e.getMessage());
    }

    /** The same reader serves callers of Subprocess.run that read a list whole (git diff --raw --numstat). */
    @Test
    void aReaderThatKeepsTheOutputHasTheSameLimit() throws Exception {
        Command over = script("over", "#!/bin/sh\nhead -c 1048577 /dev/zero\n");
        var kept = new java.io.ByteArrayOutputStream();
        PrdiffException e = assertThrows(PrdiffException.class,
                () -> Subprocess.run(over, Subprocess.keeping(kept, 1 << 20, "git diff --raw --numstat"), null));
        assertEquals(ErrorCode.OUTPUT_TOO_LARGE, e.code());
        assertTrue(e.getMessage().startsWith("git diff --raw --numstat printed more than 1 MiB"), e.getMessage());
        assertTrue(kept.size() <= 1 << 20);
    }

    /**
     * In a small heap the default limit is an eighth of it, and a caller's larger limit meets OUTPUT_TOO_LARGE
     * when the heap runs out, in a JVM of its own: never an OutOfMemoryError's stack trace.
     */
    @Test
    void aSmallHeapHasASmallerLimitAndRunningOutIsANamedError() throws Exception {
        script("big", "#!/bin/sh\nhead -c 209715200 /dev/zero\n");
        for (String heap : List.of("-Xmx64m", "-Xmx96m")) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
                    "-cp", System.getProperty("java.class.path"), SmallHeap.class.getName(), bin.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), heap + ": " + out);
            int mib = heap.equals("-Xmx64m") ? 8 : 12;
            // The JVM's maxMemory is a little under -Xmx; an eighth of it, whole MiB, is one MiB less.
            assertTrue(out.contains("limit " + mib + " MiB") || out.contains("limit " + (mib - 1) + " MiB"), out);
            assertTrue(out.contains("default: OUTPUT_TOO_LARGE big printed more than "), out);
            assertTrue(out.contains("200 MiB asked: OUTPUT_TOO_LARGE big printed more than this process's"
                    + " memory holds"), out);
            assertTrue(!out.contains("OutOfMemoryError") && !out.contains("\tat "), out);
        }
    }

    /**
     * The CLI's --json envelope of 100,000 added files holds every section: in a 64 or 96 MiB heap it runs out,
     * in the output pump or on the main thread, and says so as OUTPUT_TOO_LARGE, not with a stack trace.
     */
    @Test
    void theCliInASmallHeapFailsWithANamedError() throws Exception {
        try (support.TempRepo repo = support.TempRepo.init()) {
            repo.write("seed.txt", "seed\n");
            String base = repo.commit("base");
            String blob = repo.text("hash-object", "-w", "seed.txt").strip();
            Process index = new ProcessBuilder(support.NeutralGit.argv("update-index", "--index-info"))
                    .directory(repo.dir().toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (var in = new java.io.BufferedOutputStream(index.getOutputStream(), 1 << 16)) {
                for (int i = 0; i < 100_000; i++) {
                    in.write(("100644 " + blob + "\tsrc/part-" + (i % 50) + "/a-rather-long-added-file-name-" + i
                            + ".txt\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            assertEquals(0, index.waitFor());
            String head = repo.text("commit-tree", repo.text("write-tree").strip(), "-p", base, "-m", "wide").strip();
            for (String heap : List.of("-Xmx64m", "-Xmx96m")) {
                Process p = PrdiffCli.start(List.of(heap), System.getenv(), repo.dir(), "-C", repo.dir().toString(),
                        base + "..." + head, "--json");
                p.getOutputStream().close();
                var out = java.util.concurrent.CompletableFuture.runAsync(() -> {
                    try {
                        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
                    } catch (java.io.IOException ignored) {
                        // the exit code and stderr tell
                    }
                });
                String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                out.get();
                assertEquals(1, p.waitFor(), heap + ": " + err);
                assertTrue(err.startsWith("prdiff: error [OUTPUT_TOO_LARGE]: "), heap + ": " + err);
                assertTrue(!err.contains("OutOfMemoryError") && !err.contains("\tat "), heap + ": " + err);
            }
        }
    }

    /** A reader that runs out of heap kills the child and fails the call; it never passes for the whole answer. */
    @Test
    void aReaderThatRunsOutOfMemoryFailsTheCall() throws Exception {
        Command small = script("small", "#!/bin/sh\necho '{\"a\":1}'\n");
        PrdiffException e = assertThrows(PrdiffException.class, () -> Subprocess.run(small, in -> {
            in.read(new byte[4]);
            throw new OutOfMemoryError("Java heap space");
        }, null));
        assertEquals(ErrorCode.OUTPUT_TOO_LARGE, e.code(), e.getMessage());
        assertTrue(e.getMessage().startsWith("small printed more than this process's memory holds"), e.getMessage());
    }

    /** The child JVM of {@link #aSmallHeapHasASmallerLimitAndRunningOutIsANamedError}: args[0] is the PATH folder. */
    static final class SmallHeap {
        public static void main(String[] args) {
            System.out.println("limit " + Subprocess.CAPTURE_LIMIT / (1024 * 1024) + " MiB");
            Command big = new Command("big", List.of("big"), null, Map.of("PATH", args[0] + ":/usr/bin:/bin"),
                    Duration.ofSeconds(30));
            try {
                Subprocess.capture(big);
                System.out.println("default: kept it all");
            } catch (PrdiffException e) {
                System.out.println("default: " + e.code() + " " + e.getMessage());
            }
            try {
                Subprocess.capture(big, 200 << 20, null);
                System.out.println("200 MiB asked: kept it all");
            } catch (PrdiffException e) {
                System.out.println("200 MiB asked: " + e.code() + " " + e.getMessage());
            }
        }
    }

    /** A program on a PATH of its own, so prdiff runs it by name as it runs git and gh. */
    private Command script(String name, String text) throws Exception {
        Path file = bin.resolve(name);
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new Command(name.equals("gh") ? "gh api" : name, List.of(name), null,
                Map.of("PATH", bin + ":/usr/bin:/bin"), Duration.ofSeconds(30));
    }
}
