package cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The output controls of the CLI (filters, pages, --stat, -U) on a repository made by git, every answer checked
 * against git's own: --diff-filter for --status, glob pathspecs for --include and --exclude, git diff --stat and
 * git diff -U N byte for byte.
 */
@support.Parallel
class OutputControlsCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static String range;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
        range = base + "..." + head;
    }

    static Proc.Result run(String... args) {
        return PrdiffCli.in(repo.dir(), args);
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(repo.dir(), args);
    }

    static JsonNode list(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--files-only");
        return JSON.readTree(ok(all.toArray(String[]::new)).stdout());
    }

    /** Each listed file's exact name bytes, in order. */
    static List<String> names(JsonNode list) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : list.get("files")) {
            byte[] bytes = f.has("path_bytes_base64") ? Base64.getDecoder().decode(f.get("path_bytes_base64").asText())
                    : f.get("path").asText().getBytes(StandardCharsets.UTF_8);
            out.add(new String(bytes, StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /** git's --name-only -z for the same range and options, names as bytes. */
    static List<String> gitNames(String... args) {
        List<String> all = new ArrayList<>(List.of("--name-only", "-z"));
        all.addAll(List.of(args));
        String text = new String(repo.gitDiff(all.toArray(String[]::new)), StandardCharsets.ISO_8859_1);
        List<String> out = new ArrayList<>();
        for (String n : text.split("\0")) {
            if (!n.isEmpty()) {
                out.add(n);
            }
        }
        return out;
    }

    @Test
    void statusIsGitsDiffFilter() throws Exception {
        Map<String, String> filters = Map.of("added", "A", "deleted", "D", "modified", "M", "renamed", "R",
                "added,deleted", "AD", "modified,renamed", "MR");
        filters.forEach((status, letters) -> {
            Proc.Result r = ok(range, "--status", status);
            assertArrayEquals(repo.gitDiff("--diff-filter=" + letters, range), r.stdout(), status);
            assertTrue(r.stderr().contains("warning: filter applied (status " + status + "): it removed "), r.stderr());
            try {
                assertEquals(gitNames("--diff-filter=" + letters, range), names(list(range, "--status", status)), status);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        // repeatable, and each listed file has one of the asked-for statuses
        JsonNode twice = list(range, "--status", "added", "--status", "deleted");
        assertEquals(gitNames("--diff-filter=AD", range), names(twice));
        assertFalse(twice.get("files").isEmpty());
    }

    @Test
    void includeAndExcludeAreGlobPathspecs() {
        assertArrayEquals(repo.gitDiff(range, "--", ":(glob)**/*.ts"), ok(range, "--include", "*.ts").stdout());
        assertArrayEquals(repo.gitDiff(range, "--", ":(glob)lib/**", ":(exclude,glob)**/b/**"),
                ok(range, "--include", "lib/**", "--exclude", "**/b/**").stdout());
        assertArrayEquals(repo.gitDiff(range, "--", ":(glob)src/*", ":(glob)**/*.sh"),
                ok(range, "--include", "src/*", "--include", "*.sh").stdout());
        Proc.Result r = ok(range, "--exclude", "*.ts");
        assertArrayEquals(repo.gitDiff(range, "--", ".", ":(exclude,glob)**/*.ts"), r.stdout());
        assertTrue(r.stderr().contains("warning: filter applied (exclude *.ts): it removed 3 of "), r.stderr());
    }

    @Test
    void aRenameMatchesByEitherName() throws Exception {
        JsonNode byOld = list(range, "--include", "moved/**");
        assertEquals(1, byOld.get("files").size(), byOld.toString());
        assertEquals("elsewhere/plain renamed.txt", byOld.get("files").get(0).get("path").asText());
        assertEquals("moved/plain.txt", byOld.get("files").get(0).get("previous_path").asText());
        String diff = ok(range, "--include", "moved").out();
        assertTrue(diff.startsWith("diff --git a/moved/plain.txt b/elsewhere/plain renamed.txt"), diff);
        JsonNode excluded = list(range, "--exclude", "moved/plain.txt");
        assertTrue(names(excluded).stream().noneMatch(n -> n.startsWith("elsewhere/")), excluded.toString());
    }

    @Test
    void anUnknownStatusIsAUsageError() {
        Proc.Result r = run(range, "--status", "added,changed");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().startsWith("prdiff: usage error: ") && r.stderr().contains("'changed'"), r.stderr());
    }

    @Test
    void walkingThePagesGivesEveryFileOnce() throws Exception {
        List<String> all = names(list(range));
        assertTrue(all.size() > 7, all.toString());
        List<String> walked = new ArrayList<>();
        ByteArrayOutputStream diff = new ByteArrayOutputStream();
        int skip = 0;
        int pages = 0;
        while (true) {
            JsonNode page = list(range, "--top", "3", "--skip", String.valueOf(skip));
            JsonNode p = page.get("pagination");
            assertEquals(all.size(), p.get("total").asInt(), page.toString());
            assertEquals(page.get("files").size(), p.get("showing").asInt());
            walked.addAll(names(page));
            Proc.Result text = ok(range, "--top", "3", "--skip", String.valueOf(skip));
            diff.writeBytes(text.stdout());
            assertTrue(text.stderr().contains("prdiff: pagination: " + JSON.writeValueAsString(p)), text.stderr());
            pages++;
            if (!p.get("has_more").asBoolean()) {
                assertFalse(p.has("next_skip"), p.toString());
                break;
            }
            assertEquals(skip + 3, p.get("next_skip").asInt());
            skip = p.get("next_skip").asInt();
        }
        assertEquals(all, walked);
        assertEquals((all.size() + 2) / 3, pages);
        assertArrayEquals(repo.gitDiff(range), diff.toByteArray());
    }

    @Test
    void pagesAreTakenAfterTheFilters() throws Exception {
        List<String> modified = gitNames("--diff-filter=M", range);
        JsonNode first = list(range, "--status", "modified", "--top", "2");
        assertEquals(modified.subList(0, 2), names(first));
        assertEquals(modified.size(), first.get("pagination").get("total").asInt());
        JsonNode rest = list(range, "--status", "modified", "--skip", "2");
        assertEquals(modified.subList(2, modified.size()), names(rest));
        assertFalse(rest.get("pagination").get("has_more").asBoolean());
        JsonNode past = list(range, "--skip", "1000");
        assertEquals(0, past.get("files").size());
        assertEquals(0, past.get("pagination").get("showing").asInt());
        assertEquals(0, ok(range, "--skip", "1000").stdout().length);
        assertEquals(2, run(range, "--top", "0").exit());
    }

    @Test
    void withoutControlsTheListHasNoPagination() throws Exception {
        assertFalse(list(range).has("pagination"));
        assertFalse(ok(range).stderr().contains("pagination"));
    }

    @Test
    void statIsGitsOwnByteForByte() {
        byte[] stat = ok(range, "--stat").stdout();
        assertArrayEquals(repo.gitDiff("--stat", range), stat);
        assertTrue(new String(stat, StandardCharsets.UTF_8).contains(" files changed, "));
        assertArrayEquals(repo.gitDiff("--stat", head + "^1", head), ok("--commit", head, "--stat").stdout());
        assertArrayEquals(repo.gitDiff("--stat", head + ".." + base), ok(head + ".." + base, "--stat").stdout());
        assertEquals(2, run(range, "--stat", "--files-only").exit());
        assertArrayEquals(repo.gitDiff("--stat", range, "--", ":(glob)**/*.ts"), ok(range, "--stat", "--include",
                "**/*.ts").stdout(), "a selection's stat is git's for its files (more in StatSelectionTest)");
    }

    @Test
    void contextLinesAreGitsDashU() {
        for (String n : List.of("0", "1", "7", "20")) {
            assertArrayEquals(repo.gitDiff("-U" + n, range), ok(range, "-U", n).stdout(), n);
        }
        assertArrayEquals(repo.gitDiff("-U0", head + "^1", head), ok("--commit", head, "-U", "0").stdout());
        assertArrayEquals(repo.gitDiff("-U5", range), ok(range, "--unified", "5").stdout());
        assertNotEquals(new String(repo.gitDiff(range), StandardCharsets.UTF_8), ok(range, "-U", "0").out());
        assertArrayEquals(repo.gitDiff("-U1", range, "--", ":(glob)**/*.ts"), ok(range, "-U", "1", "--include", "*.ts").stdout());
        Proc.Result tooMany = run(range, "-U", "21");
        assertEquals(2, tooMany.exit());
        assertTrue(tooMany.stderr().startsWith("prdiff: usage error: context lines must be 0 to 20"), tooMany.stderr());
    }

    @Test
    void aPinnedPullRequestTakesContextLinesAndStatFromObjects() {
        assertArrayEquals(repo.gitDiff("-U0", range), ok("5", "--sha", head, "--base-sha", base, "-U", "0").stdout());
        assertArrayEquals(repo.gitDiff("--stat", range), ok("5", "--sha", head, "--base-sha", base, "--stat").stdout());
        Proc.Result r = ok("5", "--sha", head, "--base-sha", base, "--status", "renamed");
        assertArrayEquals(repo.gitDiff("--diff-filter=R", range), r.stdout());
    }

    @Test
    void theLivePullRequestDiffSaysContextLinesNeedSha() {
        for (String[] args : List.<String[]>of(new String[] {"5", "-U", "1"})) {
            Proc.Result r = run(args);
            assertEquals(1, r.exit(), r.stderr());
            assertTrue(r.stderr().contains("error [INVALID_INPUT]") && r.stderr().contains("--sha"), r.stderr());
        }
    }
}
