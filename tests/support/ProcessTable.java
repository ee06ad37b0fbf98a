package support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The process table as a test sees it: what this JVM has running below it for its own tests, and any process anywhere whose command
 * line holds a marker (a child that was reparented to init is no longer a descendant, but still shows its marker).
 * A zombie counts as gone: it has exited and waits only for whoever inherited it to reap it.
 */
public final class ProcessTable {
    /** How long a killed process tree may take to disappear. */
    public static final Duration GONE = Duration.ofSeconds(5);

    private final Set<Long> before;

    private ProcessTable(Set<Long> before) {
        this.before = before;
    }

    /**
     * This JVM's descendants, less the JVMs that RunTests runs parts of the tests in and their whole trees
     * ({@link AlongsideJvm}): those belong to other tests, which run alongside. Listed first and filtered after, so a
     * process such a JVM starts in between is still known as its own.
     */
    public static Stream<ProcessHandle> ownDescendants() {
        List<ProcessHandle> all = ProcessHandle.current().descendants().toList();
        Set<Long> others = AlongsideJvm.trees();
        return all.stream().filter(p -> !others.contains(p.pid()));
    }

    /** The descendants running now; {@link #assertNothingNewLeft} compares against them. */
    public static ProcessTable snapshot() {
        return new ProcessTable(ownDescendants().filter(ProcessTable::running)
                .map(ProcessHandle::pid).collect(Collectors.toSet()));
    }

    /**
     * Waits up to {@link #GONE} for every process started since the snapshot to exit, and for every process in the
     * whole table whose command line contains {@code marker} (null: none) to exit; fails naming what is left.
     */
    public void assertNothingNewLeft(String marker) throws InterruptedException {
        long deadline = System.nanoTime() + GONE.toNanos();
        List<ProcessHandle> left;
        while (!(left = left(marker)).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still running " + GONE.toSeconds() + "s later: " + left.stream()
                        .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList());
            }
            Thread.sleep(20);
        }
    }

    private List<ProcessHandle> left(String marker) {
        List<ProcessHandle> newDescendants = ownDescendants()
                .filter(p -> !before.contains(p.pid()) && running(p)).toList();
        if (marker == null || !newDescendants.isEmpty()) {
            return newDescendants;
        }
        return ProcessHandle.allProcesses().filter(p -> running(p)
                && p.info().commandLine().orElse("").contains(marker)).toList();
    }

    /** Alive and not a zombie. */
    public static boolean running(ProcessHandle p) {
        if (!p.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + p.pid() + "/stat"));
            return !stat.substring(stat.lastIndexOf(')') + 1).trim().startsWith("Z");
        } catch (IOException e) {
            return false;
        }
    }
}
