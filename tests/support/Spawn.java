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

/** Runs one process from an argument array with an exact environment and a deadline; kills the tree on expiry. */
public final class Spawn {
    private Spawn() {}

    public record Result(int exit, byte[] stdout, String stderr, boolean timedOut) {
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

    public static Result run(List<String> argv, Path dir, Map<String, String> env, byte[] stdin, Duration timeout) {
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread outPump = pump(p.getInputStream(), out);
        Thread errPump = pump(p.getErrorStream(), err);
        Thread feeder = pump(new ByteArrayInputStream(stdin == null ? new byte[0] : stdin), p.getOutputStream());
        try {
            boolean exited = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!exited) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
            outPump.join(5000);
            errPump.join(5000);
            feeder.join(1000);
            return new Result(exited ? p.exitValue() : -1, out.toByteArray(), err.toString(StandardCharsets.UTF_8), !exited);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(argv.get(0) + " interrupted", e);
        }
    }

    private static Thread pump(InputStream from, OutputStream to) {
        Thread t = new Thread(() -> {
            try (from; to) {
                from.transferTo(to);
            } catch (IOException ignored) {
                // the process went away; its exit status tells the story
            }
        }, "spawn-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
