package dev.prdiff.git;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One repository opened on another thread while the command line is still being parsed (picocli takes about 40 ms to
 * build its command): discovery, the range's revisions and merge bases, and the scratch directory. The call that then
 * opens exactly the same directory, range, timeout and environment takes it instead of opening its own; any other
 * call, or one whose opening failed ahead, opens as always and meets its failure itself. Taken once.
 *
 * <p>No lambda and no record's equals here: each would spin classes at first use (about 10 ms on the main thread)
 * that the launcher's CDS archive holds only when its training run happened to open ahead.
 */
final class OpenedAhead implements Runnable {
    private static final AtomicReference<OpenedAhead> PENDING = new AtomicReference<>();

    private final Path dir;
    private final Duration timeout;
    private final Map<String, String> env;
    private final Git.RangeRevisions range;
    private final CompletableFuture<Git> git = new CompletableFuture<>();

    private OpenedAhead(Path dir, Duration timeout, Map<String, String> env, Git.RangeRevisions range) {
        this.dir = dir.toAbsolutePath().normalize();
        this.timeout = timeout;
        this.env = env;
        this.range = range;
    }

    /** Registers the opening now, so that a call can never miss it, and returns the work that completes it. */
    static Runnable register(Path dir, Duration timeout, Map<String, String> env, Git.RangeRevisions range) {
        OpenedAhead ahead = new OpenedAhead(dir, timeout, env, range);
        PENDING.set(ahead);
        return ahead;
    }

    @Override
    public void run() {
        try {
            git.complete(Git.openNow(dir, timeout, env, range));
        } catch (Throwable e) { // whatever it was, the call must not wait forever: it opens on its own
            git.completeExceptionally(e);
        }
    }

    /** The repository opened ahead for exactly these arguments, waiting for it if need be; else null. */
    static Git take(Path dir, Duration timeout, Map<String, String> env, Git.RangeRevisions range) {
        OpenedAhead p = PENDING.getAndSet(null);
        if (p == null || !p.dir.equals(dir) || !p.timeout.equals(timeout) || !p.env.equals(env)
                || !sameRange(p.range, range)) {
            return null;
        }
        try {
            return p.git.join();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static boolean sameRange(Git.RangeRevisions a, Git.RangeRevisions b) {
        return a == null || b == null ? a == b
                : a.base().equals(b.base()) && a.head().equals(b.head()) && a.threeDot() == b.threeDot();
    }
}
