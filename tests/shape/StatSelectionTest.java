package shape;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --stat with a selection (--file, --include, --exclude, --status, --top, --skip): git's own git diff --stat over
 * the selected files' literal pathspecs, both names of a rename, byte for byte; and git's glob pathspecs and
 * --diff-filter agree where they select the same files.
 */
@support.Parallel
class StatSelectionTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static String range;

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
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(ok(all.toArray(String[]::new)).stdout());
    }

    /** git diff --stat for the files prdiff --files-only lists with the same selection. */
    static byte[] gitStatOfListed(String... selection) throws Exception {
        List<String> args = new ArrayList<>(List.of(selection));
        args.add(0, range);
        JsonNode list = list(args.toArray(String[]::new));
        List<String> git = new ArrayList<>(List.of("--stat", range, "--"));
        for (JsonNode f : list.get("files")) {
            git.add(":(literal)" + f.get("path").asText());
            if (f.hasNonNull("previous_path")) {
                git.add(":(literal)" + f.get("previous_path").asText());
            }
        }
        return git.size() == 3 ? new byte[0] : repo.gitDiff(git.toArray(String[]::new));
    }

    static byte[] stat(String... selection) {
        List<String> args = new ArrayList<>(List.of(range, "--stat"));
        args.addAll(List.of(selection));
        return ok(args.toArray(String[]::new)).stdout();
    }

    @Test
    void everySelectionIsGitsStatOfItsFiles() throws Exception {
        List<String[]> selections = List.of(
                new String[] {"--include", "*.ts"},
                new String[] {"--include", "**/*.txt", "--exclude", "added/**"},
                new String[] {"--status", "renamed"},
                new String[] {"--status", "added,deleted"},
                new String[] {"--top", "3"},
                new String[] {"--skip", "4", "--top", "5"},
                new String[] {"--status", "modified", "--skip", "1"},
                new String[] {"--file", "new name.txt"},
                new String[] {"--file", "lib"},
                new String[] {"--include", "nothing-matches-this"});
        for (String[] selection : selections) {
            byte[] expected = gitStatOfListed(selection);
            assertArrayEquals(expected, stat(selection), String.join(" ", selection));
        }
    }

    @Test
    void globsAndStatusesAreGitsOwnPathspecsAndDiffFilter() {
        assertArrayEquals(repo.gitDiff("--stat", range, "--", ":(glob)**/*.ts"), stat("--include", "**/*.ts"));
        assertArrayEquals(repo.gitDiff("--stat", "--diff-filter=AD", range), stat("--status", "added,deleted"));
        assertArrayEquals(repo.gitDiff("--stat", "--diff-filter=R", range), stat("--status", "renamed"));
        assertArrayEquals(repo.gitDiff("--stat", range, "--", "lib"), stat("--file", "lib"));
    }

    @Test
    void aRenameSelectedByOneNameKeepsBothInTheStat() {
        String out = new String(stat("--file", "old name.txt"), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(out.contains("old name.txt => new name.txt"), out);
        assertTrue(out.contains(" 1 file changed"), out);
        Proc.Result filtered = run(range, "--stat", "--include", "*.ts");
        assertEquals(0, filtered.exit(), filtered.stderr());
    }
}
