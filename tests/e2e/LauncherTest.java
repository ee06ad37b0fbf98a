package e2e;

import support.Proc;
import support.RepoRoot;
import support.SharedBuild;
import support.StandInClone;
import support.Wrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ./jbang's launch records as whole processes: parallel first launches that all succeed on an empty JBang cache, the
 * fast path (java started directly from a record) while nothing changed, and a rebuild when a //SOURCES file changes.
 * The first launches are the run's build of prdiff (support.SharedBuild), made by the first test that asks; the edit
 * is made in a stand-in clone (support.StandInClone), since its subject is the wrapper, not prdiff. Each test has a
 * JBANG_DIR of its own; the pinned JBang and the Maven repository are the user's, so nothing is downloaded.
 */
class LauncherTest {
    private static final Duration TIMEOUT = Wrapper.TIMEOUT;
    private static final String FAST = "[jbang wrapper] fast path:";
    private static final String BUILD = "[jbang wrapper] building under ";

    @Test
    void editingAFileListedByLibSourcesRebuildsOnTheNextRun(@TempDir Path tmp) throws IOException {
        Path clone = StandInClone.make(tmp.resolve("clone"));
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        Path script = clone.resolve("prdiff.java");

        Proc.Result before = Wrapper.run(clone, script, List.of(), env, null);
        assertEquals(0, before.exit(), before.describe());
        assertTrue(before.stderr().contains(BUILD), "no launch record before the first run: " + before.stderr());
        assertEquals("prdiff 0.1.0\n", before.out());
        Proc.Result warm = Wrapper.run(clone, script, List.of(), env, null);
        assertTrue(warm.stderr().startsWith(FAST), warm.stderr());

        // lib/core/Version.java is reached only through lib/Sources.java's //SOURCES list.
        Path source = clone.resolve("lib/core/Version.java");
        String text = Files.readString(source);
        assertTrue(text.contains("NUMBER = \"0.1.0\""), "the edit below no longer applies");
        Files.writeString(source, text.replace("NUMBER = \"0.1.0\"", "NUMBER = \"0.1.0-edited\""));
        // What a training run killed before the edit left beside the old record: its temp files and its claim.
        Path record = Wrapper.launchRecord(tmp.resolve("jbang-dir"), script);
        String old = record + "." + Files.readAllLines(record).get(2);
        List<Path> leftovers = List.of(Path.of(old + ".jsa.123.tmp"), Path.of(old + ".aot.123.conf"),
                Path.of(old + ".jsa.training"));
        Files.writeString(leftovers.get(0), "partial archive");
        Files.writeString(leftovers.get(1), "partial configuration");
        Files.createDirectory(leftovers.get(2));

        Proc.Result after = Wrapper.run(clone, script, List.of(), env, null);
        assertEquals(0, after.exit(), after.describe());
        assertTrue(after.stderr().contains(BUILD), "no rebuild after the edit: " + after.stderr());
        assertEquals("prdiff 0.1.0-edited\n", after.out());
        for (Path left : leftovers) {
            assertFalse(Files.exists(left), "the new record left the old one's " + left);
        }

        Proc.Result warmAgain = Wrapper.run(clone, script, List.of(), env, null);
        assertTrue(warmAgain.stderr().startsWith(FAST), warmAgain.stderr());
        assertEquals("prdiff 0.1.0-edited\n", warmAgain.out());
    }

    /**
     * What the wrapper lists as the build's inputs is what JBang reads: a file three //SOURCES deep and a //FILES
     * resource are followed (an edit of either rebuilds), and a glob, which a new file could match, leaves every
     * launch to JBang.
     */
    @Test
    void nestedSourcesAndFilesAreInputsAndAGlobIsLeftToJBang(@TempDir Path tmp) throws IOException {
        Path clone = StandInClone.make(tmp.resolve("clone"));
        Path version = clone.resolve("lib/core/Version.java");
        Files.writeString(version, "//SOURCES Deep.java\n" + Files.readString(version)
                .replace("NUMBER = \"0.1.0\"", "NUMBER = \"0.1.0\" + Deep.SUFFIX"));
        Path deep = Files.writeString(clone.resolve("lib/core/Deep.java"),
                "package standin.core;\nfinal class Deep {\n    static final String SUFFIX = \"-deep\";\n}\n");
        Path script = clone.resolve("prdiff.java");
        Files.writeString(script, "//FILES notes.txt\n" + Files.readString(script));
        Path notes = Files.writeString(clone.resolve("notes.txt"), "one\n");
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));

        Proc.Result first = Wrapper.run(clone, script, List.of(), env, null);
        assertEquals("prdiff 0.1.0-deep\n", first.out(), first.describe());
        assertTrue(first.stderr().contains(BUILD), first.stderr());
        assertTrue(Wrapper.run(clone, script, List.of(), env, null).stderr().startsWith(FAST));

        Files.writeString(deep, Files.readString(deep).replace("-deep", "-deeper"));
        Proc.Result afterDeep = Wrapper.run(clone, script, List.of(), env, null);
        assertEquals("prdiff 0.1.0-deeper\n", afterDeep.out(), afterDeep.describe());
        assertTrue(afterDeep.stderr().contains(BUILD), "no rebuild after editing a file three //SOURCES deep");

        Files.writeString(notes, "two\n");
        Proc.Result afterNotes = Wrapper.run(clone, script, List.of(), env, null);
        assertTrue(afterNotes.stderr().contains(BUILD), "no rebuild after editing a //FILES resource: "
                + afterNotes.stderr());

        Files.writeString(version, Files.readString(version).replace("//SOURCES Deep.java", "//SOURCES D*.java"));
        for (int run = 0; run < 2; run++) {
            Proc.Result glob = Wrapper.run(clone, script, List.of(), env, null);
            assertEquals("prdiff 0.1.0-deeper\n", glob.out(), glob.describe());
            assertTrue(glob.stderr().contains("no fast path: an input is a glob"), glob.stderr());
            assertFalse(glob.stderr().contains(FAST), glob.stderr());
        }
    }

    /**
     * The run's CLI and MCP first launches, started at once on an empty cache, all succeed, two or more of them
     * having found no launch record (so that they met at the build lock); then, nothing having changed, the next
     * launch takes the fast path and prints what JBang prints. (The first launches are the run's one build of prdiff
     * from an empty cache, which every other whole-process test copies: a build is most of their time.)
     */
    @Test
    void firstLaunchesAtOnceAllSucceedOnAnEmptyCacheThenTheFastPathPrintsWhatJBangPrints() {
        SharedBuild.FirstLaunches first = SharedBuild.firstLaunches();
        Path repo = first.repo();
        Proc.Result expected = Proc.run(List.of("git", "-C", repo.toString(), "diff", "--numstat", "HEAD~1...HEAD"),
                null, System.getenv(), TIMEOUT);
        assertEquals("1\t1\ta.txt\n1\t0\tb.txt\n", expected.out());
        assertEquals(List.of("-v", "HEAD~1...HEAD", "--files-only"), SharedBuild.CLI_ARGS);
        assertTrue(SharedBuild.LAUNCHES >= 4, "too few first launches to meet at the build lock");
        assertEquals(SharedBuild.LAUNCHES, first.cli().size());
        assertEquals(SharedBuild.LAUNCHES, first.mcp().size());

        for (Proc.Result r : first.cli()) {
            assertEquals(0, r.exit(), r.describe());
            assertTrue(r.out().startsWith("{\"files\":[{\"path\":\"a.txt\",\"additions\":1,\"deletions\":1,"
                    + "\"status\":\"modified\"},{\"path\":\"b.txt\",\"additions\":1,\"deletions\":0,\"status\":\"added\"}]"),
                    r.describe());
            assertTrue(r.stderr().contains("prdiff: range HEAD~1...HEAD"), r.describe());
        }
        for (Proc.Result r : first.mcp()) {
            assertEquals(0, r.exit(), r.describe());
            String[] lines = r.out().split("\n");
            assertEquals(1, lines.length, r.describe());
            assertTrue(lines[0].startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\""),
                    r.describe());
        }
        assertTrue(first.cli().stream().anyMatch(r -> r.stderr().contains(BUILD)), "no first launch built");
        long withoutRecord = first.cli().stream().filter(r -> r.stderr().contains(BUILD)).count()
                + first.mcp().stream().filter(r -> r.stderr().contains(BUILD)).count();
        assertTrue(withoutRecord >= 2, "the first launches did not meet at the build lock: " + withoutRecord);

        // Nothing changed since: the next launch starts java directly, and prints what JBang prints.
        Path root = RepoRoot.find();
        Path script = root.resolve("prdiff.java");
        Proc.Result fast = Wrapper.run(root, script, List.of("-C", repo.toString(), "-v", "HEAD~1...HEAD",
                "--files-only"), first.env(), null);
        assertEquals(0, fast.exit(), fast.describe());
        assertTrue(fast.stderr().startsWith(FAST), "expected the fast path: " + fast.stderr());
        assertFalse(fast.stderr().contains("[jbang]"), "JBang ran: " + fast.stderr());

        Map<String, String> viaJBang = new HashMap<>(first.env());
        viaJBang.put("PRDIFF_FAST_LAUNCH", "0");
        viaJBang.remove("PRDIFF_LAUNCH_DEBUG");
        Map<String, String> quietFast = new HashMap<>(first.env());
        quietFast.remove("PRDIFF_LAUNCH_DEBUG");
        for (List<String> args : List.of(
                List.of("-C", repo.toString(), "HEAD~1...HEAD", "--files-only"),
                List.of("-C", repo.toString(), "HEAD~1...HEAD"),
                List.of("-C", repo.toString(), "no-such-revision...HEAD"))) {
            Proc.Result jbang = Wrapper.run(root, script, args, viaJBang, null);
            Proc.Result direct = Wrapper.run(root, script, args, quietFast, null);
            assertEquals(jbang.exit(), direct.exit(), args + "\n" + direct.describe());
            assertArrayEquals(jbang.stdout(), direct.stdout(), args.toString());
            assertEquals(jbang.stderr(), direct.stderr(), args.toString());
        }
    }
}
