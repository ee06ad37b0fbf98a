package support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a process for a test: argument array, exact environment, empty stdin, a deadline, output kept. */
public final class Proc {
    public record Result(int exit, byte[] stdout, String stderr) {
        public String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private Proc() {}

    public static Result run(List<String> argv, Path dir, Map<String, String> env, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            var out = new ByteArrayOutputStream();
            var err = new ByteArrayOutputStream();
            Thread o = pump(p.getInputStream(), out);
            Thread e = pump(p.getErrorStream(), err);
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", argv) + " did not finish in " + timeout.toSeconds() + "s");
            }
            o.join();
            e.join();
            return new Result(p.exitValue(), out.toByteArray(), err.toString(StandardCharsets.UTF_8));
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream to) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(to);
            } catch (IOException ignored) {
                // the process ended or was killed
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
