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
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a {@link Command}: stdout is streamed into a sink as it arrives, stderr is kept up to a bound,
 * and on timeout or thread interruption the whole process tree is killed.
 */
public final class Subprocess {
    public static final int STDERR_LIMIT = 64 * 1024;
    /**
     * The most of a child's stdout {@link #capture} keeps unless its caller states another limit: 64 MiB, or an
     * eighth of the heap in whole MiB when that is less (a buffer's growth and its copy take about three times
     * what it holds), so a small heap meets OUTPUT_TOO_LARGE before it runs out.
     */
    public static final int CAPTURE_LIMIT = captureLimit(Runtime.getRuntime().maxMemory());

    static int captureLimit(long maxHeap) {
        long mib = 1024 * 1024;
        return (int) Math.max(mib, Math.min(64 * mib, maxHeap / 8 / mib * mib));
    }

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

        /** The exit code and stderr without the output, for checks that judge only those. */
        public Result result() {
            return new Result(exitCode, stderr);
        }
    }

    private Subprocess() {}

    /**
     * Daemon threads for the stdout and stderr pumps and the stdin feeder, reused across processes: starting two
     * or three new threads per git process was a measurable part of a warm MCP call. Cached, so never a queue:
     * every pump starts at once, and idle threads end after a minute.
     */
    private static final ExecutorService PUMPS = Executors.newCachedThreadPool(new java.util.concurrent.ThreadFactory() {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "subprocess-pump-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });

    /** Reads a process's stdout as it arrives; runs on a pump thread. */
    @FunctionalInterface
    public interface StdoutReader {
        void read(InputStream stdout) throws IOException;
    }

    /** Runs the command with empty stdin, copying stdout into {@code sink}. */
    public static Result run(Command cmd, OutputStream sink) {
        return run(cmd, copyTo(sink), null);
    }

    /**
     * A reader that copies the child's whole stdout into {@code sink} unchanged. Where the sink is this process's
     * own stdout and {@link DirectStdout#handOver} allows it, the child writes there itself instead.
     */
    public static StdoutReader copyTo(OutputStream sink) {
        return new CopyTo(sink);
    }

    private record CopyTo(OutputStream sink) implements StdoutReader {
        @Override
        public void read(InputStream stdout) throws IOException {
            stdout.transferTo(sink);
        }
    }

    /**
     * Runs the command, handing its stdout to {@code reader}. Whatever the reader leaves unread is drained.
     * A RuntimeException or IOException thrown by the reader kills the process and is rethrown here.
     *
     * <p>The timeout bounds the child's work, not the reader's speed: time the reader spends away from the pipe
     * (writing to a slow pager or a pipe nobody empties yet) extends the deadline by as much. A child that
     * produces nothing while the reader waits on it still times out at the limit.
     */
    public static Result run(Command cmd, StdoutReader reader, byte[] stdin) {
        if (stdin == null && reader instanceof CopyTo copy && copy.sink() instanceof DirectStdout direct
                && handedOver(direct)) {
            return runIntoStdout(cmd);
        }
        Process process = start(cmd, ProcessBuilder.Redirect.PIPE);
        long start = System.nanoTime();
        AtomicReference<Exception> readerFailure = new AtomicReference<>();
        TimedInput stdout = new TimedInput(process.getInputStream());
        Future<?> outPump = pump(cmd.label(), stdout, process, reader, readerFailure);
        BoundedBuffer errBuf = new BoundedBuffer(STDERR_LIMIT);
        Future<?> errPump =
                pump(cmd.label(), process.getErrorStream(), process, new CopyTo(errBuf), new AtomicReference<>());
        feedStdin(process, stdin);
        try {
            long budget = cmd.timeout().toNanos();
            while (!process.waitFor(step(start, budget, stdout), TimeUnit.NANOSECONDS)) {
                if (left(start, budget, stdout) <= 0) {
                    killTree(process);
                    throw timeout(cmd);
                }
            }
            while (!outPump.isDone()) {
                if (left(start, budget, stdout) <= 0) {
                    // A grandchild still holds the pipe open past the deadline.
                    killTree(process);
                    throw timeout(cmd);
                }
                awaitQuietly(outPump, step(start, budget, stdout));
            }
            awaitQuietly(errPump, TimeUnit.SECONDS.toNanos(1));
        } catch (InterruptedException e) {
            throw cancelled(process, cmd);
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

    private static boolean handedOver(DirectStdout direct) {
        try {
            return direct.handOver();
        } catch (IOException e) {
            return false; // the copy's first write meets the same failure and reports it
        }
    }

    /** Runs the command with this process's stdout as its own; its time is all its own work, so the timeout is plain. */
    private static Result runIntoStdout(Command cmd) {
        Process process = start(cmd, ProcessBuilder.Redirect.INHERIT);
        BoundedBuffer errBuf = new BoundedBuffer(STDERR_LIMIT);
        Future<?> errPump = pump(cmd.label(), process.getErrorStream(), process, new CopyTo(errBuf),
                new AtomicReference<>());
        closeQuietly(process.getOutputStream());
        try {
            if (!process.waitFor(cmd.timeout().toNanos(), TimeUnit.NANOSECONDS)) {
                killTree(process);
                throw timeout(cmd);
            }
            awaitQuietly(errPump, TimeUnit.SECONDS.toNanos(1));
        } catch (InterruptedException e) {
            throw cancelled(process, cmd);
        }
        return new Result(process.exitValue(), errBuf.text());
    }

    /** The calling thread was interrupted: the process tree is killed and the interrupt kept for the caller. */
    private static PrdiffException cancelled(Process process, Command cmd) {
        killTree(process);
        Thread.currentThread().interrupt();
        return new PrdiffException(ErrorCode.CANCELLED, cmd.label() + " was cancelled");
    }

    /** Waits up to {@code nanos} for a pump; its failures are reported through its own failure reference. */
    private static void awaitQuietly(Future<?> pump, long nanos) throws InterruptedException {
        try {
            pump.get(nanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException ignored) {
            // still running (the caller looks at the deadline again), or failed after setting its failure
        }
    }

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /** What is left of the budget once the reader's time away from the pipe is given back. */
    private static long left(long start, long budget, TimedInput stdout) {
        return start + budget + stdout.awayNanos() - System.nanoTime();
    }

    /** How long to wait before looking at the deadline again; at least 1 ns, as 0 would not wait. */
    private static long step(long start, long budget, TimedInput stdout) {
        return Math.max(1, Math.min(POLL_NANOS, left(start, budget, stdout)));
    }

    /** Runs the command and keeps its whole stdout, up to {@link #CAPTURE_LIMIT}. */
    public static Captured capture(Command cmd) {
        return capture(cmd, CAPTURE_LIMIT, null);
    }

    /**
     * Runs the command with {@code stdin} (null: empty) and keeps its whole stdout. Past {@code limit} bytes the
     * process tree is killed and the call fails with {@link ErrorCode#OUTPUT_TOO_LARGE}: nothing is half-read.
     */
    public static Captured capture(Command cmd, int limit, byte[] stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Result result = run(cmd, keeping(out, limit, cmd.label()), stdin);
        try {
            return new Captured(result.exitCode(), out.toByteArray(), result.stderr());
        } catch (OutOfMemoryError e) {
            throw outOfMemory(cmd.label(), out.size());
        }
    }

    /**
     * A reader that keeps a child's whole stdout in {@code out}, for a caller of {@link #run} that reads it at once:
     * past {@code limit} bytes it fails with {@link ErrorCode#OUTPUT_TOO_LARGE} naming {@code label}, which kills the
     * process tree.
     */
    public static StdoutReader keeping(ByteArrayOutputStream out, int limit, String label) {
        return new Keeping(out, limit, label);
    }

    private record Keeping(ByteArrayOutputStream out, int limit, String label) implements StdoutReader {
        @Override
        public void read(InputStream in) throws IOException {
            byte[] chunk = new byte[64 * 1024];
            for (int n; (n = in.read(chunk)) >= 0; ) {
                if (n > limit - out.size()) {
                    throw tooLarge(label, limit);
                }
                try {
                    out.write(chunk, 0, n);
                } catch (OutOfMemoryError e) {
                    throw outOfMemory(label, out.size());
                }
            }
        }
    }

    /** The heap ran out while holding {@code what} ("the answer"): a named error, never a stack trace. */
    public static PrdiffException outOfMemory(String what) {
        return new PrdiffException(ErrorCode.OUTPUT_TOO_LARGE, what + " did not fit this process's memory (heap "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB); ask for less (fewer files, a page of them,"
                + " a smaller range) or give Java more heap");
    }

    /** The heap ran out while keeping a child's output: named like a limit, never a stack trace or half an answer. */
    static PrdiffException outOfMemory(String label, long kept) {
        String heap = "heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB";
        return new PrdiffException(ErrorCode.OUTPUT_TOO_LARGE, label + " printed more than this process's memory"
                + " holds (" + (kept >= 0 ? kept + " bytes kept, " : "") + heap + "); it was stopped",
                kept >= 0 ? java.util.Map.<String, Object>of("limit_bytes", kept) : java.util.Map.of(), null);
    }

    private static PrdiffException tooLarge(String label, int limit) {
        String amount = limit % (1024 * 1024) == 0 ? limit / (1024 * 1024) + " MiB" : limit + " bytes";
        return new PrdiffException(ErrorCode.OUTPUT_TOO_LARGE, label + " printed more than " + amount
                + ", the most prdiff reads of it at once; it was stopped",
                java.util.Map.of("limit_bytes", limit), null);
    }

    private static Process start(Command cmd, ProcessBuilder.Redirect stdout) {
        List<String> argv = new ArrayList<>(cmd.argv());
        argv.set(0, onPath(argv.get(0), cmd.env().get("PATH")));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectOutput(stdout);
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
    public static String onPath(String program, String path) {
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
        PUMPS.execute(() -> {
            try (in) {
                in.write(stdin);
            } catch (IOException ignored) {
                // the process exited before reading all of stdin; its exit status tells the story
            }
        });
    }

    private static Future<?> pump(String label, InputStream from, Process process, StdoutReader reader,
            AtomicReference<Exception> failure) {
        return PUMPS.submit(new Pump(label, from, process, reader, failure));
    }

    private record Pump(String label, InputStream from, Process process, StdoutReader reader,
            AtomicReference<Exception> failure) implements Runnable {
        @Override
        public void run() {
            try (from) {
                reader.read(from);
                from.transferTo(OutputStream.nullOutputStream());
            } catch (IOException | RuntimeException e) {
                // Also reached when a timeout or cancellation killed the process; that path reports itself first.
                failure.set(e);
                killTree(process);
            } catch (OutOfMemoryError e) {
                // Without this the pump would end quietly and the caller would take what it got for the whole answer.
                failure.set(outOfMemory(label, -1));
                killTree(process);
            }
        }
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

    private static void closeQuietly(OutputStream s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to feed
        }
    }

    /**
     * A child's stdout that keeps count of the time its reader spends away from it: between one read returning
     * and the next beginning, and after the end of the stream. Time spent inside a read is the child's.
     */
    private static final class TimedInput extends java.io.FilterInputStream {
        private long awayBefore;          // finished spells away, in nanos
        private long awaySince = -1;      // System.nanoTime() when the current spell away began; -1: inside a read

        TimedInput(InputStream in) {
            super(in);
        }

        synchronized long awayNanos() {
            return awayBefore + (awaySince < 0 ? 0 : System.nanoTime() - awaySince);
        }

        private synchronized void enter() {
            if (awaySince >= 0) {
                awayBefore += System.nanoTime() - awaySince;
                awaySince = -1;
            }
        }

        private synchronized void leave() {
            awaySince = System.nanoTime();
        }

        @Override
        public int read() throws IOException {
            enter();
            try {
                return super.read();
            } finally {
                leave();
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            enter();
            try {
                return super.read(b, off, len);
            } finally {
                leave();
            }
        }

        @Override
        public long skip(long n) throws IOException {
            enter();
            try {
                return super.skip(n);
            } finally {
                leave();
            }
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
