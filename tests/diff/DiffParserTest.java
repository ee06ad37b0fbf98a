package diff;

import dev.prdiff.diff.ChangeType;
import dev.prdiff.diff.DiffParseException;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.Fixtures;
import support.TempRepo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.find;

/** The parser against git's own output: lossless splitting, paths, change types and counts. */
@support.Parallel
class DiffParserTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-M", "-C", "--binary", "--no-renames", "-B"})
    void splittingThenJoiningGivesBackTheInput(String option) {
        byte[] diff = repo.gitDiff(option, base, head);
        assertArrayEquals(diff, join(diff));
    }

    @Test
    void pathsAndChangeTypesMatchGitsNameStatus() {
        List<FileSection> sections = DiffParser.parseAll(repo.gitDiff("-C", base, head));
        List<String> expected = nameStatus(repo.git("diff", "--name-status", "-z", "-C", base, head));
        List<String> actual = new ArrayList<>();
        for (FileSection s : sections) {
            String status = switch (s.changeType()) {
                case ADDED -> "A";
                case DELETED -> "D";
                case RENAMED -> "R";
                case COPIED -> "C";
                case MODIFIED, MODE_CHANGED -> "M";
            };
            actual.add(status + " " + (s.oldPath() == null ? s.newPath() : s.oldPath())
                    + (s.previousPath() != null ? " -> " + s.newPath() : ""));
        }
        assertEquals(expected, actual);
    }

    @Test
    void countsMatchGitsNumstat() {
        List<FileSection> sections = DiffParser.parseAll(repo.gitDiff("-M", base, head));
        String[] numstat = new String(repo.git("diff", "--numstat", "-z", "-M", base, head), StandardCharsets.UTF_8)
                .split("\0");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < numstat.length; i++) {
            String[] counts = numstat[i].split("\t", 3);
            String path = counts[2].isEmpty() ? numstat[i += 2] : counts[2];
            expected.add(path + " " + counts[0] + " " + counts[1]);
        }
        List<String> actual = new ArrayList<>();
        for (FileSection s : sections) {
            boolean exactRename = s.changeType() == ChangeType.RENAMED && Integer.valueOf(100).equals(s.similarity());
            boolean numstatBinary = s.binary() || (exactRename && s.path().endsWith(".bin"));
            actual.add(s.path() + " " + (numstatBinary ? "- -" : s.additions() + " " + s.deletions()));
        }
        assertEquals(expected, actual);
    }

    @Test
    void eachSectionIsTheBytesGitPrintsForThatFileAlone() {
        for (FileSection s : DiffParser.parseAll(repo.gitDiff("-M", base, head))) {
            List<String> args = new ArrayList<>(List.of("-M", base, head, "--"));
            if (s.oldPath() != null) {
                args.add(":(literal)" + s.oldPath());
            }
            if (s.newPath() != null) {
                args.add(":(literal)" + s.newPath());
            }
            assertEquals(Fixtures.utf8(repo.gitDiff(args.toArray(String[]::new))), Fixtures.utf8(s.bytes()), s.path());
        }
    }

    @Test
    void hostileNamesResolveToTheirExactPaths() {
        List<String> paths = DiffParser.parseAll(repo.gitDiff("-M", base, head)).stream().map(FileSection::path).toList();
        for (String name : Fixtures.HOSTILE_NAMES) {
            String expected = name.equals("with space.txt") ? "with space renamed.txt" : name;
            assertTrue(paths.contains(expected), () -> expected + " not in " + paths);
        }
    }

    @Test
    void sectionsKnowTheirShape() {
        List<FileSection> sections = DiffParser.parseAll(repo.gitDiff("-M", base, head));
        FileSection mode = find(sections, "mode.sh");
        assertEquals(ChangeType.MODE_CHANGED, mode.changeType());
        assertEquals("100644", mode.oldMode());
        assertEquals("100755", mode.newMode());
        assertEquals(ChangeType.MODIFIED, find(sections, "mode-and-content.sh").changeType());
        FileSection empty = find(sections, "added/empty.txt");
        assertEquals(ChangeType.ADDED, empty.changeType());
        assertNull(empty.oldPath());
        assertTrue(find(sections, "bin.dat").binary());
        assertTrue(find(sections, "added/new.bin").binary());
        FileSection exact = find(sections, "renamed/exact.bin");
        assertEquals("exact.bin", exact.previousPath());
        assertEquals(100, exact.similarity());
        assertEquals(ChangeType.RENAMED, find(sections, "elsewhere/plain renamed.txt").changeType());
        assertTrue(Fixtures.utf8(find(sections, "crlf.txt").bytes()).contains("+TWO\r\n"));
        assertTrue(Fixtures.utf8(find(sections, "nonl.txt").bytes()).contains("\\ No newline at end of file"));
    }

    @Test
    void anEmptyFileDeletedHasASectionWithoutHunks() {
        try (TempRepo r = TempRepo.init()) {
            r.write("dir b/empty.txt", "");
            String a = r.commit("a");
            r.delete("dir b/empty.txt");
            String b = r.commit("b");
            FileSection s = DiffParser.parseAll(r.gitDiff(a, b)).get(0);
            assertEquals(ChangeType.DELETED, s.changeType());
            assertEquals("dir b/empty.txt", s.oldPath());
            assertNull(s.newPath());
            assertEquals("100644", s.oldMode());
        }
    }

    @Test
    void gitBinaryPatchesAreKeptWhole() {
        byte[] diff = repo.gitDiff("--binary", base, head);
        FileSection bin = find(DiffParser.parseAll(diff), "bin.dat");
        assertTrue(bin.binary());
        assertTrue(Fixtures.utf8(bin.bytes()).contains("GIT binary patch"));
    }

    @Test
    void bytesThatAreNotUtf8Survive() {
        try (TempRepo r = TempRepo.init()) {
            r.write("latin1.txt", new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
            String a = r.commit("a");
            r.write("latin1.txt", new byte[] {'c', 'a', 'f', (byte) 0xe9, '!', (byte) 0xff, '\n'});
            String b = r.commit("b");
            byte[] diff = r.gitDiff(a, b);
            assertArrayEquals(diff, join(diff));
            assertEquals(1, DiffParser.parseAll(diff).get(0).additions());
        }
    }

    @Test
    void withoutBytesTheParserStillCountsEverything() {
        byte[] diff = repo.gitDiff("-M", base, head);
        DiffParser lean = new DiffParser(new ByteArrayInputStream(diff), false);
        List<FileSection> full = DiffParser.parseAll(diff);
        for (FileSection expected : full) {
            FileSection s = lean.next();
            assertNull(s.bytes());
            assertEquals(expected.path(), s.path());
            assertEquals(expected.additions(), s.additions());
        }
        assertNull(lean.next());
    }

    @Test
    void quotedNamesAreDecoded() {
        String diff = "diff --git \"a/t\\ta\\\"b\\\\c\\303\\274\" \"b/t\\ta\\\"b\\\\c\\303\\274\"\n"
                + "new file mode 100644\n"
                + "index 0000000..e69de29\n";
        FileSection s = DiffParser.parseAll(diff.getBytes(StandardCharsets.UTF_8)).get(0);
        assertEquals("t\ta\"b\\cü", s.newPath());
        assertEquals(ChangeType.ADDED, s.changeType());
    }

    @Test
    void linesAfterTheLastHunkAreKeptInTheirSection() {
        String diff = "junk before\n" + section("x.txt", "@@ -1 +1 @@\n-a\n+b\n") + section("y.txt", "@@ -1,2 +1 @@\n-a\n b");
        byte[] bytes = diff.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(bytes, join(bytes));
        DiffParser p = new DiffParser(new ByteArrayInputStream(bytes));
        assertEquals("x.txt", p.next().path());
        assertEquals("junk before\n", new String(p.preamble(), StandardCharsets.UTF_8));
        FileSection y = p.next();
        assertEquals(1, y.deletions());
        assertFalse(y.bytes()[y.bytes().length - 1] == '\n');
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "3|@@ -1,2 +1,2 @@\n-a\n+b\n",                   // hunk ends early (error names the hunk header line)
        "6|@@ -1 +1 @@\n-a\n+b\n+c\n",                   // more lines than counted
        "3|@@ -1 +1 @@@\n-a\n+b\n",                      // malformed header
        "3|@@ -x +1 @@\n-a\n+b\n",                       // malformed header
        "3|@@ -1,18446744073709551617 +1 @@\n a\n",      // a count past a long (it wrapped around to 1)
        "3|similarity index lots\n",                     // malformed percentage
        "3|what is this\n",                              // unknown header line
        "6|@@ -1 +1 @@\n-a\n+b\nstray text\n",           // junk after a hunk
    })
    void malformedInputNamesTheLine(String row) {
        String[] parts = row.split("\\|", 2);
        String diff = "diff --git a/f.txt b/f.txt\nindex 1111111..2222222 100644\n" + parts[1];
        DiffParseException e = assertThrows(DiffParseException.class,
                () -> DiffParser.parseAll(diff.getBytes(StandardCharsets.UTF_8)));
        assertEquals(Long.parseLong(parts[0]), e.lineNumber(), e.getMessage());
        assertTrue(e.getMessage().startsWith("line " + parts[0] + ": "), e.getMessage());
    }

    static String section(String name, String hunks) {
        return "diff --git a/" + name + " b/" + name + "\nindex 1111111..2222222 100644\n--- a/" + name + "\n+++ b/"
                + name + "\n" + hunks;
    }

    static byte[] join(byte[] diff) {
        DiffParser parser = new DiffParser(new ByteArrayInputStream(diff));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<FileSection> sections = new ArrayList<>();
        for (FileSection s; (s = parser.next()) != null; ) {
            sections.add(s);
        }
        out.writeBytes(parser.preamble());
        sections.forEach(s -> out.writeBytes(s.bytes()));
        return out.toByteArray();
    }

    /** "--name-status -z" records as "X path" or "X old -> new". */
    static List<String> nameStatus(byte[] z) {
        String[] f = new String(z, StandardCharsets.UTF_8).split("\0");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < f.length; i++) {
            char status = f[i].charAt(0);
            if (status == 'R' || status == 'C') {
                out.add(status + " " + f[i + 1] + " -> " + f[i + 2]);
                i += 2;
            } else {
                out.add(status + " " + f[++i]);
            }
        }
        return out;
    }
}
