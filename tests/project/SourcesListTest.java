package project;

import org.junit.jupiter.api.Test;
import support.RepoRoot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lib/Sources.java lists every file under lib/ by name: a glob would break the catalog alias run from a URL. Every
 * script that compiles lib/ reads it as UTF-8.
 */
@support.Parallel
class SourcesListTest {
    /**
     * lib/ holds non-ASCII text, and javac reads sources in the platform charset unless told: under LANG=C on JDK 17
     * that is ASCII, so a script without {@code -encoding UTF-8} would build other strings than prdiff.java does.
     */
    @Test
    void everyScriptThatCompilesLibReadsItAsUtf8() throws IOException {
        Path root = RepoRoot.find();
        for (String script : List.of("prdiff.java", "mcp-shim.java", "tests/RunTests.java")) {
            List<String> options = Files.readAllLines(root.resolve(script)).stream()
                    .filter(l -> l.startsWith("//JAVAC_OPTIONS ")).toList();
            assertEquals(1, options.stream().filter(l -> (l + " ").contains(" -encoding UTF-8 ")).count(),
                    script + ": " + options);
            // javac C1 only: half the CPU of a cold build (docs/cli.md), which every new user and every test run pays.
            assertEquals(1, options.stream().filter(l -> l.contains(" -J-XX:TieredStopAtLevel=1 ")).count(),
                    script + ": " + options);
        }
    }

    /**
     * lib/Sources.java compiles every package into every script that names it, the command line's picocli included:
     * a script that names it without prdiff.java's dependencies does not compile (bench/ParseSpeed.java did not).
     */
    @Test
    void everyScriptThatCompilesLibDeclaresPrdiffsDependencies() throws IOException {
        Path root = RepoRoot.find();
        List<String> needed = Files.readAllLines(root.resolve("prdiff.java")).stream()
                .filter(l -> l.startsWith("//DEPS ")).toList();
        List<Path> scripts;
        try (Stream<Path> files = Stream.concat(Stream.of(root.resolve("prdiff.java"), root.resolve("mcp-shim.java"),
                root.resolve("tests/RunTests.java")), Files.list(root.resolve("bench")))) {
            scripts = files.filter(p -> p.toString().endsWith(".java")).toList();
        }
        int compilingLib = 0;
        for (Path script : scripts) {
            List<String> lines = Files.readAllLines(script);
            if (lines.stream().noneMatch(l -> l.startsWith("//SOURCES ") && l.contains("lib/Sources.java"))) {
                continue;
            }
            compilingLib++;
            for (String dep : needed) {
                assertTrue(lines.contains(dep), root.relativize(script) + " compiles lib/ but lacks " + dep);
            }
        }
        assertTrue(compilingLib >= 4, "scripts found compiling lib/: " + compilingLib);
    }

    @Test
    void everyLibFileIsListedOnceAndNothingElse() throws IOException {
        Path lib = RepoRoot.find().resolve("lib");
        Set<String> onDisk;
        try (Stream<Path> files = Files.walk(lib)) {
            onDisk = files.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("Sources.java"))
                    .map(p -> lib.relativize(p).toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        List<String> listed = Files.readAllLines(lib.resolve("Sources.java")).stream()
                .filter(l -> l.startsWith("//SOURCES ")).map(l -> l.substring("//SOURCES ".length()).strip()).toList();
        assertEquals(listed.size(), new TreeSet<>(listed).size(), "a file is listed twice: " + listed);
        assertEquals(onDisk, new TreeSet<>(listed));
    }

    /**
     * RunTests compiles one //SOURCES glob per test folder: a test class left flat in tests/, or in a folder the
     * runner does not name, would silently never run.
     */
    @Test
    void everyTestFolderIsCompiledByTheRunner() throws IOException {
        Path tests = RepoRoot.find().resolve("tests");
        Set<String> globs = Files.readAllLines(tests.resolve("RunTests.java")).stream()
                .filter(l -> l.startsWith("//SOURCES ")).map(l -> l.substring("//SOURCES ".length()).strip())
                .collect(Collectors.toSet());
        Set<String> needed;
        try (Stream<Path> files = Files.walk(tests)) {
            needed = files.filter(p -> p.toString().endsWith(".java") && !p.startsWith(tests.resolve("mcp-client")))
                    .map(p -> tests.relativize(p.getParent()).toString())
                    .map(folder -> folder.isEmpty() ? "*Test.java" : folder + "/*.java")
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        needed.remove("*Test.java"); // RunTests.java itself is the only file allowed flat
        try (Stream<Path> flat = Files.list(tests)) {
            assertEquals(List.of("RunTests.java"), flat.filter(p -> p.toString().endsWith(".java"))
                    .map(p -> p.getFileName().toString()).toList(), "test classes belong in a layer's folder");
        }
        assertTrue(globs.containsAll(needed), "folders RunTests does not compile: " + needed + " vs " + globs);
    }
}
