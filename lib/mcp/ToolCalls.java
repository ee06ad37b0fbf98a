package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.core.PrivateFolder;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * tools/call requests on a bounded worker pool, so slow git and gh calls overlap. A call is registered under its
 * request id before it can start, and whoever removes the entry owns the outcome: the finished call answers, a
 * notifications/cancelled interrupts it (which kills its git or gh process tree) and no answer is sent. So each
 * call is answered exactly once, or never if it was cancelled first.
 */
final class ToolCalls {
    private final ThreadPoolExecutor pool;
    private final int capacity;
    private final PrintStream log;
    private final PrivateFolder folders;
    private final Map<String, Call> inFlight = new ConcurrentHashMap<>();

    /** {@code folders}: the server session's checks of the cache folders, which each call makes anew. */
    ToolCalls(int workers, int queued, PrivateFolder folders, PrintStream log) {
        this.folders = folders;
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(workers, workers, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queued), r -> {
            Thread t = new Thread(r, "prdiff-mcp-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.pool.allowCoreThreadTimeOut(true);
        this.capacity = workers + queued;
        this.log = log;
    }

    /**
     * Runs {@code work} on a worker and answers request {@code id} to {@code to} with its result, unless the call
     * is cancelled first. -32600 when {@code id} belongs to a call still running, -32000 when every worker and
     * queue slot is taken.
     */
    void start(JsonNode id, String tool, boolean stateless, Supplier<ObjectNode> work, Responder to) {
        Call call = new Call(id, tool, stateless, work, to);
        if (inFlight.putIfAbsent(call.key, call) != null) {
            throw new RpcError(RpcError.INVALID_REQUEST, "request id " + id + " is already in use by a running call");
        }
        try {
            pool.execute(call.future);
        } catch (RejectedExecutionException e) {
            inFlight.remove(call.key, call);
            throw new RpcError(RpcError.SERVER_BUSY, "server busy: " + capacity
                    + " tool calls already running or queued; retry later");
        }
    }

    /** Stops the call with this request id, running or queued; false if there is none (it may have answered). */
    boolean cancel(JsonNode requestId) {
        Call call = inFlight.remove(RpcMessage.key(requestId));
        if (call == null) {
            return false;
        }
        call.future.cancel(true);
        call.to.none(call.id);
        return true;
    }

    /** How long an interrupted call has to kill its git or gh and answer, once the grace is over. */
    static final Duration ANSWER_AFTER_INTERRUPT = Duration.ofSeconds(10);

    /**
     * End of input: running and queued calls still answer within {@code grace}; then running ones are interrupted
     * (their git and gh are killed and they answer CANCELLED) and queued ones are answered with an error. Returns
     * once every call has answered, so the process never exits before its answers are written.
     */
    void shutdown(Duration grace) {
        pool.shutdown();
        try {
            if (pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
            for (Runnable never : pool.shutdownNow()) {
                Call call = queued(never);
                if (call != null && inFlight.remove(call.key, call)) {
                    call.to.error(call.id, new RpcError(RpcError.SERVER_BUSY, "the server stopped (end of input) before "
                            + call.tool + " could start"));
                }
            }
            if (!pool.awaitTermination(ANSWER_AFTER_INTERRUPT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.println("prdiff-mcp: " + inFlight.size() + " tool calls did not answer after being interrupted");
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private Call queued(Runnable task) {
        for (Call call : inFlight.values()) {
            if (call.future == task) {
                return call;
            }
        }
        return null;
    }

    /** One tools/call on a worker; answers only while still registered, so a cancelled call gets no response. */
    private final class Call implements Runnable {
        final FutureTask<Void> future = new FutureTask<>(this, null);
        final String key;
        private final JsonNode id;
        private final String tool;
        private final boolean stateless;
        private final Supplier<ObjectNode> work;
        private final Responder to;

        Call(JsonNode id, String tool, boolean stateless, Supplier<ObjectNode> work, Responder to) {
            this.key = RpcMessage.key(id);
            this.id = id;
            this.tool = tool;
            this.stateless = stateless;
            this.work = work;
            this.to = to;
        }

        @Override
        public void run() {
            ObjectNode result = null;
            RpcError failure = null;
            try {
                folders.newUse(); // each call checks the cache folders anew
                result = work.get();
            } catch (RuntimeException | Error e) {
                // FutureTask would keep this to itself and the request would never be answered.
                log.println("prdiff-mcp: " + tool + " failed unexpectedly: " + e);
                failure = new RpcError(RpcError.INTERNAL_ERROR, "internal error in " + tool + ": " + e);
            }
            if (!inFlight.remove(key, this)) {
                return;
            }
            // A worker interrupted by shutdownNow at end of input still answers; an interruptible output channel
            // would close itself on a write from an interrupted thread.
            Thread.interrupted();
            if (failure != null) {
                to.error(id, failure);
            } else {
                to.result(id, Lifecycle.forEra(result, stateless));
            }
        }
    }
}
