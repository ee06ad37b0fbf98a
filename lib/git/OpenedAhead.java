package dev.prdiff.git;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One repository opened on another thread while the command line is still being parsed (picocli takes about 20 ms to
 * build its command): discovery, the range's revisions and merge bases, and the scratch directory. The call that then
 * opens exactly the same directory, range, timeout and environment takes it instead of opening its own; any other
 * call, or one whose opening failed ahead, opens as always and meets its failure itself. Taken once. What the caller
 * asks to do next with the opened repository ({@code then}: start the diff it guesses the call will run, say) is
 * done before the call can take it.
 *
 * <p>Plain monitors, no lambda and no record's equals here: each of those spins or links classes at first use (a
 * millisecond or more on the main thread, before anything is compiled) that the launcher's CDS archive holds only
 * when its training run happened to open ahead; an AtomicReference or CompletableFuture first sets up VarHandles.
 */
final class OpenedAhead implements Runnable {
    private static OpenedAhead pending;

    private final Path dir;
    private final Duration timeout;
    private final Map<String, String> env;
    private final Git.RangeRevisions range;
    private final Consumer<Git> then;
    private boolean done;
    private Git git;

    private OpenedAhead(Path dir, Duration timeout, Map<String, String> env, Git.RangeRevisions range,
            Consumer<Git> then) {
        this.dir = dir.toAbsolutePath().normalize();
        this.timeout = timeout;
        this.env = env;
        this.range = range;
        this.then = then;
    }

    /** Registers the opening now, so that a call can never miss it, and returns the work that completes it. */
    static Runnable register(Path dir, Duration timeout, Map<String, String> env, Git.RangeRevisions range,
            Consumer<Git> then) {
        OpenedAhead ahead = new OpenedAhead(dir, timeout, env, range, then);
        synchronized (OpenedAhead.class) {
            pending = ahead;
        }
        return ahead;
    }

    @Override
    public void run() {
        Git opened = null;
        try {
            opened = Git.openNow(dir, timeout, env, range);
            if (then != null) {
                then.accept(opened);
            }
        } catch (Throwable e) { // whatever it was, the call opens on its own and meets it there
        } finally {
            synchronized (this) {
                git = opened;
                done = true;
                notifyAll();
            }
        }
    }

    /** The repository opened ahead for exactly these arguments, waiting for it if need be; else null. */
    static Git take(Path dir, Duration timeout, Map<String, String> env, Git.RangeRevisions range) {
        OpenedAhead p;
        synchronized (OpenedAhead.class) {
            p = pending;
            pending = null;
        }
        if (p == null || !p.dir.equals(dir) || !p.timeout.equals(timeout) || !p.env.equals(env)
                || !sameRange(p.range, range)) {
            return null;
        }
        return p.awaited();
    }

    private synchronized Git awaited() {
        try {
            while (!done) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        return git;
    }

    private static boolean sameRange(Git.RangeRevisions a, Git.RangeRevisions b) {
        return a == null || b == null ? a == b
                : a.base().equals(b.base()) && a.head().equals(b.head()) && a.threeDot() == b.threeDot();
    }
}
