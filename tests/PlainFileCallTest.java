import dev.prdiff.app.PlainFileCall;
import org.junit.jupiter.api.Test;
import support.Proc;
import support.PullRequestScenario;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
    void thePlainShapeIsOneTargetAPathOrTheListAndNothingElse() {
        assertEquals(new PlainFileCall(null, "main...feature", "a.txt", false, null, null, null, null),
                PlainFileCall.of("main...feature", "--file", "a.txt"));
        assertEquals(new PlainFileCall("repo", "main..feature", "dir/a b.txt", false, null, null, null, null),
                PlainFileCall.of("-C", "repo", "main..feature", "--file=dir/a b.txt"));
        for (String target : List.of("main", "3f2a9c1", "10745", "octo/demo#1", "https://github.com/o/r/pull/2")) {
            assertEquals(new PlainFileCall(null, target, "a.txt", false, null, null, null, null),
                    PlainFileCall.of(target, "--file", "a.txt"));
        }
        assertEquals(new PlainFileCall("repo", "10745", "a.txt", false, null, "9c1e2d3", "1a2b3c4", "octo/demo"),
                PlainFileCall.of("--sha", "9c1e2d3", "--file=a.txt", "10745", "-C", "repo", "--base-sha=1a2b3c4",
                        "-R", "octo/demo"));
        assertEquals(new PlainFileCall(null, "7", "a.txt", false, null, null, null, "github.com/octo/demo"),
                PlainFileCall.of("7", "--repo=github.com/octo/demo", "--file", "a.txt"));
        assertEquals(new PlainFileCall(null, "main...feature", "a.txt,b.txt", false, null, null, null, null),
                PlainFileCall.of("main...feature", "--file", "a.txt,b.txt"));
        assertEquals(new PlainFileCall(null, null, "a.txt", false, "HEAD~2", null, null, null),
                PlainFileCall.of("--file", "a.txt", "--commit=HEAD~2"));
        assertEquals(new PlainFileCall(null, "main...feature", null, true, null, null, null, null),
                PlainFileCall.of("main...feature", "--files-only"));
        // Nothing reads a word starting with @ as a file of arguments: it is a word like any other.
        assertEquals(new PlainFileCall("@dir", "@...HEAD", "@args.txt", false, null, null, null, null),
                PlainFileCall.of("-C", "@dir", "@...HEAD", "--file", "@args.txt"));
        assertEquals(new PlainFileCall("repo", "10745", "src", true, null, "9c1e2d3", null, null),
                PlainFileCall.of("--files-only", "-C", "repo", "10745", "--sha=9c1e2d3", "--file", "src"));
        for (List<String> args : List.of(
                List.of("main...feature"),
                List.of("main...feature", "--files-only=true"),
                List.of("main...feature", "--files-only", "--files-only"),
                List.of("main...feature", "--files-only", "--stat"),
                List.of("main...feature", "--file"),
                List.of("main...feature", "--file", "a.txt", "--strict"),
                List.of("main...feature", "--file", "a.txt", "--file", "b.txt"),
                List.of("main...feature", "--file", "a.txt", "--", "b.txt"),
                List.of("main...feature", "other", "--file", "a.txt"),
                List.of("10745", "--file", "a.txt", "--sha", "1234567", "--sha=2345678"),
                List.of("main...feature", "--file", "a.txt", "--timeout", "30"),
                List.of("main...feature", "--file", "a.txt", "-C=repo"),
                List.of("main...feature", "--file", "a.txt", "-Crepo"),
                List.of("main...feature", "--file", "a.txt", "-C"),
                List.of("7", "--file", "a.txt", "-R", "octo/demo", "--repo", "octo/demo"),
                List.of("7", "--file", "a.txt", "-R=octo/demo"),
                List.of("7", "--file", "a.txt", "-Rocto/demo"),
                List.of("7", "--file", "a.txt", "--no-fetch"),
                List.of("main...feature", "--file", "\"a\\tb.txt\""),
                List.of("main...feature", "--file", "-a.txt"),
                List.of("main...feature", "--file="),
                List.of("-C", "--file", "main...feature", "--file", "a.txt"),
                List.of("--commit", "-x", "--file", "a.txt"),
                List.of("show", "--file", "a.txt"),
                List.of("grep", "--file", "a.txt"),
                List.of("generate-completion", "--file", "a.txt"),
                List.of("main...feature", "--file-only", "a.txt"))) {
            assertNull(PlainFileCall.of(args.toArray(String[]::new)), args.toString());
        }
    }

    @Test
    void aPlainCallPrintsWhatTheSameWordsPrintThroughPicocli() throws Exception {
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
            List<String> modified = List.of("-C", dir, "main...feature", "--file", "a.txt");
            List<String> renamed = List.of("-C", dir, "main..feature", "--file=new.txt");
            List<String> commit = List.of("--file", "a.txt", "--commit", "feature", "-C", dir);
            List<String> unmatched = List.of("-C", dir, "main...feature", "--file", "nothing-changed-here.txt");
            List<String> noBranch = List.of("-C", dir, "main...no-such-branch", "--file", "a.txt");
            List<String> noDir = List.of("-C", r.dir().resolve("no-such-dir").toString(), "main...feature", "--file", "a.txt");
            List<String> shaOfARange = List.of("-C", dir, "main...feature", "--file", "a.txt", "--sha", feature);
            Path secret = TempDirs.file("plain-secret-", ".txt");
            Files.writeString(secret, "a.txt\n");
            List<String> atFile = List.of("-C", dir, "main...feature", "--file", "@" + secret);
            Map<List<String>, Proc.Result> direct = new HashMap<>();
            for (List<String> words : List.of(modified, renamed, commit, unmatched, noBranch, noDir, shaOfARange, atFile,
                    List.of("-C", dir, "@...feature", "--file", "a.txt"),
                    List.of("-C", dir, "main...feature", "--file", "added.txt"),
                    List.of("-C", dir, "main...feature", "--file", "sub"),
                    List.of("-C", dir, "main...feature", "--file", "a.txt,sub,added.txt"),
                    List.of("-C", dir, "main...feature", "--file", "a.txt, nothing-here.txt"),
                    List.of("-C", r.dir().resolve("sub").toString(), "main...feature", "--file", "s.txt"),
                    List.of("-C", dir, "feature", "--file", "a.txt"),
                    List.of("-C", dir, feature, "--file", "a.txt"),
                    List.of("-C", dir, feature.substring(0, 7), "--file", "new.txt"),
                    List.of("-C", dir, "--commit=feature~1", "--file=a.txt"),
                    List.of("-C", dir, "main...feature", "--commit", "feature", "--file", "a.txt"),
                    List.of("-C", dir, "main...feature", "--files-only"),
                    List.of("--files-only", "-C", dir, "main..feature", "--file", "sub"),
                    List.of("-C", dir, "feature", "--files-only"),
                    List.of("-C", dir, "--files-only", "--commit", "feature"))) {
                String[] plain = words.toArray(String[]::new);
                assertNotNull(PlainFileCall.of(plain), words.toString());
                List<String> parsed = new ArrayList<>(words);
                parsed.addAll(List.of("--timeout", "30"));
                assertNull(PlainFileCall.of(parsed.toArray(String[]::new)));
                Proc.Result called = PrdiffCli.run(plain);
                Proc.Result throughPicocli = PrdiffCli.run(parsed.toArray(String[]::new));
                assertEquals(throughPicocli.exit(), called.exit(), words + "\n" + called.stderr());
                assertArrayEquals(throughPicocli.stdout(), called.stdout(), words.toString());
                assertEquals(throughPicocli.stderr(), called.stderr(), words.toString());
                direct.put(words, called);
            }
            // The cases are not all alike: git's own sections, a warning, errors.
            assertArrayEquals(r.gitDiff("main...feature", "--", "a.txt"), direct.get(modified).stdout());
            assertArrayEquals(r.gitDiff("-M", "main..feature", "--", "old.txt", "new.txt"), direct.get(renamed).stdout());
            assertArrayEquals(r.gitDiff(feature + "~1", feature, "--", "a.txt"), direct.get(commit).stdout());
            assertEquals(0, direct.get(unmatched).exit());
            assertTrue(direct.get(unmatched).stderr().contains("nothing-changed-here.txt"), direct.get(unmatched).stderr());
            assertEquals(0, direct.get(atFile).stdout().length, "the word, not the file it names, is the path");
            assertTrue(direct.get(atFile).stderr().contains("'@" + secret + "'"), direct.get(atFile).stderr());
            for (List<String> failing : List.of(noBranch, noDir, shaOfARange)) {
                assertEquals(1, direct.get(failing).exit(), failing.toString());
                assertTrue(direct.get(failing).stderr().startsWith("prdiff: error ["), direct.get(failing).stderr());
            }
        }
    }

    /** The pull request lines: the live diff (through the real gh and the stand-in), a pinned head, both pinned. */
    @Test
    void aPlainPullRequestCallPrintsWhatTheSameWordsPrintThroughPicocli() {
        try (PullRequestScenario scenario = PullRequestScenario.start()) {
            Map<String, String> env = new HashMap<>(scenario.env);
            env.put("PRDIFF_CACHE_DIR", ""); // a cached copy is named on stderr: each call downloads alike
            String dir = scenario.clone.dir().toString();
            String head = scenario.pr.headSha();
            String base = scenario.pr.baseSha();
            List<String> live = List.of("1", "-R", "octo/demo", "--file", "src/app.ts", "-C", dir);
            List<String> pinned = List.of("-C", dir, "1", "--file=src/app.ts", "--sha", head);
            List<String> bothPinned = List.of("--repo=octo/demo", "-C", dir, "1", "--file", "src/app.ts", "--sha", head,
                    "--base-sha", base);
            List<String> baseIsHead = List.of("-C", dir, "1", "--file", "src/app.ts", "--sha", head, "--base-sha", head);
            List<String> noSuchPullRequest = List.of("99", "-R", "octo/demo", "--file", "src/app.ts", "-C", dir);
            List<String> otherRepository = List.of("1", "-R", "octo/elsewhere", "--file", "src/app.ts", "-C", dir);
            PrdiffCli.ok(env, pinned.toArray(String[]::new)); // the first one fetches the head, and says so
            Map<List<String>, Proc.Result> direct = new HashMap<>();
            List<String> listed = List.of("1", "-R", "octo/demo", "--files-only", "-C", dir);
            List<String> listedPinned = List.of("-C", dir, "1", "--files-only", "--sha", head, "--base-sha", base);
            for (List<String> words : List.of(live, pinned, bothPinned, baseIsHead, noSuchPullRequest, otherRepository,
                    listed, listedPinned)) {
                assertNotNull(PlainFileCall.of(words.toArray(String[]::new)), words.toString());
                List<String> parsed = new ArrayList<>(words);
                parsed.addAll(List.of("--timeout", "30"));
                Proc.Result called = PrdiffCli.run(env, words.toArray(String[]::new));
                Proc.Result throughPicocli = PrdiffCli.run(env, parsed.toArray(String[]::new));
                assertEquals(throughPicocli.exit(), called.exit(), words + "\n" + called.stderr());
                assertArrayEquals(throughPicocli.stdout(), called.stdout(), words.toString());
                assertEquals(throughPicocli.stderr(), called.stderr(), words.toString());
                direct.put(words, called);
            }
            byte[] section = scenario.clone.gitDiff(base + "..." + head, "--", "src/app.ts");
            assertTrue(section.length > 0);
            assertArrayEquals(section, direct.get(pinned).stdout());
            assertArrayEquals(section, direct.get(bothPinned).stdout());
            assertTrue(new String(direct.get(live).stdout(), java.nio.charset.StandardCharsets.UTF_8)
                    .startsWith("diff --git a/src/app.ts b/src/app.ts\n"));
            assertEquals(0, direct.get(baseIsHead).stdout().length, "the pinned base is the one used");
            for (List<String> failing : List.of(noSuchPullRequest, otherRepository)) {
                assertTrue(direct.get(failing).stderr().startsWith("prdiff: error [NOT_FOUND]"), direct.get(failing).stderr());
            }
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
