package cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.find;

/** The CLI on local history, every expectation taken from git's own output for the same objects. */
@support.Parallel
class CliLocalTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static String dir;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        dir = repo.dir().toString();
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(java.nio.file.Path.of(dir), args);
    }

    @Test
    void threeDotRangeIsByteIdenticalToGit() {
        repo.checkout("main");
        repo.write("main-only.txt", "diverged\n");
        String mainTip = repo.commit("main moves on");
        repo.checkout("feature");
        assertArrayEquals(repo.gitDiff("main...feature"), ok("main...feature").stdout());
        assertArrayEquals(repo.gitDiff(base + "..." + head), ok(base + "..." + head).stdout());
        assertFalse(ok("main...feature").out().contains("main-only.txt"));
        repo.git("branch", "-f", "main", base);
        assertTrue(mainTip.length() == 40);
    }

    @Test
    void twoDotRangeIsByteIdenticalToGit() {
        assertArrayEquals(repo.gitDiff(head + ".." + base), ok(head + ".." + base).stdout());
        assertArrayEquals(repo.gitDiff(base + ".." + head), ok(base + ".." + head).stdout());
    }

    @Test
    void commitIsItsDiffAgainstTheFirstParent() {
        assertArrayEquals(repo.gitDiff(head + "^1", head), ok("--commit", head).stdout());
    }

    @Test
    void commitFileListNamesTheCommitOnceAndTheRevisionItCameFrom() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertEquals("commit " + head, json.readTree(ok("--commit", head, "--files-only").stdout()).get("range").asText());
        assertEquals("HEAD (commit " + repo.text("rev-parse", "HEAD").trim() + ")",
                json.readTree(ok("--commit", "HEAD", "--files-only").stdout()).get("range").asText());
    }

    @Test
    void rootCommitIsDiffedAgainstTheEmptyTree() {
        String emptyTree = repo.text("hash-object", "-t", "tree", "/dev/null").trim();
        Proc.Result r = ok("--commit", base);
        assertArrayEquals(repo.gitDiff(emptyTree, base), r.stdout());
        assertTrue(r.out().contains("new file mode"));
    }

    @Test
    void fileSelectsExactPathsNotBasenames() {
        String range = base + "..." + head;
        byte[] a = ok(range, "--file", "lib/a/index.ts").stdout();
        assertArrayEquals(repo.gitDiff(range, "--", "lib/a/index.ts"), a);
        assertFalse(new String(a, StandardCharsets.UTF_8).contains("lib/b/index.ts"));
        assertEquals(0, ok(range, "--file", "index.ts").stdout().length, "a basename must not match");
        assertEquals(0, ok(range, "--file", "lib/*/index.ts").stdout().length, "a glob must not match");
    }

    @Test
    void severalFilesCommaSeparatedOrRepeatedComeInDiffOrder() {
        String range = base + "..." + head;
        byte[] both = ok(range, "--file", "lib/b/index.ts,lib/a/index.ts").stdout();
        assertArrayEquals(repo.gitDiff(range, "--", "lib/a/index.ts", "lib/b/index.ts"), both);
        assertArrayEquals(both, ok(range, "--file", "lib/a/index.ts", "--file", "lib/b/index.ts").stdout());
    }

    @Test
    void aRenamedFileIsFoundByEitherNameWithItsFullDiffBytes() {
        String range = base + "..." + head;
        byte[] full = ok(range).stdout();
        FileSection renamed = DiffParser.parseAll(full).stream()
                .filter(s -> "elsewhere/plain renamed.txt".equals(s.newPath())).findFirst().orElseThrow();
        assertArrayEquals(renamed.bytes(), ok(range, "--file", "elsewhere/plain renamed.txt").stdout());
        assertArrayEquals(renamed.bytes(), ok(range, "--file", "moved/plain.txt").stdout());
        assertTrue(new String(renamed.bytes(), StandardCharsets.UTF_8).contains("rename from moved/plain.txt"));
    }

    @Test
    void hostileNamesAreSelectedExactly() {
        String range = base + "..." + head;
        for (String name : Fixtures.HOSTILE_NAMES) {
            if (name.contains(",") || name.equals("with space.txt")) {
                continue;
            }
            byte[] expected = repo.gitDiff(range, "--", ":(literal)" + name);
            assertTrue(expected.length > 0, name);
            assertArrayEquals(expected, ok(range, "--file", name).stdout(), name);
        }
    }

    @Test
    void aPathThatMatchesNothingGivesEmptyOutputAndSuccess() {
        Proc.Result r = ok(base + "..." + head, "--file", "no/such/file.txt");
        assertEquals(0, r.stdout().length);
    }

    @Test
    void filesOnlyMatchesNumstatInDiffOrder() throws Exception {
        String range = base + "..." + head;
        JsonNode json = new ObjectMapper().readTree(ok(range, "--files-only").stdout());
        String[] numstat = repo.text("diff", "--numstat", "-z", "-M", range).split("\0");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < numstat.length; i++) {
            String[] c = numstat[i].split("\t", 3);
            String path = c[2].isEmpty() ? numstat[i += 2] : c[2];
            expected.add(path + " " + c[0] + " " + c[1]);
        }
        List<String> actual = new ArrayList<>();
        for (JsonNode f : json.get("files")) {
            boolean binary = f.path("binary").asBoolean(false);
            actual.add(f.get("path").asText() + " " + (binary ? "- -" : f.get("additions").asLong() + " "
                    + f.get("deletions").asLong()));
        }
        assertEquals(expected, actual);
        assertEquals(head, json.get("head_sha").asText());
        assertEquals(base, json.get("base_sha").asText());
    }

    @Test
    void filesOnlyNamesStatusAndPreviousPath() throws Exception {
        JsonNode files = new ObjectMapper().readTree(ok(base + "..." + head, "--files-only").stdout()).get("files");
        JsonNode renamed = find(files, "new name.txt");
        assertEquals("renamed", renamed.get("status").asText());
        assertEquals("old name.txt", renamed.get("previous_path").asText());
        assertEquals("added", find(files, "added/new.txt").get("status").asText());
        assertEquals("deleted", find(files, "gone.txt").get("status").asText());
        assertEquals("mode-changed", find(files, "mode.sh").get("status").asText());
        assertEquals("modified", find(files, "src/app.ts").get("status").asText());
        assertTrue(find(files, "bin.dat").get("binary").asBoolean());
        assertFalse(find(files, "src/app.ts").has("binary"));
    }

    @Test
    void noTargetOnACleanTreeUsesMainAndSaysSo() {
        repo.checkout("feature");
        Proc.Result r = ok();
        assertArrayEquals(repo.gitDiff("main...HEAD"), r.stdout());
        assertTrue(r.stderr().contains("prdiff: range main...HEAD"), r.stderr());
    }

    @Test
    void baseForcesBaseToHead() {
        Proc.Result r = ok("--base", head + "~1");
        assertArrayEquals(repo.gitDiff(head + "~1...HEAD"), r.stdout());
        assertTrue(r.stderr().contains("range " + head + "~1...HEAD"), r.stderr());
    }

    @Test
    void aDirtyTreeOnTheBaseBranchIsDiffedAgainstHead() {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "one\n");
            r.commit("one");
            r.write("a.txt", "two\n");
            Proc.Result res = PrdiffCli.run("-C", r.dir().toString());
            assertEquals(0, res.exit(), res.stderr());
            assertArrayEquals(r.gitDiff("HEAD"), res.stdout());
            assertTrue(res.stdout().length > 0);
            assertTrue(res.stderr().contains("range main...HEAD (working tree)"), res.stderr());
        }
    }

    @Test
    void noBaseBranchWarnsAndFallsBackToHead() {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "one\n");
            r.commit("one");
            r.git("branch", "-m", "main", "develop");
            Proc.Result res = PrdiffCli.run("-C", r.dir().toString());
            assertEquals(0, res.exit(), res.stderr());
            assertEquals(0, res.stdout().length);
            assertTrue(res.stderr().contains("warning: no base branch found"), res.stderr());
            assertTrue(res.stderr().contains("--base REF"), res.stderr());
            assertTrue(res.stderr().contains("range HEAD (working tree)"), res.stderr());
        }
    }

}
