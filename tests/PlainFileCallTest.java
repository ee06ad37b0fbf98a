import dev.prdiff.app.PlainFileCall;
import org.junit.jupiter.api.Test;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code [-C DIR] TARGET --file PATH}, the call an agent makes for each file of a change, is called without building
 * picocli's command line ({@link PlainFileCall}). It must print exactly what the same words print through picocli:
 * each case here is run once as it is and once with {@code --timeout 30} added (the default, so the same request),
 * which no longer has the plain shape and goes through picocli.
 */
class PlainFileCallTest {
    @Test
    void thePlainShapeIsOneRangeAndOnePlainPathAndNothingElse() {
        assertEquals(new PlainFileCall(null, "main...feature", "a.txt"),
                PlainFileCall.of("main...feature", "--file", "a.txt"));
        assertEquals(new PlainFileCall("repo", "main..feature", "dir/a b.txt"),
                PlainFileCall.of("-C", "repo", "main..feature", "--file=dir/a b.txt"));
        for (String target : List.of("main", "3f2a9c1", "10745", "octo/demo#1", "https://github.com/o/r/pull/2")) {
            assertEquals(new PlainFileCall(null, target, "a.txt"), PlainFileCall.of(target, "--file", "a.txt"));
        }
        for (List<String> args : List.of(
                List.of("main...feature"),
                List.of("main...feature", "--file"),
                List.of("main...feature", "--file", "a.txt", "--strict"),
                List.of("main...feature", "--file", "a.txt", "--file", "b.txt"),
                List.of("main...feature", "--file", "a.txt", "--", "b.txt"),
                List.of("--file", "a.txt", "main...feature"),
                List.of("main...feature", "--file", "a.txt,b.txt"),
                List.of("main...feature", "--file", "\"a\\tb.txt\""),
                List.of("main...feature", "--file", "-a.txt"),
                List.of("main...feature", "--file", "@args.txt"),
                List.of("main...feature", "--file="),
                List.of("@...HEAD", "--file", "a.txt"),
                List.of("-C", "--file", "main...feature", "--file", "a.txt"),
                List.of("-C", "@dir", "main...feature", "--file", "a.txt"),
                List.of("show", "--file", "a.txt"),
                List.of("grep", "--file", "a.txt"),
                List.of("generate-completion", "--file", "a.txt"),
                List.of("main...feature", "--file-only", "a.txt"))) {
            assertNull(PlainFileCall.of(args.toArray(String[]::new)), args.toString());
        }
    }

    @Test
    void aPlainCallPrintsWhatTheSameWordsPrintThroughPicocli() {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n").write("old.txt", "a file long enough to be renamed\nwith two lines\n")
                    .write("sub/s.txt", "s\n").write("sub/t.txt", "t\n");
            r.commit("base");
            r.checkout("-q", "-b", "feature");
            r.write("a.txt", "a, on feature\n").write("sub/s.txt", "s, on feature\n").write("added.txt", "new\n");
            r.move("old.txt", "new.txt");
            String feature = r.commit("feature");
            r.checkout("-q", "main");
            String dir = r.dir().toString();
            List<List<String>> cases = List.of(
                    List.of("-C", dir, "main...feature", "--file", "a.txt"),
                    List.of("-C", dir, "main..feature", "--file=new.txt"),
                    List.of("-C", dir, "main...feature", "--file", "added.txt"),
                    List.of("-C", dir, "main...feature", "--file", "sub"),
                    List.of("-C", r.dir().resolve("sub").toString(), "main...feature", "--file", "s.txt"),
                    List.of("-C", dir, "main...feature", "--file", "nothing-changed-here.txt"),
                    List.of("-C", dir, "feature", "--file", "a.txt"),
                    List.of("-C", dir, feature, "--file", "a.txt"),
                    List.of("-C", dir, feature.substring(0, 7), "--file", "new.txt"),
                    List.of("-C", dir, "main...no-such-branch", "--file", "a.txt"),
                    List.of("-C", r.dir().resolve("no-such-dir").toString(), "main...feature", "--file", "a.txt"));
            for (List<String> words : cases) {
                String[] plain = words.toArray(String[]::new);
                assertNotNull(PlainFileCall.of(plain), words.toString());
                List<String> parsed = new ArrayList<>(words);
                parsed.addAll(List.of("--timeout", "30"));
                assertNull(PlainFileCall.of(parsed.toArray(String[]::new)));
                Proc.Result direct = PrdiffCli.run(plain);
                Proc.Result throughPicocli = PrdiffCli.run(parsed.toArray(String[]::new));
                assertEquals(throughPicocli.exit(), direct.exit(), words + "\n" + direct.stderr());
                assertArrayEquals(throughPicocli.stdout(), direct.stdout(), words.toString());
                assertEquals(throughPicocli.stderr(), direct.stderr(), words.toString());
            }
            // The cases are not all alike: git's own sections, a warning, errors.
            assertArrayEquals(r.gitDiff("main...feature", "--", "a.txt"), PrdiffCli.run(cases.get(0).toArray(String[]::new)).stdout());
            assertArrayEquals(r.gitDiff("-M", "main..feature", "--", "old.txt", "new.txt"),
                    PrdiffCli.run(cases.get(1).toArray(String[]::new)).stdout());
            assertArrayEquals(r.gitDiff(feature + "~1", feature, "--", "a.txt"),
                    PrdiffCli.run(cases.get(7).toArray(String[]::new)).stdout());
            Proc.Result unmatched = PrdiffCli.run(cases.get(5).toArray(String[]::new));
            assertEquals(0, unmatched.exit());
            assertTrue(unmatched.stderr().contains("nothing-changed-here.txt"), unmatched.stderr());
            assertTrue(PrdiffCli.run(cases.get(9).toArray(String[]::new)).stderr().contains("prdiff: error ["));
            assertTrue(PrdiffCli.run(cases.get(10).toArray(String[]::new)).stderr().contains("prdiff: error ["));
        }
    }

    /** In a JVM of its own, so that nothing else has loaded picocli: the plain call never builds its command line. */
    @Test
    void aPlainCallLoadsNoCommandLineAndAnyOtherCallDoes() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n").commit("base");
            r.write("a.txt", "a, changed\n").commit("change");
            Path log = TempDirs.create("plain-classes-").resolve("classes.log");
            List<String> plain = List.of("HEAD~1...HEAD", "--file", "a.txt");
            for (boolean parsed : new boolean[] {false, true}) {
                List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xshare:auto", "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"), "prdiff"));
                argv.addAll(plain);
                if (parsed) {
                    argv.add("--strict");
                }
                Proc.Result run = Proc.run(argv, r.dir(), System.getenv(), Duration.ofSeconds(120));
                assertEquals(0, run.exit(), run.stderr());
                assertArrayEquals(r.gitDiff("HEAD~1...HEAD", "--", "a.txt"), run.stdout());
                boolean loaded = Files.readAllLines(log).stream().anyMatch(l -> l.contains(" picocli.CommandLine source:"));
                if (parsed) {
                    assertTrue(loaded, "the control: --strict goes through picocli");
                } else {
                    assertFalse(loaded, "the plain call built picocli's command line");
                }
            }
        }
    }
}
