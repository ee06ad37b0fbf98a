package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
    private final MessageWriter writer;
    private final PrintStream log;
    private final Map<String, FutureTask<Void>> inFlight = new ConcurrentHashMap<>();

    ToolCalls(int workers, int queued, MessageWriter writer, PrintStream log) {
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(workers, workers, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queued), r -> {
            Thread t = new Thread(r, "prdiff-mcp-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.pool.allowCoreThreadTimeOut(true);
        this.capacity = workers + queued;
        this.writer = writer;
        this.log = log;
    }

    /**
     * Runs {@code work} on a worker and answers request {@code id} with its result, unless the call is cancelled
     * first. -32600 when {@code id} belongs to a call still running, -32000 when every worker and queue slot is
     * taken.
     */
    void start(JsonNode id, String tool, boolean stateless, Supplier<ObjectNode> work) {
        Call call = new Call(id, tool, stateless, work);
        if (inFlight.putIfAbsent(call.key, call.future) != null) {
            throw new RpcError(RpcError.INVALID_REQUEST, "request id " + id + " is already in use by a running call");
        }
        try {
            pool.execute(call.future);
        } catch (RejectedExecutionException e) {
            inFlight.remove(call.key, call.future);
            throw new RpcError(RpcError.SERVER_BUSY, "server busy: " + capacity
                    + " tool calls already running or queued; retry later");
        }
    }

    /** Stops the call with this request id, running or queued; false if there is none (it may have answered). */
    boolean cancel(JsonNode requestId) {
        FutureTask<Void> task = inFlight.remove(RpcMessage.key(requestId));
        if (task == null) {
            return false;
        }
        task.cancel(true);
        return true;
    }

    /** End of input: running and queued calls still answer within {@code grace}; then the rest are interrupted. */
    void shutdown(Duration grace) {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** One tools/call on a worker; answers only while still registered, so a cancelled call gets no response. */
    private final class Call implements Runnable {
        final FutureTask<Void> future = new FutureTask<>(this, null);
        final String key;
        private final JsonNode id;
        private final String tool;
        private final boolean stateless;
        private final Supplier<ObjectNode> work;

        Call(JsonNode id, String tool, boolean stateless, Supplier<ObjectNode> work) {
            this.key = RpcMessage.key(id);
            this.id = id;
            this.tool = tool;
            this.stateless = stateless;
            this.work = work;
        }

        @Override
        public void run() {
            ObjectNode result = null;
            RpcError failure = null;
            try {
                result = work.get();
            } catch (RuntimeException | Error e) {
                // FutureTask would keep this to itself and the request would never be answered.
                log.println("prdiff-mcp: " + tool + " failed unexpectedly: " + e);
                failure = new RpcError(RpcError.INTERNAL_ERROR, "internal error in " + tool + ": " + e);
            }
            if (!inFlight.remove(key, future)) {
                return;
            }
            // A worker interrupted by shutdownNow at end of input still answers; an interruptible output channel
            // would close itself on a write from an interrupted thread.
            Thread.interrupted();
            if (failure != null) {
                writer.error(id, failure);
            } else {
                writer.result(id, Lifecycle.forEra(result, stateless));
            }
        }
    }
}
