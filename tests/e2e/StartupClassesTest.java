package e2e;

import org.junit.jupiter.api.Test;
import support.Fixtures;
import support.Proc;
import support.PullRequestScenario;
import support.RepoRoot;
import support.TempDirs;
import support.TempRepo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a {@code --file} call's JVM loads. The JVM options prdiff.java gives every launch keep picocli from loading
 * what no prdiff option uses: with them, no java.sql or java.time.format class (prdiff's timeouts use
 * java.time.Duration); without them (the control), picocli's converter registration loads both packages. And the
 * commands' picocli models (show, grep, help, generate-completion) are built only when a word names one.
 */
class StartupClassesTest {
    @Test
    void aFileCallLoadsNoJavaSqlOrDateFormatClassWithTheScriptsRuntimeOptions() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            List<String> withOptions = loadedJdkPackages(r, runtimeOptions(), range);
            assertEquals(List.of(), withOptions, "java.sql and java.time.format classes loaded");
            List<String> without = loadedJdkPackages(r, List.of("-Dfile.encoding=UTF-8"), range);
            assertTrue(without.contains("java.sql") && without.contains("java.time.format"), "the control: " + without);
        }
    }

    /**
     * -C's path is converted without reflection: picocli's reflective converters are not even registered with the
     * script's options (on JDK 18 and later, a reflective call spins method handles at its first use).
     */
    @Test
    void aCallWithADirectoryMakesNoReflectiveConversionWithTheScriptsRuntimeOptions() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            String reflective = "picocli.CommandLine$BuiltIn$ReflectionConverter";
            String[] words = {"-C", r.dir().toString(), range, "--file", "a.txt"};
            assertTrue(loadedClasses(r, runtimeOptions(), words).stream()
                    .noneMatch(l -> l.contains(" " + reflective + " ")), "picocli registered a reflective converter");
            assertTrue(loadedClasses(r, List.of("-Dfile.encoding=UTF-8"), words).stream()
                    .anyMatch(l -> l.contains(" " + reflective + " ")), "the control: no reflective converter");
        }
    }

    @Test
    void theCommandsAreBuiltOnlyWhenAWordNamesOne() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            String show = "dev.prdiff.cli.ShowCommand";
            assertTrue(loadedClasses(r, runtimeOptions(), range, "--file", "a.txt").stream()
                    .noneMatch(l -> l.contains(" " + show + " ")), "a diff built the commands");
            assertTrue(loadedClasses(r, runtimeOptions(), "show", "HEAD:a.txt").stream()
                    .anyMatch(l -> l.contains(" " + show + " ")), "the control: show ran without its command");
        }
    }

    /**
     * The JSON answers of the command line are written by prdiff itself: jackson-databind's ObjectMapper, whose
     * first use costs a JDK 17 process about 110 ms, is not even loaded (the control: the MCP server's messages).
     */
    @Test
    void aJsonAnswerLoadsNoClassOfJacksonDatabind() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            for (String[] words : List.of(new String[] {range, "--json"}, new String[] {range, "--files-only"},
                    new String[] {range, "--files-only", "--top", "1", "--json"})) {
                List<String> databind = loadedClasses(r, runtimeOptions(), words).stream()
                        .filter(l -> l.contains(" com.fasterxml.jackson.databind.")).limit(3).toList();
                assertEquals(List.of(), databind, String.join(" ", words) + " loaded jackson-databind");
            }
        }
    }

    /**
     * A pull request's call reads gh's answers with jackson-core's parser into databind's tree, without an
     * ObjectMapper, whose making costs about 40 ms on JDK 17 (its date format's locale data).
     */
    @Test
    void aPullRequestCallMakesNoObjectMapper() throws Exception {
        try (PullRequestScenario pr = PullRequestScenario.start()) {
            for (String[] words : List.of(new String[] {"1", "--files-only"}, new String[] {"1", "--info"},
                    new String[] {"1"})) {
                List<String> mappers = loadedClasses(pr.clone.dir(), pr.env, runtimeOptions(), words).stream()
                        .filter(l -> l.contains(" com.fasterxml.jackson.databind.ObjectMapper ")).toList();
                assertEquals(List.of(), mappers, String.join(" ", words) + " made an ObjectMapper");
            }
        }
    }

    /** Of java.sql and java.time.format, the packages that a --file call loaded a class of, with these JVM options. */
    private static List<String> loadedJdkPackages(TempRepo r, List<String> options, String range) throws IOException {
        return loadedClasses(r, options, range, "--file", "a.txt").stream().map(l -> l.contains(" java.sql.") ? "java.sql" : l.contains(" java.time.format.") ? "java.time.format" : "")
                .filter(p -> !p.isEmpty()).distinct().sorted().toList();
    }

    /** The class-load log of a successful call of prdiff with {@code words}, with these JVM options. */
    private static List<String> loadedClasses(TempRepo r, List<String> options, String... words) throws IOException {
        return loadedClasses(r.dir(), System.getenv(), options, words);
    }

    /** The same, run in {@code dir} with {@code env}. */
    private static List<String> loadedClasses(Path dir, Map<String, String> env, List<String> options,
            String... words) throws IOException {
        Path log = TempDirs.create("startup-classes-").resolve("classes.log");
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        argv.addAll(options);
        argv.addAll(List.of("-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"), "prdiff"));
        argv.addAll(List.of(words));
        Proc.Result run = Proc.run(argv, dir, env, Duration.ofSeconds(120));
        assertEquals(0, run.exit(), run.stderr());
        List<String> w = List.of(words);
        assertTrue(run.out().startsWith(w.contains("show") ? "" : w.contains("--json") || w.contains("--files-only")
                || w.contains("--info") ? "{" : "diff --git a/"), run.out());
        List<String> classes = Files.readAllLines(log);
        assertTrue(classes.stream().anyMatch(l -> l.contains(" picocli.CommandLine ")), "no class log");
        return classes;
    }

    /** The words of prdiff.java's {@code //RUNTIME_OPTIONS} line, which JBang and the launcher give java. */
    private static List<String> runtimeOptions() throws IOException {
        String prefix = "//RUNTIME_OPTIONS ";
        return Files.readAllLines(RepoRoot.find().resolve("prdiff.java")).stream().filter(l -> l.startsWith(prefix))
                .flatMap(l -> Arrays.stream(l.substring(prefix.length()).trim().split("\\s+"))).toList();
    }
}
