package dev.prdiff.exec;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a {@link Command}: stdout is streamed into a sink as it arrives, stderr is kept up to a bound,
 * and on timeout or thread interruption the whole process tree is killed.
 */
public final class Subprocess {
    public static final int STDERR_LIMIT = 64 * 1024;

    public record Result(int exitCode, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    public record Captured(int exitCode, byte[] stdout, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }

        public String text() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private Subprocess() {}

    /** Reads a process's stdout as it arrives; runs on a pump thread. */
    @FunctionalInterface
    public interface StdoutReader {
        void read(InputStream stdout) throws IOException;
    }

    /** Runs the command with empty stdin, copying stdout into {@code sink}. */
    public static Result run(Command cmd, OutputStream sink) {
        return run(cmd, in -> in.transferTo(sink), null);
    }

    /**
     * Runs the command, handing its stdout to {@code reader}. Whatever the reader leaves unread is drained.
     * A RuntimeException or IOException thrown by the reader kills the process and is rethrown here.
     */
    public static Result run(Command cmd, StdoutReader reader, byte[] stdin) {
        Process process = start(cmd);
        long deadline = System.nanoTime() + cmd.timeout().toNanos();
        AtomicReference<Exception> readerFailure = new AtomicReference<>();
        Thread outPump = pump("stdout", process, reader, readerFailure);
        BoundedBuffer errBuf = new BoundedBuffer(STDERR_LIMIT);
        Thread errPump = pump("stderr", process, in -> in.transferTo(errBuf), new AtomicReference<>());
        feedStdin(process, stdin);
        try {
            boolean exited = process.waitFor(remaining(deadline), TimeUnit.NANOSECONDS);
            if (!exited) {
                killTree(process);
                throw timeout(cmd);
            }
            outPump.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining(deadline))));
            errPump.join(1000);
            if (outPump.isAlive()) {
                // A grandchild still holds the pipe open past the deadline.
                killTree(process);
                throw timeout(cmd);
            }
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            throw new PrdiffException(ErrorCode.CANCELLED, cmd.label() + " was cancelled");
        }
        Exception failure = readerFailure.get();
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure != null) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR,
                    "could not handle output of " + cmd.label() + ": " + failure.getMessage(), failure);
        }
        return new Result(process.exitValue(), errBuf.text());
    }

    /** Runs the command and keeps its whole stdout; for small outputs only. */
    public static Captured capture(Command cmd) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Result result = run(cmd, out);
        return new Captured(result.exitCode(), out.toByteArray(), result.stderr());
    }

    private static Process start(Command cmd) {
        List<String> argv = new ArrayList<>(cmd.argv());
        argv.set(0, onPath(argv.get(0), cmd.env().get("PATH")));
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().clear();
        pb.environment().putAll(cmd.env());
        if (cmd.workDir() != null) {
            pb.directory(cmd.workDir().toFile());
        }
        try {
            return pb.start();
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.PREREQUISITE,
                    "cannot run " + cmd.argv().get(0) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Looks a bare program name up on the command's own PATH: ProcessBuilder would search this JVM's PATH,
     * not the one the command is given.
     */
    static String onPath(String program, String path) {
        if (program.contains("/") || path == null) {
            return program;
        }
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new PrdiffException(ErrorCode.PREREQUISITE, "cannot run " + program + ": not found on PATH");
    }

    private static void feedStdin(Process process, byte[] stdin) {
        OutputStream in = process.getOutputStream();
        if (stdin == null) {
            closeQuietly(in);
            return;
        }
        Thread feeder = new Thread(() -> {
            try (in) {
                in.write(stdin);
            } catch (IOException ignored) {
                // the process exited before reading all of stdin; its exit status tells the story
            }
        }, "subprocess-stdin");
        feeder.setDaemon(true);
        feeder.start();
    }

    private static Thread pump(String name, Process process, StdoutReader reader, AtomicReference<Exception> failure) {
        InputStream from = "stdout".equals(name) ? process.getInputStream() : process.getErrorStream();
        Thread t = new Thread(() -> {
            try (from) {
                reader.read(from);
                from.transferTo(OutputStream.nullOutputStream());
            } catch (IOException | RuntimeException e) {
                // Also reached when a timeout or cancellation killed the process; that path reports itself first.
                failure.set(e);
                killTree(process);
            }
        }, "subprocess-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static PrdiffException timeout(Command cmd) {
        long secs = cmd.timeout().toSeconds();
        String amount = secs > 0 ? secs + "s" : cmd.timeout().toMillis() + "ms";
        return new PrdiffException(ErrorCode.TIMEOUT, cmd.label() + " timed out after " + amount);
    }

    static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static void closeQuietly(OutputStream s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to feed
        }
    }

    /** Keeps the first {@code limit} bytes and notes that more were dropped. */
    private static final class BoundedBuffer extends OutputStream {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final int limit;
        private boolean truncated;

        BoundedBuffer(int limit) {
            this.limit = limit;
        }

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            int room = limit - kept.size();
            if (len > room) {
                truncated = true;
            }
            kept.write(b, off, Math.max(0, Math.min(room, len)));
        }

        synchronized String text() {
            String s = kept.toString(StandardCharsets.UTF_8);
            return truncated ? s + "\n[stderr truncated]" : s;
        }
    }
}
