///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
// -J: javac runs C1 only with the serial collector, as prdiff.java's build does: half the CPU of a cold build.
//JAVAC_OPTIONS -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -encoding UTF-8
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DEPS com.fasterxml.jackson.dataformat:jackson-dataformat-yaml:2.20.1
//DEPS org.junit.jupiter:junit-jupiter:5.13.4
//DEPS org.junit.platform:junit-platform-launcher:1.13.4
//DEPS net.jqwik:jqwik:1.9.3
// C1 only: most tests are short, and C2 compiling for them cost more CPU than it saved; even the parser fuzzer and
// the table-of-contents walk used less CPU in all (72.6 -> 56.1 CPU-seconds for four of the heaviest classes).
// The serial collector: G1's concurrent threads and region bookkeeping cost more than its pauses save here (the git,
// shape, diff and mcp folders, two pairs of runs: 151 -> 135 and 137 -> 131 CPU-seconds, mostly system time).
//JAVA_OPTIONS -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
//DESCRIPTION Runs every prdiff test and ends with one line: N passed, N failed[, K skipped]
//SOURCES ../prdiff.java
//SOURCES ../mcp-shim.java
//SOURCES ../lib/Sources.java
//SOURCES diff/*.java
//SOURCES git/*.java
//SOURCES shape/*.java
//SOURCES app/*.java
//SOURCES azure/*.java
//SOURCES cli/*.java
//SOURCES mcp/*.java
//SOURCES e2e/*.java
//SOURCES project/*.java
//SOURCES support/*.java
//FILES openapi.yaml=../openapi.yaml

import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.engine.TestExecutionResult;

import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Usage: ./jbang tests/RunTests.java [CLASS_NAME_REGEX]
 * Discovers every *Test class compiled into this script's jar (one folder and package per layer) and runs it.
 */
class RunTests {
    /** The first argument of an alongside JVM's RunTests (support.AlongsideJvm); the second names its part. */
    private static final String PART = "--part";

    /**
     * What runs in JVMs of their own, started first and alongside this one, each part's classes one after another:
     * the whole-process tests (tests/e2e), which wait on the processes they start, and the classes marked
     * {@code @support.MostlyWaits} (timeouts, hanging programs). Each part's own JVM is its process tree alone.
     */
    private enum Part {
        WHOLE_PROCESS("the whole-process tests (tests/e2e)"),
        MOSTLY_WAITS("the classes marked @support.MostlyWaits");

        final String what;

        Part(String what) {
            this.what = what;
        }

        /** Whether a class belongs to this part: e2e first, then the mark. */
        boolean holds(String className) {
            boolean wholeProcess = className.startsWith("e2e.");
            return this == WHOLE_PROCESS ? wholeProcess : !wholeProcess && marked(className, support.MostlyWaits.class);
        }
    }

    public static void main(String... args) throws URISyntaxException, java.io.IOException {
        Part own = args.length > 1 && args[0].equals(PART) ? Part.valueOf(args[1]) : null;
        List<String> rest = List.of(args).subList(own != null ? 2 : 0, args.length);
        // A class name regex, found anywhere in the simple name or the full one: "McpProtocol" runs
        // mcp.McpProtocolTest, "^(DocsTest|ReadmeTest)$" those two, "mcp\\." the folder tests/mcp.
        ClassNameFilter classes = rest.isEmpty() ? ClassNameFilter.includeClassNamePatterns(".*Test")
                : named(Pattern.compile(rest.get(0)));
        // PRDIFF_TEST_THREADS=1 runs every class alone, one after another, in this JVM (to time each one, say).
        int threads = Integer.parseInt(System.getenv().getOrDefault("PRDIFF_TEST_THREADS", "4"));
        Path database = jqwikDatabase();
        ProgressListener progress = new ProgressListener();
        Launcher launcher = LauncherFactory.create();
        Path jar = Path.of(RunTests.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        // Each part with a class to run starts in a JVM of its own, and this one runs what is left.
        Map<Part, support.AlongsideJvm> alongside = new java.util.EnumMap<>(Part.class);
        if (own == null && threads > 1) {
            for (Part p : Part.values()) {
                if (launcher.discover(request().selectors(selectClasspathRoots(Set.of(jar)))
                        .filters(classes, inPart(Set.of(p), true)).build()).containsTests()) {
                    List<String> childArgs = new ArrayList<>(List.of(PART, p.name()));
                    childArgs.addAll(rest);
                    alongside.put(p, support.AlongsideJvm.start(RunTests.class.getName(), childArgs));
                }
            }
        }
        ClassNameFilter part = own != null ? inPart(Set.of(own), true) : inPart(alongside.keySet(), false);

        // Two runs of the launcher: first the classes marked @support.Parallel, a few at a time (each one's own tests
        // in turn, its lines printed together when it ends), then every other class alone, as before.
        List<TestExecutionSummary> summaries = new ArrayList<>();
        for (boolean parallel : new boolean[] {true, false}) {
            SummaryGeneratingListener summary = new SummaryGeneratingListener();
            progress.grouped = parallel && threads > 1;
            launcher.execute(discovery(jar, classes, part, markedParallel(parallel), parallel ? threads : 1, database),
                    summary, progress);
            summaries.add(summary.getSummary());
        }

        long passed = 0, failed = 0, found = 0, notPassedOrFailed = 0;
        for (TestExecutionSummary s : summaries) {
            s.printFailuresTo(new PrintWriter(System.out, true), 12);
            passed += s.getTestsSucceededCount();
            failed += s.getTestsFailedCount() + s.getContainersFailedCount();
            found += s.getTestsFoundCount();
            // Skipped: disabled, aborted by an assumption (support.Requires), or never started because their class
            // was aborted in @BeforeAll. JUnit counts only the first kind as skipped, so count what did not pass or fail.
            notPassedOrFailed += s.getTestsFoundCount() - s.getTestsSucceededCount() - s.getTestsFailedCount();
        }
        progress.skipReasons.forEach(reason -> System.out.println("skipped: " + reason));
        progress.printSlowest(2.0);
        for (Map.Entry<Part, support.AlongsideJvm> jvm : alongside.entrySet()) {
            support.AlongsideJvm.Result r = jvm.getValue().await();
            System.out.println("--- " + jvm.getKey().what + ", run alongside in a JVM of their own ---");
            System.out.print(r.output());
            System.out.println("--- end of that JVM's run ---");
            passed += r.passed();
            failed += r.failed();
            found += r.passed() + r.failed() + r.skipped();
            notPassedOrFailed += r.skipped();
        }
        System.out.println(passed + " passed, " + failed + " failed"
                + (notPassedOrFailed > 0 ? ", " + notPassedOrFailed + " skipped" : ""));
        support.TempDirs.removeAll();
        System.exit(failed == 0 && (found > 0 || own != null) ? 0 : 1);
    }

    /** The classes (nested ones by their outer class) of one of {@code parts}, or with {@code wanted} false, of none. */
    private static ClassNameFilter inPart(Set<Part> parts, boolean wanted) {
        return className -> {
            boolean in = parts.stream().anyMatch(p -> p.holds(outerClass(className)));
            return in == wanted ? FilterResult.included(wanted ? "in its part" : "in no part")
                    : FilterResult.excluded(wanted ? "not in the part" : "in a part of its own");
        };
    }

    private static LauncherDiscoveryRequest discovery(Path jar, ClassNameFilter classes, ClassNameFilter part,
                                                      ClassNameFilter phase, int threads, Path database) {
        return request()
                .selectors(selectClasspathRoots(Set.of(jar)))
                .filters(classes, part, phase)
                // Whole classes side by side, the tests of a class one after another.
                .configurationParameter("junit.jupiter.execution.parallel.enabled", String.valueOf(threads > 1))
                .configurationParameter("junit.jupiter.execution.parallel.mode.default", "same_thread")
                .configurationParameter("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", String.valueOf(threads))
                .configurationParameter("junit.jupiter.execution.parallel.config.fixed.max-pool-size", String.valueOf(threads))
                // jqwik (the parser fuzzer, ParserFuzzTest): tries from PRDIFF_FUZZ_TRIES, its failure database in a
                // temporary file of this run's own (a fixed name in /tmp would belong to whichever user ran first),
                // and its full report (tries, seed) only for a run that sets PRDIFF_FUZZ_TRIES or when a property
                // fails; the accepted/rejected split always prints.
                .configurationParameter("jqwik.tries.default", System.getenv().getOrDefault("PRDIFF_FUZZ_TRIES", "4000"))
                .configurationParameter("jqwik.database", database.toString())
                .configurationParameter("jqwik.reporting.onlyfailures",
                        String.valueOf(System.getenv("PRDIFF_FUZZ_TRIES") == null))
                .build();
    }

    /** The classes (nested ones by their outer class) that are, or with {@code wanted} false are not, @Parallel. */
    private static ClassNameFilter markedParallel(boolean wanted) {
        return className -> marked(outerClass(className), support.Parallel.class) == wanted
                ? FilterResult.included(wanted ? "@Parallel" : "not @Parallel")
                : FilterResult.excluded(wanted ? "not @Parallel" : "@Parallel");
    }

    /** A nested class's outer class; a top-level class itself. */
    private static String outerClass(String className) {
        return className.contains("$") ? className.substring(0, className.indexOf('$')) : className;
    }

    private static boolean marked(String className, Class<? extends java.lang.annotation.Annotation> mark) {
        try {
            return Class.forName(className, false, RunTests.class.getClassLoader()).isAnnotationPresent(mark);
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Classes whose simple name (after the package, and after the outer class for a nested one) or full name matches. */
    private static ClassNameFilter named(Pattern regex) {
        return className -> {
            String simple = className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
            boolean match = regex.matcher(simple).find() || regex.matcher(className).find();
            return match ? FilterResult.included("matches " + regex) : FilterResult.excluded("does not match " + regex);
        };
    }

    /**
     * A path for jqwik's failure database in a new temporary folder of this run's own, removed when the run ends
     * with the rest of the tests' temporary files.
     * The file itself does not exist yet: jqwik cannot read an empty one and printed a stack trace saying so.
     */
    private static Path jqwikDatabase() throws java.io.IOException {
        return support.TempDirs.create("prdiff-jqwik-").resolve("failures.database");
    }

    /**
     * One line per finished test, so a slow or hanging test is easy to spot in CI logs. Tests aborted by an
     * assumption are shown as SKIPPED; each distinct reason is kept to be printed once at the end. While classes run
     * side by side ({@link #grouped}), a class's lines are held and printed together when the class ends. Each test
     * class's wall time, from its start to its end (its fixtures included), is kept for the closing report of the
     * slowest classes.
     */
    static final class ProgressListener implements TestExecutionListener {
        final Set<String> skipReasons = java.util.Collections.synchronizedSet(new LinkedHashSet<>());
        volatile boolean grouped;
        private volatile TestPlan plan;
        private final long runStarted = System.nanoTime();
        private final Map<String, Long> classStarted = new ConcurrentHashMap<>();
        private final Map<String, Long> testStarted = new ConcurrentHashMap<>();
        private final Map<String, Long> classNanos = new ConcurrentHashMap<>();
        private final Map<String, StringBuilder> held = new ConcurrentHashMap<>();

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            plan = testPlan;
        }

        @Override
        public void executionStarted(TestIdentifier id) {
            testClass(id).ifPresent(name -> classStarted.put(name, System.nanoTime()));
            if (id.isTest()) {
                testStarted.put(id.getUniqueId(), System.nanoTime());
            }
        }

        /** The test classes that took at least {@code atLeast} seconds, slowest first, and the whole run's time. */
        void printSlowest(double atLeast) {
            System.out.println("classes of " + atLeast + " s or more (wall seconds, of "
                    + seconds(System.nanoTime() - runStarted) + " s in all; @Parallel ones overlap):");
            classNanos.entrySet().stream()
                    .filter(e -> e.getValue() >= atLeast * 1e9)
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                    .forEach(e -> System.out.printf("  %7s  %s%n", seconds(e.getValue()), e.getKey()));
        }

        private static String seconds(long nanos) {
            return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e9);
        }

        /** The class name of a top-level test class's container (nested classes count within their outer class). */
        private static java.util.Optional<String> testClass(TestIdentifier id) {
            return id.getSource()
                    .filter(source -> source instanceof org.junit.platform.engine.support.descriptor.ClassSource)
                    .map(source -> ((org.junit.platform.engine.support.descriptor.ClassSource) source).getClassName())
                    .filter(name -> !name.contains("$"));
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            testClass(id).ifPresent(name -> {
                Long started = classStarted.get(name);
                if (started != null) {
                    classNanos.put(name, System.nanoTime() - started);
                }
            });
            TestExecutionResult.Status status = result.getStatus();
            if (status == TestExecutionResult.Status.ABORTED) {
                skipReasons.add(result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
            }
            String line = id.isTest() || status != TestExecutionResult.Status.SUCCESSFUL
                    ? "  " + (status == TestExecutionResult.Status.ABORTED ? "SKIPPED" : status) + "  "
                    + id.getUniqueId()
                    .replaceAll("\\[engine:(junit-jupiter|jqwik)\\]/|\\[(class|method|property|test-template|test-template-invocation|dynamic-test|test-factory):", "")
                    .replace("]", "") + tookLong(id) + "\n"
                    : "";
            String top = grouped ? topContainer(id) : null;
            if (top == null) {
                System.out.print(line);
            } else if (!top.equals(id.getUniqueId())) {
                StringBuilder lines = held.computeIfAbsent(top, k -> new StringBuilder());
                synchronized (lines) {
                    lines.append(line);
                }
            } else {
                StringBuilder lines = held.remove(top);
                System.out.print((lines == null ? "" : lines) + line);
            }
        }

        /** "  (12.3 s)" for a test that took a second or more, so that the slow ones stand out; else nothing. */
        private String tookLong(TestIdentifier id) {
            Long started = testStarted.remove(id.getUniqueId());
            long nanos = started == null ? 0 : System.nanoTime() - started;
            return nanos >= 1_000_000_000L ? "  (" + seconds(nanos) + " s)" : "";
        }

        /** The unique id of the class (the engine's child) that {@code id} belongs to, or is; null for an engine. */
        private String topContainer(TestIdentifier id) {
            TestIdentifier at = id;
            while (true) {
                java.util.Optional<TestIdentifier> parent = plan.getParent(at);
                if (parent.isEmpty()) {
                    return null;
                }
                if (plan.getParent(parent.get()).isEmpty()) {
                    return at.getUniqueId();
                }
                at = parent.get();
            }
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            skipReasons.add(reason);
        }
    }
}
