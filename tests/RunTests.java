///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//JAVAC_OPTIONS -encoding UTF-8
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DEPS com.fasterxml.jackson.dataformat:jackson-dataformat-yaml:2.20.1
//DEPS org.junit.jupiter:junit-jupiter:5.13.4
//DEPS org.junit.platform:junit-platform-launcher:1.13.4
//DESCRIPTION Runs every prdiff test and ends with one line: N passed, N failed
//SOURCES ../prdiff.java
//SOURCES ../mcp-shim.java
//SOURCES ../lib/Sources.java
//SOURCES *Test.java
//SOURCES support/*.java
//FILES openapi.yaml=../openapi.yaml

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
import java.util.Set;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Usage: ./jbang tests/RunTests.java [CLASS_NAME_REGEX]
 * Discovers every *Test class compiled into this script's jar and runs it.
 */
class RunTests {
    public static void main(String... args) throws URISyntaxException {
        // A class name regex, found anywhere in the name: "McpProtocol" runs McpProtocolTest.
        String pattern = args.length > 0 ? ".*(?:" + args[0] + ").*" : ".*Test";
        Path jar = Path.of(RunTests.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        LauncherDiscoveryRequest discovery = request()
                .selectors(selectClasspathRoots(Set.of(jar)))
                .filters(ClassNameFilter.includeClassNamePatterns(pattern))
                .build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(discovery, summary, new ProgressListener());

        TestExecutionSummary s = summary.getSummary();
        s.printFailuresTo(new PrintWriter(System.out, true), 12);
        long failed = s.getTestsFailedCount() + s.getContainersFailedCount();
        System.out.println(s.getTestsSucceededCount() + " passed, " + failed + " failed"
                + (s.getTestsSkippedCount() > 0 ? ", " + s.getTestsSkippedCount() + " skipped" : ""));
        System.exit(failed == 0 && s.getTestsFoundCount() > 0 ? 0 : 1);
    }

    /** One line per finished test, so a slow or hanging test is easy to spot in CI logs. */
    static final class ProgressListener implements TestExecutionListener {
        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (id.isTest() || result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                System.out.println("  " + result.getStatus() + "  " + id.getUniqueId()
                        .replaceAll("\\[engine:junit-jupiter\\]/|\\[(class|method|test-template|test-template-invocation|dynamic-test|test-factory):", "")
                        .replace("]", ""));
            }
        }
    }
}
