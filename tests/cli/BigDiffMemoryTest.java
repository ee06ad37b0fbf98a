package cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.NeutralGit;
import support.PeakRss;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A big diff end to end in a small heap: the prdiff CLI in a JVM of its own under -Xmx128m, on a real repository
 * whose range diff is PRDIFF_BIG_DIFF_MB megabytes (64 by default; 1024 for the 1 GB run in the README), split per
 * file (every section through the parser, byte-identical to git), one file selected from it, and listed with
 * --files-only. The diff is never held anywhere whole, not even by the test, which hashes it as it streams.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class BigDiffMemoryTest {
    static final int MB = Integer.parseInt(System.getenv().getOrDefault("PRDIFF_BIG_DIFF_MB", "64"));
    static final List<String> HEAP = List.of("-Xmx128m");
    /** The heap plus the JVM's own (code, metaspace, threads): what the whole process may reach. */
    static final long MAX_RSS_MIB = 256;
    /** One blob is 1 MiB: 16,384 lines of 64 bytes; each added file's section is a little more than that. */
    static final int LINES = 16_384;
    static final int BLOBS = 8;

    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;
    static String last;

    @BeforeAll
    static void fixture() throws Exception {
        long start = System.nanoTime();
        Process fastImport = new ProcessBuilder(NeutralGit.argv("fast-import", "--quiet")).directory(repo.dir().toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream in = new java.io.BufferedOutputStream(fastImport.getOutputStream(), 1 << 16)) {
            for (int b = 1; b <= BLOBS; b++) {
                ByteArrayOutputStream blob = new ByteArrayOutputStream(LINES * 64);
                for (int l = 0; l < LINES; l++) {
                    blob.writeBytes(String.format("blob %d line %08d of a generated file, 64 bytes each........%n", b, l)
                            .getBytes(StandardCharsets.US_ASCII));
                }
                in.write(("blob\nmark :" + b + "\ndata " + blob.size() + "\n").getBytes(StandardCharsets.US_ASCII));
                blob.writeTo(in);
                in.write('\n');
            }
            in.write(commit("refs/heads/main", "base", null, List.of("M 100644 inline README\ndata 5\nbase\n")));
            List<String> files = new ArrayList<>();
            for (int f = 0; f < MB; f++) {
                last = "dir" + (f % 16) + "/file " + f + ".txt";
                files.add("M 100644 :" + (f % BLOBS + 1) + " \"" + last + "\"\n");
            }
            files.add("M 100644 inline README\ndata 5\nhead\n");
            in.write(commit("refs/heads/big", "head", ":100", files));
        }
        assertEquals(0, fastImport.waitFor());
        range = "main...big";
        System.out.println("    measured: " + MB + " files of 1 MiB imported in " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    static byte[] commit(String ref, String message, String from, List<String> changes) {
        StringBuilder c = new StringBuilder("commit " + ref + "\n" + (from == null ? "mark :100\n" : "") + "committer Fixture <f@example.com> 1700000000 +0000\n");
        c.append("data ").append(message.length()).append('\n').append(message).append('\n');
        if (from != null) {
            c.append("from ").append(from).append('\n');
        }
        changes.forEach(c::append);
        return c.append('\n').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** What a run printed (hashed, and kept only when small), its peak RSS and time. */
    record Run(int exit, String sha256, long bytes, byte[] kept, String stderr, long peakMib, long millis) {
        @Override
        public String toString() {
            return bytes + " bytes in " + millis + " ms, peak RSS " + peakMib + " MiB, exit " + exit;
        }
    }

    static Run prdiff(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().toString()));
        all.addAll(List.of(args));
        long start = System.nanoTime();
        Process p = PrdiffCli.start(HEAP, System.getenv(), repo.dir(), all.toArray(String[]::new));
        try (PeakRss rss = PeakRss.of(p)) {
            return drain(p, rss, start);
        }
    }

    static Run git(String... args) throws Exception {
        long start = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(NeutralGit.argv(NeutralGit.diff(args))).directory(repo.dir().toFile());
        pb.environment().clear();
        pb.environment().putAll(NeutralGit.env());
        Process p = pb.start();
        try (PeakRss rss = PeakRss.of(p)) {
            return drain(p, rss, start);
        }
    }

    static Run drain(Process p, PeakRss rss, long start) throws Exception {
        p.getOutputStream().close();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
            try (InputStream e = p.getErrorStream()) {
                return e.readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        long bytes = 0;
        try (InputStream out = p.getInputStream()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = out.read(buf)) >= 0; ) {
                sha.update(buf, 0, n);
                if (bytes + n <= (8 << 20)) {
                    kept.write(buf, 0, n);
                }
                bytes += n;
            }
        }
        int exit = p.waitFor();
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Run(exit, HexFormat.of().formatHex(sha.digest()), bytes, kept.toByteArray(),
                new String(err.get(), StandardCharsets.UTF_8), rss.mib(), millis);
    }

    @Test
    void theBigDiffSplitsPerFileSelectsAndListsUnder128Megabytes() throws Exception {
        Run git = git(range);
        System.out.println("    measured: git diff: " + git);
        assertTrue(git.bytes() >= MB * (1L << 20), git.toString());

        // --include '*' matches every file, so every section goes through the parser and is written back.
        Run split = prdiff(range, "--include", "*");
        System.out.println("    measured: prdiff --include '*' (every section parsed) under -Xmx128m: " + split);
        assertEquals(0, split.exit(), split.stderr());
        assertTrue(split.peakMib() < MAX_RSS_MIB, split.toString());
        assertEquals(git.bytes(), split.bytes());
        assertEquals(git.sha256(), split.sha256(), "byte for byte what git prints");

        Run one = prdiff(range, "--file", last);
        Run gitOne = git(range, "--", last);
        System.out.println("    measured: prdiff --file (the last section) under -Xmx128m: " + one);
        assertEquals(0, one.exit(), one.stderr());
        assertTrue(one.peakMib() < MAX_RSS_MIB, one.toString());
        assertEquals(gitOne.sha256(), one.sha256());

        Run list = prdiff(range, "--files-only");
        System.out.println("    measured: prdiff --files-only under -Xmx128m: " + list);
        assertEquals(0, list.exit(), list.stderr());
        assertTrue(list.peakMib() < MAX_RSS_MIB, list.toString());
        JsonNode files = Json.MAPPER.readTree(list.kept()).get("files");
        assertEquals(MB + 1, files.size());
        long additions = 0;
        for (JsonNode f : files) {
            additions += f.get("additions").asLong();
        }
        assertEquals((long) MB * LINES + 1, additions);
    }
}
