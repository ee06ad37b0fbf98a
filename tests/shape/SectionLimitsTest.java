package shape;

import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import dev.prdiff.shape.FileFilter;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.Refetch;
import dev.prdiff.shape.SectionLimits;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.PrdiffCli;
import support.DiffSections;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --max-lines, --no-binary and --skip-generated against git's own output: what a limit keeps is git's, whole
 * hunks where one fits; what it leaves out is marked, and the marker's call returns git's section.
 */
@support.Parallel
class SectionLimitsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        StringBuilder many = new StringBuilder();
        for (int i = 1; i <= 60; i++) {
            many.append("line ").append(i).append('\n');
        }
        repo.write("many.txt", many.toString())
                .write("package-lock.json", "{\n}\n")
                .write("web/app.min.js", "a();\n")
                .write("bin.dat", Fixtures.binary(1))
                .write("gone.bin", Fixtures.binary(2));
        String base = repo.commit("base");
        // Five hunks of 7 lines each (3 context, 1 removed, 1 added... as git makes them).
        repo.write("many.txt", many.toString().replace("line 5\n", "five\n").replace("line 17\n", "seventeen\n")
                        .replace("line 29\n", "twenty-nine\n").replace("line 41\n", "forty-one\n")
                        .replace("line 53\n", "fifty-three\n"))
                .write("package-lock.json", "{\n  \"lockfileVersion\": 3\n}\n")
                .write("web/app.min.js", "b();\n")
                .write("bin.dat", Fixtures.binary(3))
                .write("added.bin", Fixtures.binary(4))
                .delete("gone.bin");
        range = base + "..." + repo.commit("head");
    }

    static List<String> hunks(byte[] section) {
        List<String> hunks = new ArrayList<>();
        String text = new String(section, StandardCharsets.UTF_8);
        for (String part : text.split("(?m)^(?=@@ )")) {
            if (part.startsWith("@@ ")) {
                hunks.add(part);
            }
        }
        return hunks;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 8, 15, 16, 30, 35, 1000})
    void maxLinesKeepsWholeHunksAndMarksTheCut(int max) {
        Proc.Result r = PrdiffCli.ok(repo.dir(), range, "--max-lines", String.valueOf(max), "--", "many.txt");
        byte[] git = repo.gitDiff(range, "--", "many.txt");
        String out = r.out();
        List<String> gitHunks = hunks(git);
        int total = gitHunks.stream().mapToInt(h -> h.split("\n").length).sum();
        String marker = out.lines().filter(l -> l.startsWith("# prdiff: cut at ")).findFirst().orElse(null);
        assertEquals(total > max, marker != null, out);
        assertEquals(total > max, r.stderr().contains("warning: --max-lines " + max + " cut 1 files: many.txt"), r.stderr());
        String body = marker == null ? out : out.substring(0, out.indexOf("# prdiff: cut at "));
        String gitText = new String(git, StandardCharsets.UTF_8);
        assertTrue(gitText.startsWith(body), "not a prefix of git's section:\n" + body);
        long shown = body.lines().dropWhile(l -> !l.startsWith("@@ ")).count();
        assertTrue(shown <= max, shown + " lines for --max-lines " + max);
        if (marker != null && max >= gitHunks.get(0).split("\n").length) {
            // The cut falls between hunks: what is shown ends where one of git's hunks ends.
            int whole = 0;
            StringBuilder prefix = new StringBuilder(gitText.substring(0, gitText.indexOf("@@ ")));
            while (prefix.length() < body.length()) {
                prefix.append(gitHunks.get(whole++));
            }
            assertEquals(prefix.toString(), body);
        }
        if (marker != null) {
            String call = marker.substring(marker.indexOf("all of it: ") + "all of it: ".length());
            List<String> words = DiffSections.shellWords(call);
            Proc.Result again = PrdiffCli.run(words.subList(1, words.size()).toArray(String[]::new));
            assertEquals(gitText, again.out(), call);
        }
    }

    @Test
    void skipGeneratedKeepsTheHeaderAndMarksTheChanges() {
        Proc.Result r = PrdiffCli.ok(repo.dir(), range, "--skip-generated");
        String out = r.out();
        for (String generated : List.of("package-lock.json", "web/app.min.js")) {
            String git = new String(repo.gitDiff(range, "--", generated), StandardCharsets.UTF_8);
            String header = git.substring(0, git.indexOf("@@ "));
            int at = out.indexOf(header);
            assertTrue(at >= 0, "no header of " + generated + " in\n" + out);
            String after = out.substring(at + header.length());
            String marker = after.substring(0, after.indexOf('\n'));
            assertTrue(marker.startsWith("# prdiff: generated file: its changes (+"), marker);
            String call = marker.substring(marker.indexOf("to see them: ") + "to see them: ".length());
            List<String> words = DiffSections.shellWords(call);
            assertEquals(git, PrdiffCli.run(words.subList(1, words.size()).toArray(String[]::new)).out(), call);
        }
        assertTrue(out.contains("five"), "an ordinary file is untouched");
        assertTrue(r.stderr().contains("the changes of 2 generated files"), r.stderr());
        assertEquals(new String(repo.gitDiff(range), StandardCharsets.UTF_8), PrdiffCli.ok(repo.dir(), range).out());
    }

    /**
     * git diff --binary, trimmed: each binary section becomes what git prints without --binary (with the full
     * index line --binary implies for binary files), and every other section is untouched.
     */
    @Test
    void noBinaryTurnsBinaryPatchesIntoGitsOwnLine() throws Exception {
        byte[] patches = repo.gitDiff("--binary", range);
        OutputShape shape = new OutputShape(FileFilter.NONE, null, 0, new SectionLimits(null, null, true, false, null));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        shape.copy(new ByteArrayInputStream(patches), out, s -> true, Refetch.PLAIN);
        List<FileSection> before = DiffParser.parseAll(patches);
        List<FileSection> after = DiffParser.parseAll(out.toByteArray());
        List<FileSection> plain = DiffParser.parseAll(repo.gitDiff("--full-index", range));
        assertEquals(before.size(), after.size());
        int binaries = 0;
        for (int i = 0; i < before.size(); i++) {
            String was = new String(before.get(i).bytes(), StandardCharsets.ISO_8859_1);
            String now = new String(after.get(i).bytes(), StandardCharsets.ISO_8859_1);
            if (was.contains("GIT binary patch")) {
                binaries++;
                assertEquals(new String(plain.get(i).bytes(), StandardCharsets.ISO_8859_1), now);
            } else {
                assertEquals(was, now);
            }
        }
        assertEquals(2, binaries, "the fixture's binary changes: one modified, one renamed with edits");
    }

    @Test
    void limitsShapeADiffNotAFileList() {
        Proc.Result r = PrdiffCli.in(repo.dir(), range, "--files-only", "--max-lines", "3");
        assertEquals(2, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("shape a diff"), r.stderr());
        Proc.Result tiny = PrdiffCli.in(repo.dir(), range, "--max-bytes", "10");
        assertEquals(2, tiny.exit(), "a value out of range is a usage error");
        assertTrue(tiny.stderr().contains("usage error: max bytes must be 512 to"), tiny.stderr());
    }
}
