package support;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a process for a test: argument array, exact environment, the given stdin (or none), a deadline after which the
 * whole process tree is killed, output kept. {@code dir} null means the caller's working directory.
 */
public final class Proc {
    public record Result(int exit, byte[] stdout, String stderr, boolean timedOut) {
        public Result(int exit, byte[] stdout, String stderr) {
            this(exit, stdout, stderr, false);
        }

        public String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        public boolean ok() {
            return exit == 0 && !timedOut;
        }

        public String describe() {
            return (timedOut ? "timed out" : "exit " + exit) + "\nstdout: " + out() + "\nstderr: " + stderr;
        }
    }

    private Proc() {}

    /** Runs with empty stdin; a run past the deadline fails the test. */
    public static Result run(List<String> argv, Path dir, Map<String, String> env, Duration timeout) {
        Result r = attempt(argv, dir, env, null, timeout);
        if (r.timedOut()) {
            throw new AssertionError(String.join(" ", argv) + " did not finish in " + timeout.toSeconds() + "s");
        }
        return r;
    }

    /** Runs with {@code stdin} (null for none); a run past the deadline is killed and reported as {@code timedOut}. */
    public static Result attempt(List<String> argv, Path dir, Map<String, String> env, byte[] stdin, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().clear();
        pb.environment().putAll(env);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + argv.get(0), e);
        }
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        Thread outPump = pump(p.getInputStream(), out);
        Thread errPump = pump(p.getErrorStream(), err);
        Thread feeder = pump(new ByteArrayInputStream(stdin == null ? new byte[0] : stdin), p.getOutputStream());
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(p);
                p.waitFor(5, TimeUnit.SECONDS);
                outPump.join(5000);
                errPump.join(5000);
                return new Result(-1, out.toByteArray(), err.toString(StandardCharsets.UTF_8), true);
            }
            outPump.join();
            errPump.join();
            feeder.join(1000);
            return new Result(p.exitValue(), out.toByteArray(), err.toString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new AssertionError(argv.get(0) + " interrupted", e);
        }
    }

    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static Thread pump(InputStream from, OutputStream to) {
        Thread t = new Thread(() -> {
            try (from; to) {
                from.transferTo(to);
            } catch (IOException ignored) {
                // the process ended or was killed; its exit status tells the story
            }
        }, "proc-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
