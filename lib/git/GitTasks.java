package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Waiting for git run on another thread of the same call. */
final class GitTasks {
    private GitTasks() {}

    /**
     * The task's result. Waiting is interruptible, so a cancelled call stops here (and the caller's cleanup kills
     * the task's git); the task's own failure is rethrown as it was, or as GIT_FAILED naming the command.
     */
    static <T> T result(Future<T> task, String command) {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PrdiffException(ErrorCode.CANCELLED, command + " was cancelled");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof PrdiffException p ? p : new PrdiffException(ErrorCode.GIT_FAILED,
                    command + " failed: " + e.getCause(), e.getCause());
        }
    }
}
