package support;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A part of RunTests' classes in a JVM of its own, of the same classpath and options, started before the first JVM's
 * own tests and run alongside them: the whole-process tests (tests/e2e), which spend most of their time waiting for
 * the processes they start (JBang, javac, the launched prdiff), and the classes marked {@link MostlyWaits}. They change
 * nothing in the JVM that runs them that the others could see, nor the other way round, and a class that must run
 * alone still runs alone in its own JVM. The output is kept in a file and printed whole when the JVM ends, with its
 * closing line's counts added to the run's.
 */
public final class AlongsideJvm {
    /** An alongside JVM may take this long; past it, its processes are killed and the run fails. */
    private static final Duration LIMIT = Duration.ofMinutes(60);
    private static final Pattern COUNTS = Pattern.compile("(?m)^(\\d+) passed, (\\d+) failed(?:, (\\d+) skipped)?$");

    /** The alongside JVMs, in the first one (the runner's one global). */
    private static final List<Process> RUNNING = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final Process process;
    private final Path output;

    private AlongsideJvm(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /** What the JVM ran: its counts, and its output as it printed it. */
    public record Result(long passed, long failed, long skipped, String output) {}

    /** Starts {@code mainClass} with {@code args} in a new JVM like this one, its stdout and stderr into a file. */
    public static AlongsideJvm start(String mainClass, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        Path output = TempDirs.create("prdiff-alongside-jvm-").resolve("output.txt");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        RUNNING.add(process);
        return new AlongsideJvm(process, output);
    }

    /** The pids of the alongside JVMs and of everything below them, while they run; empty in any other JVM. */
    public static Set<Long> trees() {
        Set<Long> pids = new HashSet<>();
        for (Process p : RUNNING) {
            if (p.isAlive()) {
                pids.add(p.pid());
                p.descendants().forEach(d -> pids.add(d.pid()));
            }
        }
        return pids;
    }

    /** Waits for the JVM (at most {@link #LIMIT}); a run that timed out or printed no counts has failed. */
    public Result await() throws IOException {
        boolean ended;
        try {
            ended = process.waitFor(LIMIT.toMinutes(), TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
        }
        if (!ended) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        String text = Files.readString(output, StandardCharsets.UTF_8);
        Matcher counts = COUNTS.matcher(text);
        long passed = 0, failed = 0, skipped = 0;
        boolean found = false;
        while (counts.find()) {
            found = true;
            passed = Long.parseLong(counts.group(1));
            failed = Long.parseLong(counts.group(2));
            skipped = counts.group(3) == null ? 0 : Long.parseLong(counts.group(3));
        }
        if (!ended || !found) {
            return new Result(passed, failed + 1, skipped, text + (ended
                    ? "the JVM ended with exit code " + process.exitValue() + " and no counts\n"
                    : "the JVM did not end within " + LIMIT.toMinutes() + " minutes; killed\n"));
        }
        return new Result(passed, failed, skipped, text);
    }
}
