package support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A repository whose work-tree diff hangs: git runs the clean filter its attributes name on the changed file,
 * and the filter sleeps (prdiff turns a repository's fsmonitor and hooks off, but a filter of your own repository
 * runs as it does for git diff). A marker unique to this repository finds the filter's shell among this JVM's
 * descendants.
 */
public final class HangingRepo implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(10);

    public final TempRepo repo;
    private final String marker = "prdiff-hang-" + UUID.randomUUID();

    private HangingRepo() {
        repo = TempRepo.init();
        repo.write("a.txt", "a\n");
        repo.commit("a");
        repo.write("a.txt", "dirty\n");
        repo.write(".git/info/attributes", "a.txt filter=hang\n");
        repo.git("config", "filter.hang.clean", "sleep 30; : " + marker);
    }

    public static HangingRepo create() {
        return new HangingRepo();
    }

    /** Waits for the filter to run; returns the git process that started it and everything below that git. */
    public List<ProcessHandle> awaitGit() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            var filter = ProcessTable.ownDescendants()
                    .filter(p -> p.info().commandLine().orElse("").contains(marker))
                    .findFirst();
            if (filter.isPresent()) {
                ProcessHandle git = filter.get().parent().orElseThrow();
                assertTrue(git.info().command().orElse("").endsWith("git"), git.info().toString());
                List<ProcessHandle> tree = new ArrayList<>(List.of(git));
                git.descendants().forEach(tree::add);
                assertTrue(tree.size() >= 2, "git and its filter");
                assertTrue(tree.stream().allMatch(ProcessTable::running), "git and its filter are running");
                return tree;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("git never reached the clean filter");
    }

    /**
     * Polls: onExit() of a process that is not this JVM's child backs off to seconds between checks. A killed
     * grandchild stays a zombie until whoever inherited it reaps it, so a zombie counts as gone.
     */
    public static void assertAllExit(List<ProcessHandle> tree) throws InterruptedException {
        long deadline = System.nanoTime() + ProcessTable.GONE.toNanos();
        for (ProcessHandle p : tree) {
            while (ProcessTable.running(p)) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("process " + p.pid() + " " + p.info().commandLine().orElse("?")
                            + " still running " + ProcessTable.GONE.toSeconds() + "s after the cancel");
                }
                Thread.sleep(10);
            }
        }
    }

    @Override
    public void close() {
        repo.close();
    }
}
