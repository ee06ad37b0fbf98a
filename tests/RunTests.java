///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//JAVAC_OPTIONS -encoding UTF-8
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DEPS com.fasterxml.jackson.dataformat:jackson-dataformat-yaml:2.20.1
//DEPS org.junit.jupiter:junit-jupiter:5.13.4
//DEPS org.junit.platform:junit-platform-launcher:1.13.4
//DEPS net.jqwik:jqwik:1.9.3
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
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.engine.TestExecutionResult;

import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Comparator;
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
    public static void main(String... args) throws URISyntaxException, java.io.IOException {
        // A class name regex, found anywhere in the simple name or the full one: "McpProtocol" runs
        // mcp.McpProtocolTest, "^(DocsTest|ReadmeTest)$" those two, "mcp\\." the folder tests/mcp.
        ClassNameFilter classes = args.length > 0 ? named(Pattern.compile(args[0]))
                : ClassNameFilter.includeClassNamePatterns(".*Test");
        Path jar = Path.of(RunTests.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        LauncherDiscoveryRequest discovery = request()
                .selectors(selectClasspathRoots(Set.of(jar)))
                .filters(classes)
                // jqwik (the parser fuzzer, ParserFuzzTest): tries from PRDIFF_FUZZ_TRIES, its failure database in a
                // temporary file of this run's own (a fixed name in /tmp would belong to whichever user ran first),
                // and its full report (tries, seed) only for a run that sets PRDIFF_FUZZ_TRIES or when a property
                // fails; the accepted/rejected split always prints.
                .configurationParameter("jqwik.tries.default", System.getenv().getOrDefault("PRDIFF_FUZZ_TRIES", "4000"))
                .configurationParameter("jqwik.database", jqwikDatabase().toString())
                .configurationParameter("jqwik.reporting.onlyfailures",
                        String.valueOf(System.getenv("PRDIFF_FUZZ_TRIES") == null))
                .build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        ProgressListener progress = new ProgressListener();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(discovery, summary, progress);

        TestExecutionSummary s = summary.getSummary();
        s.printFailuresTo(new PrintWriter(System.out, true), 12);
        long failed = s.getTestsFailedCount() + s.getContainersFailedCount();
        // Skipped: disabled, aborted by an assumption (support.Requires), or never started because their class was
        // aborted in @BeforeAll. JUnit counts only the first kind as skipped, so count what did not pass or fail.
        long skipped = s.getTestsFoundCount() - s.getTestsSucceededCount() - s.getTestsFailedCount();
        progress.skipReasons.forEach(reason -> System.out.println("skipped: " + reason));
        progress.printSlowest(10);
        System.out.println(s.getTestsSucceededCount() + " passed, " + failed + " failed"
                + (skipped > 0 ? ", " + skipped + " skipped" : ""));
        support.TempDirs.removeAll();
        System.exit(failed == 0 && s.getTestsFoundCount() > 0 ? 0 : 1);
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
     * assumption are shown as SKIPPED; each distinct reason is kept to be printed once at the end. Each test
     * class's wall time, from its start to its end (its fixtures included), is kept for the closing report of the
     * slowest classes.
     */
    static final class ProgressListener implements TestExecutionListener {
        final Set<String> skipReasons = java.util.Collections.synchronizedSet(new LinkedHashSet<>());
        private final long runStarted = System.nanoTime();
        private final Map<String, Long> classStarted = new ConcurrentHashMap<>();
        private final Map<String, Long> classNanos = new ConcurrentHashMap<>();

        @Override
        public void executionStarted(TestIdentifier id) {
            testClass(id).ifPresent(name -> classStarted.put(name, System.nanoTime()));
        }

        /** The slowest test classes, slowest first, and the whole run's time, in seconds. */
        void printSlowest(int count) {
            System.out.println("slowest classes (wall seconds, of " + seconds(System.nanoTime() - runStarted) + " s in all):");
            classNanos.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                    .limit(count)
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
            if (id.isTest() || status != TestExecutionResult.Status.SUCCESSFUL) {
                System.out.println("  " + (status == TestExecutionResult.Status.ABORTED ? "SKIPPED" : status) + "  "
                        + id.getUniqueId()
                        .replaceAll("\\[engine:(junit-jupiter|jqwik)\\]/|\\[(class|method|property|test-template|test-template-invocation|dynamic-test|test-factory):", "")
                        .replace("]", ""));
            }
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            skipReasons.add(reason);
        }
    }
}
