package cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A terminal is served as git serves it (colour, a pager, indented JSON) and a pipe gets exactly the bytes it got
 * before; stripping the colour gives back git's own diff.
 */
class TerminalCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static final String RANGE = "main...feature";

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", "one\ntwo\nthree\n");
        repo.commit("one");
        repo.checkout("-b", "feature");
        repo.write("a.txt", "one\n2\nthree\nfour\n").write("b.txt", "new\n");
        repo.commit("two");
    }

    record Run(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    /** In-process, as if stdout were (or were not) a terminal. */
    static Run run(boolean terminal, Map<String, String> extraEnv, String... args) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PAGER");
        env.remove("PRDIFF_PAGER");
        env.putAll(extraEnv);
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PrdiffCli.call(out, new PrintStream(err, true, StandardCharsets.UTF_8), env, terminal,
                all.toArray(String[]::new));
        return new Run(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    static String strip(String colored) {
        return colored.replaceAll("\u001b\\[[0-9;]*m", "");
    }

    @Test
    void aTerminalGetsGitsColoursAndStrippingThemGivesGitsDiff() {
        Run r = run(true, Map.of("PRDIFF_PAGER", ""), RANGE);
        assertEquals(0, r.exit(), r.stderr());
        String git = new String(repo.gitDiff(RANGE), StandardCharsets.UTF_8);
        assertEquals(git, strip(r.out()));
        assertTrue(r.out().contains("\u001b[1mdiff --git a/a.txt b/a.txt\u001b[m\n"), r.out());
        assertTrue(r.out().contains("\u001b[1m+++ b/a.txt\u001b[m\n"), r.out());
        assertTrue(r.out().contains("\u001b[36m@@ -1,3 +1,4 @@\u001b[m\n"), r.out());
        assertTrue(r.out().contains("\u001b[31m-two\u001b[m\n") && r.out().contains("\u001b[32m+2\u001b[m\n"), r.out());
        assertTrue(r.out().contains("\n three\n"), "context stays plain: " + r.out());
    }

    @Test
    void aPipeGetsPlainBytesUnlessColourIsForced() {
        assertArrayEquals(repo.gitDiff(RANGE), run(false, Map.of(), RANGE).stdout());
        Run always = run(false, Map.of(), "--color=always", RANGE);
        assertTrue(always.out().contains("\u001b[32m+2"), always.out());
        assertEquals(new String(repo.gitDiff(RANGE), StandardCharsets.UTF_8), strip(always.out()));
        assertArrayEquals(repo.gitDiff(RANGE), run(true, Map.of("PRDIFF_PAGER", ""), "--color=never", RANGE).stdout());
        Run bad = run(false, Map.of(), "--color=sometimes", RANGE);
        assertEquals(2, bad.exit(), bad.stderr());
    }

    @Test
    void theFileListIsIndentedInATerminalWithJsonAndOneLineInAPipe() throws Exception {
        Run pipe = run(false, Map.of(), "--files-only", RANGE);
        Run tty = run(true, Map.of("PRDIFF_PAGER", ""), "--files-only", "--json", RANGE);
        assertEquals(1, pipe.out().split("\n").length);
        assertTrue(tty.out().split("\n").length > 5, tty.out());
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(pipe.stdout()), json.readTree(tty.stdout()));
    }

    @Test
    void aTerminalsOutputGoesThroughThePagerPrdiffPagerFirst() throws Exception {
        Path paged = TempDirs.file("prdiff-paged-", ".txt");
        try {
            Run r = run(true, Map.of("PRDIFF_PAGER", "cat > '" + paged + "'", "PAGER", "false"), RANGE);
            assertEquals(0, r.exit(), r.stderr());
            assertEquals(0, r.stdout().length, "everything went to the pager");
            assertEquals(new String(repo.gitDiff(RANGE), StandardCharsets.UTF_8), strip(Files.readString(paged)));

            Run fallback = run(true, Map.of("PAGER", "cat > '" + paged + "'; echo LESS=$LESS >> '" + paged + "'"),
                    "--files-only", RANGE);
            assertEquals(0, fallback.exit(), fallback.stderr());
            assertTrue(Files.readString(paged).endsWith(" 2 files changed, 3 insertions(+), 1 deletion(-)\nLESS=FRX\n"),
                    Files.readString(paged));

            Run none = run(true, Map.of("PAGER", "false"), "--no-pager", RANGE);
            assertEquals(new String(repo.gitDiff(RANGE), StandardCharsets.UTF_8), strip(none.out()));
            assertFalse(run(false, Map.of("PRDIFF_PAGER", "false"), RANGE).out().isEmpty(), "no pager for a pipe");
        } finally {
            Files.deleteIfExists(paged);
        }
    }

    /** The real thing: a new JVM whose stdin and stdout are a pseudo-terminal (util-linux script). */
    @Test
    void underAPseudoTerminalTheDiffIsColouredAndPaged() {
        Proc.Result r = underPseudoTerminal(repo.dir(), "sed 's/^/PAGED:/'", "-q", RANGE);
        assertEquals(0, r.exit(), r.stderr() + r.out());
        String screen = r.out().replace("\r\n", "\n");
        assertTrue(screen.contains("PAGED:\u001b[1mdiff --git a/a.txt b/a.txt\u001b[m\n"), screen);
        assertTrue(screen.contains("PAGED:\u001b[32m+new\u001b[m\n"), screen);
    }

    /**
     * A pager that exits before reading everything (PAGER=true, or a person quitting less early) ends prdiff
     * quietly with 141, as a closed pipe does: for a short diff (written when the pager's input is closed) and one
     * larger than the pager's buffer (written while git's output is pumped).
     */
    @Test
    void aPagerThatExitsEarlyIsTheQuiet141() {
        try (TempRepo big = TempRepo.init()) {
            big.write("a.txt", "a\n").commit("base");
            big.checkout("-q", "-b", "feature");
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 100_000; i++) {
                lines.append("line ").append(i).append('\n');
            }
            big.write("big.txt", lines.toString()).commit("big");
            for (Path dir : List.of(repo.dir(), big.dir())) {
                Proc.Result r = underPseudoTerminal(dir, "true", RANGE);
                String screen = r.out().replace("\r\n", "\n");
                assertEquals(141, r.exit(), dir + ": " + screen + r.stderr());
                assertFalse(screen.contains("prdiff:"), screen);
                assertEquals("", r.stderr());
            }
        }
    }

    /** prdiff ARGS in a new JVM run in {@code dir} with a pseudo-terminal for stdin and stdout, and this pager. */
    static Proc.Result underPseudoTerminal(Path dir, String pager, String... args) {
        Proc.Result which = Proc.run(List.of("sh", "-c", "command -v script"), dir, System.getenv(),
                Duration.ofSeconds(10));
        Assumptions.assumeTrue(which.exit() == 0, "no script(1) for a pseudo-terminal");
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "prdiff"));
        argv.addAll(List.of(args));
        StringBuilder command = new StringBuilder();
        for (String a : argv) {
            command.append(" '").append(a.replace("'", "'\\''")).append("'");
        }
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PRDIFF_PAGER", pager);
        env.put("TERM", "dumb");
        return Proc.run(List.of("script", "-qec", command.toString().strip(), "/dev/null"), dir, env,
                Duration.ofSeconds(120));
    }
}
