package e2e;

import org.junit.jupiter.api.Test;
import support.Fixtures;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The launcher's CDS archive is written by the first run, whatever it was. With the launcher's training property
 * that run loads every class of prdiff's jar, so a later {@code --file} maps all of prdiff's classes from the
 * archive even when the archive was written by {@code --version}; without it, it does not. The same run also
 * rehearses the everyday commands on a throwaway repository (CdsRehearsal), so the JDK code they run is archived
 * too, without a trace in the user's output, temporary directory or caches.
 */
class CdsTrainingTest {
    @Test
    void anArchiveWrittenByVersionServesEveryPrdiffClassOfALaterCommand() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            List<String> fromJar = new ArrayList<>();
            for (boolean training : new boolean[] {true, false}) {
                Path dir = TempDirs.create("cds-");
                Path archive = dir.resolve("prdiff.jsa");
                Proc.Result dump = java(r.dir(), List.of("-XX:ArchiveClassesAtExit=" + archive,
                        "-Dprdiff.cds.training=" + training), "--version");
                assertEquals(0, dump.exit(), dump.stderr());
                assumeTrue(Files.isRegularFile(archive), "this JVM cannot write a dynamic CDS archive");
                Path log = dir.resolve("classes.log");
                Proc.Result run = java(r.dir(), List.of("-XX:SharedArchiveFile=" + archive,
                        "-Xlog:class+load=info:file=" + log), range, "--file", "a.txt");
                assertEquals(0, run.exit(), run.stderr());
                assertTrue(run.out().startsWith("diff --git a/a.txt b/a.txt"), run.out());
                List<String> prdiffClasses = Files.readAllLines(log).stream()
                        .filter(l -> l.contains(" dev.prdiff.") && !l.contains("$$Lambda$")).toList();
                assertFalse(prdiffClasses.isEmpty());
                fromJar.add(String.join("\n", prdiffClasses.stream()
                        .filter(l -> !l.contains("source: shared objects file")).toList()));
            }
            assertEquals("", fromJar.get(0), "loaded from the jar after a training run");
            assertFalse(fromJar.get(1).isEmpty(), "the control: without training, --version leaves classes out");
        }
    }

    @Test
    void theTrainingRunRehearsesOnAThrowawayRepositoryAndLeavesNothingBehind() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String range = Fixtures.oneFileChanged(r);
            Proc.Result version = java(r.dir(), List.of(), "--version");
            Proc.Result file = java(r.dir(), List.of(), range, "--file", "a.txt");
            assertEquals(0, file.exit(), file.stderr());
            List<String> fromJdk = new ArrayList<>();
            // Without git on PATH the rehearsal cannot run: the control.
            for (String path : new String[] {System.getenv("PATH"), "/nonexistent"}) {
                Path dir = TempDirs.create("cds-");
                Path tmp = Files.createDirectory(dir.resolve("tmp"));
                Path cache = Files.createDirectory(dir.resolve("cache"));
                Map<String, String> env = new HashMap<>(System.getenv());
                env.put("XDG_CACHE_HOME", cache.toString());
                env.put("PATH", path);
                Path archive = dir.resolve("prdiff.jsa");
                Proc.Result dump = java(r.dir(), env, List.of("-XX:ArchiveClassesAtExit=" + archive,
                        "-Dprdiff.cds.training=true", "-Djava.io.tmpdir=" + tmp), "--version");
                assumeTrue(Files.isRegularFile(archive), "this JVM cannot write a dynamic CDS archive");
                assertEquals(0, dump.exit(), dump.stderr());
                assertArrayEquals(version.stdout(), dump.stdout(), "the rehearsal writes nothing to stdout");
                assertEquals(version.stderr(), dump.stderr());
                try (Stream<Path> left = Files.list(tmp); Stream<Path> cached = Files.walk(cache)) {
                    assertEquals(List.of(), left.toList(), "the temporary directory after the training run");
                    assertEquals(List.of(cache), cached.toList(), "nothing cached by the rehearsal");
                }
                Path log = dir.resolve("classes.log");
                Proc.Result run = java(r.dir(), List.of("-XX:SharedArchiveFile=" + archive,
                        "-Xlog:class+load=info:file=" + log), range, "--file", "a.txt");
                assertArrayEquals(file.stdout(), run.stdout(), run.stderr());
                fromJdk.add(String.join("\n", Files.readAllLines(log).stream()
                        .filter(l -> l.contains(" java.lang.ProcessImpl ") && !l.contains("source: shared objects file"))
                        .toList()));
            }
            assertEquals("", fromJdk.get(0), "the JDK's process launching, archived by the rehearsal");
            assertFalse(fromJdk.get(1).isEmpty(), "the control: with no git to rehearse with, it is loaded from the JDK");
        }
    }

    private static Proc.Result java(Path cwd, List<String> jvmOptions, String... args) {
        return java(cwd, System.getenv(), jvmOptions, args);
    }

    private static Proc.Result java(Path cwd, Map<String, String> env, List<String> jvmOptions, String... args) {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        argv.addAll(jvmOptions);
        argv.addAll(List.of("-Xshare:auto", "-Xlog:cds=off,cds+dynamic=off", "-cp", System.getProperty("java.class.path"),
                "prdiff"));
        argv.addAll(List.of(args));
        return Proc.run(argv, cwd, env, Duration.ofSeconds(120));
    }
}
