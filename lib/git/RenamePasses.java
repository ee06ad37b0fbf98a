package dev.prdiff.git;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.FutureTask;

/**
 * The whole range's rename pass ({@code git diff --raw -M}, about a second on a 20,000-file range) running in a
 * session, one per range: a call that needs it while another call's is running waits for that one instead of
 * starting its own. A pass runs on a thread of its own, so it can outlive the call that started it.
 */
final class RenamePasses {
    private final Map<List<Object>, FutureTask<List<RawNumstat.Change>>> running = new ConcurrentHashMap<>();

    /** The running pass for {@code key}, else {@code pass} started now; a null key is never shared. */
    FutureTask<List<RawNumstat.Change>> start(List<Object> key, Callable<List<RawNumstat.Change>> pass) {
        Running created = new Running(key, pass);
        FutureTask<List<RawNumstat.Change>> task = key == null ? created : running.computeIfAbsent(key, k -> created);
        if (task == created) {
            Thread runner = new Thread(created, "prdiff-rename-pass");
            runner.setDaemon(true);
            runner.start();
        }
        return task;
    }

    /** A pass that leaves the running ones when it ends, however it ends. */
    private final class Running extends FutureTask<List<RawNumstat.Change>> {
        private final List<Object> key;

        Running(List<Object> key, Callable<List<RawNumstat.Change>> pass) {
            super(pass);
            this.key = key;
        }

        @Override
        protected void done() {
            if (key != null) {
                running.remove(key, this);
            }
        }
    }
}
