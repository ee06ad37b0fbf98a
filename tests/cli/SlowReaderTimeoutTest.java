package cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import support.PrdiffCli;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The timeout bounds git's work, not the reader's speed: a reader that takes seconds over a diff (a pager, a slow
 * pipe) gets all of it under --timeout 1, byte for byte what git prints. A git that hangs without output still
 * times out (CliErrorsTest, with HangingRepo).
 */
@support.MostlyWaits
@Timeout(120)
class SlowReaderTimeoutTest {
    static final long SLOW_FOR_MS = 4_000;

    @Test
    void aSlowReaderGetsTheWholeDiffWithinATimeoutItOutlasts() throws Exception {
        try (TempRepo repo = TempRepo.init()) {
            repo.write("seed.txt", "seed\n");
            String base = repo.commit("base");
            StringBuilder body = new StringBuilder();
            for (int line = 0; line < 200; line++) {
                body.append("line ").append(line).append(" of a file long enough to fill the pipe many times over\n");
            }
            for (int file = 0; file < 200; file++) {
                repo.write("dir/file" + file + ".txt", body.toString());
            }
            String head = repo.commit("head");
            byte[] expected = repo.gitDiff(base + "..." + head);
            assertTrue(expected.length > 2_000_000, "a diff of " + expected.length + " bytes");

            SlowSink sink = new SlowSink();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            long started = System.nanoTime();
            int code = PrdiffCli.call(sink, new PrintStream(err, true, StandardCharsets.UTF_8), System.getenv(), false,
                    "-C", repo.dir().toString(), "--timeout", "1", base + "..." + head);
            long tookMs = (System.nanoTime() - started) / 1_000_000;

            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
            assertTrue(sink.sleptMs >= SLOW_FOR_MS && tookMs >= SLOW_FOR_MS,
                    "the reader took " + sink.sleptMs + " ms of a " + tookMs + " ms run, well past the 1 s timeout");
            assertArrayEquals(expected, sink.bytes.toByteArray());
        }
    }

    /** Sleeps 50 ms on every write until it has slept SLOW_FOR_MS in all, as a pager that is read slowly. */
    static final class SlowSink extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long sleptMs;

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (sleptMs < SLOW_FOR_MS) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sleptMs += 50;
            }
            bytes.write(b, off, len);
        }
    }
}
