package cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.Fixtures;
import support.PrdiffCli;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --stat and --files-only at a terminal: the diffstat in git's colours, byte for byte what git diff --stat --color
 * prints, and plain in a pipe; the file list one line per file (git's --name-status letter, --numstat's counts, the
 * path) and --stat's summary line, and JSON in a pipe or with --json.
 */
class TerminalListsCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", Fixtures.lines("a", 300))
                .write("gone.txt", "x\ny\n")
                .write("sized.bin", Fixtures.binary(1))
                .write("mode.sh", "echo\n")
                .write("old/name.txt", Fixtures.lines("moving", 30));
        String base = repo.commit("base");
        repo.write("a.txt", Fixtures.lines("a", 300).replace("a 10\n", "A 10\n") + Fixtures.lines("more", 120))
                .delete("gone.txt")
                .write("sized.bin", Fixtures.binary(3))
                .write("added.txt", "new\n")
                .executable("mode.sh", true)
                .move("old/name.txt", "new/name.txt")
                .write("new/name.txt", Fixtures.lines("moving", 30).replace("moving 3\n", "moved 3\n"));
        range = base + "..." + repo.commit("head");
    }

    record Run(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    static Run run(boolean terminal, String... args) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PRDIFF_PAGER", "");
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PrdiffCli.call(out, new PrintStream(err, true, StandardCharsets.UTF_8), env, terminal,
                all.toArray(String[]::new));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return new Run(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theDiffstatIsColouredAsGitColoursItInATerminalAndPlainInAPipe() {
        byte[] git = repo.gitDiff("--stat=80", "--color=always", range);
        assertTrue(new String(git, StandardCharsets.UTF_8).contains("\u001b[32m"));
        assertArrayEquals(git, run(true, range, "--stat").stdout());
        assertArrayEquals(git, run(false, range, "--stat", "--color=always").stdout());
        assertArrayEquals(repo.gitDiff("--stat=80", range), run(false, range, "--stat").stdout());
        assertArrayEquals(repo.gitDiff("--stat=80", range), run(true, range, "--stat", "--color=never").stdout());
        // a selection's diffstat too
        assertArrayEquals(repo.gitDiff("--stat=80", "--color=always", range, "--", "a.txt", "sized.bin"),
                run(true, range, "--stat", "--", "a.txt", "sized.bin").stdout());
    }

    @Test
    void theFileListIsOneLinePerFileInATerminal() throws Exception {
        String text = run(true, range, "--files-only", "--color=never").out();
        String[] lines = text.split("\n");
        String[] status = repo.text("diff", "--name-status", "-M", range).split("\n");
        String[] numstat = repo.text("diff", "--numstat", "-M", range).split("\n");
        assertEquals(status.length + 1, lines.length, text);
        for (int i = 0; i < status.length; i++) {
            String[] s = status[i].split("\t");
            String[] n = numstat[i].split("\t");
            String counts = n[0].equals("-") ? "Bin" : "+" + n[0] + " -" + n[1];
            String path = s.length == 3 ? "{old => new}/name.txt" : s[1];
            assertEquals(s[0].substring(0, 1) + " " + counts + " " + path, lines[i].replaceAll(" +", " "), text);
        }
        String[] stat = repo.text("diff", "--stat=80", range).split("\n");
        assertEquals(stat[stat.length - 1], lines[lines.length - 1]);
        // columns line up
        assertEquals("M  +121 -1  a.txt", lines[0]);
        assertEquals("A    +1 -0  added.txt", findLine(lines, "added.txt"));
        assertEquals("M  Bin      sized.bin", findLine(lines, "sized.bin"));
        String colored = run(true, range, "--files-only").out();
        assertTrue(colored.contains("M  \u001b[32m+121\u001b[m \u001b[31m-1\u001b[m  a.txt\n"), colored);
        assertTrue(colored.contains("\u001b[32mA\u001b[m    \u001b[32m+1\u001b[m"), colored);
        assertTrue(colored.contains("\u001b[31mD\u001b[m"), colored);
        assertEquals(text, colored.replaceAll("\u001b\\[[0-9;]*m", ""));
        // JSON in a pipe, and with --json at a terminal (indented)
        ObjectMapper json = new ObjectMapper();
        Run pipe = run(false, range, "--files-only");
        Run asked = run(true, range, "--files-only", "--json");
        assertEquals(1, pipe.out().split("\n").length);
        assertTrue(asked.out().split("\n").length > 20, asked.out());
        assertEquals(json.readTree(pipe.stdout()), json.readTree(asked.stdout()));
        assertEquals(json.readTree(pipe.stdout()), json.readTree(run(false, range, "--files-only", "--json").stdout()));
    }

    @Test
    void aPageOfTheFileListSaysSoOnStderr() {
        Run page = run(true, range, "--files-only", "--top", "2", "--color=never");
        assertEquals(3, page.out().split("\n").length, page.out());
        assertTrue(page.stderr().contains("pagination: "), page.stderr());
    }

    private static String findLine(String[] lines, String suffix) {
        for (String line : lines) {
            if (line.endsWith(suffix)) {
                return line;
            }
        }
        return null;
    }
}
