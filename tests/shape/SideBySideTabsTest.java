package shape;

import dev.prdiff.shape.SideBySide;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.RenderFixture;
import support.TempRepo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Side by side with tab-indented code: the tab width (--tab-width, else the head commit's .editorconfig for the
 * file, else 4), colour as git colours a diff, and how much of each line a row keeps at 80 and 100 columns
 * against the layout before tab widths (tabs of 8, number fields of at least 4 digits).
 */
@Timeout(120)
class SideBySideTabsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static String range;

    static final String GO = "package survey\n\nfunc TitleSurvey(state *State) error {\n\tif state.Title != \"\" {\n"
            + "\t\tfor attempt := 0; attempt < 3; attempt++ {\n\t\t\treturn fmt.Errorf(\"could not prompt: %w\", err)\n"
            + "\t\t}\n\t}\n\treturn nil\n}\n";
    static final String MAKEFILE = "build:\n\t$(GO) build -o bin/gh ./cmd/gh\n\ntest:\n\t$(GO) test ./... -race\n";

    @BeforeAll
    static void fixture() {
        repo.write(".editorconfig", "root = true\n[*.go]\ntab_width = 2\n")
                .write("pkg/survey/survey.go", GO)
                .write("Makefile", MAKEFILE)
                .write("docs/a/notes.txt", "\tindented\n")
                .write("plain.txt", "\tindented\n")
                .write("other.txt", "\tindented\n");
        base = repo.commit("base");
        repo.checkout("-b", "feature");
        // The head's .editorconfig is the one read: [*.go] becomes 3 here.
        repo.write(".editorconfig", "root = true\n\n# every file\n[*]\nindent_style = space\nindent_size = 2\n\n"
                        + "[*.{go,mod}]\nindent_style = tab\ntab_width = 3\n\n[Makefile]\nindent_size = 6\n\n"
                        + "; folders\n[docs/**.txt]\ntab_width = 5\n\n[other.txt]\nindent_size = unset\n")
                .write("pkg/survey/survey.go", GO.replace("could not prompt", "could not ask").replace("return nil",
                        "return errTitle"))
                .write("Makefile", MAKEFILE.replace("-race", "-race -shuffle=on"))
                .write("docs/a/notes.txt", "\tindented more\n")
                .write("plain.txt", "\tindented more\n")
                .write("other.txt", "\tindented more\n");
        head = repo.commit("head");
        range = base + "..." + head;
    }

    static String sideBySide(String... args) {
        return PrdiffCli.ok(repo.dir(), args).out();
    }

    static String expected(int tabWidth, String path, String... diffArgs) {
        String[] args = new String[diffArgs.length + 2];
        System.arraycopy(diffArgs, 0, args, 0, diffArgs.length);
        args[diffArgs.length] = "--";
        args[diffArgs.length + 1] = path;
        return new String(RenderFixture.whole(o -> new SideBySide(o, 100, tabWidth, false), repo.gitDiff(args)),
                StandardCharsets.UTF_8);
    }

    @Test
    void eachFileTakesItsTabWidthFromTheHeadCommitsEditorConfig() {
        Map<String, Integer> widths = Map.of("pkg/survey/survey.go", 3, "Makefile", 6, "docs/a/notes.txt", 5,
                "plain.txt", 2, "other.txt", 4);
        widths.forEach((path, width) -> assertEquals(expected(width, path, range),
                sideBySide(range, "--side-by-side", "--width", "100", "--", path), path));
        assertTrue(sideBySide(range, "--side-by-side", "--width", "100", "--", "Makefile")
                .contains("5 +      $(GO) test ./... -race -shuffle=on\n"));
        // --tab-width wins over the file
        widths.keySet().forEach(path -> assertEquals(expected(7, path, range),
                sideBySide(range, "--side-by-side", "--width", "100", "--tab-width", "7", "--", path), path));
    }

    @Test
    void theWorkTreesEditorConfigIsNeverRead() throws IOException {
        Path config = repo.dir().resolve(".editorconfig");
        String committed = Files.readString(config);
        Path go = repo.dir().resolve("pkg/survey/survey.go");
        String goAtHead = Files.readString(go);
        try {
            Files.writeString(config, "[*]\ntab_width = 9\n");
            Files.writeString(go, goAtHead.replace("errTitle", "errNoTitle"));
            assertEquals(expected(3, "pkg/survey/survey.go", range),
                    sideBySide(range, "--side-by-side", "--width", "100", "--", "pkg/survey/survey.go"));
            // uncommitted changes from the merge base with main: HEAD's .editorconfig, not the work tree's
            assertEquals(expected(3, "pkg/survey/survey.go", base),
                    sideBySide("--side-by-side", "--width", "100", "--", "pkg/survey/survey.go"));
        } finally {
            Files.writeString(config, committed);
            Files.writeString(go, goAtHead);
        }
    }

    @Test
    void colouredAsGitColoursADiffAndStrippingGivesThePlainRows() {
        String plain = sideBySide(range, "--side-by-side", "--width", "100");
        String colored = sideBySide(range, "--side-by-side", "--width", "100", "--color=always");
        assertEquals(plain, strip(colored));
        String git = new String(repo.gitDiff("--color=always", range), StandardCharsets.UTF_8);
        int headers = 0;
        for (String line : colored.split("\n")) {
            if (line.startsWith("\u001b[1m")) {
                assertTrue(git.contains(line + "\n"), "a header as git colours it: " + line);
                headers++;
            } else if (line.startsWith("\u001b[36m")) {
                // git also wraps the function name after the @@ in its own (plain) colour; that part stays plain
                String range = line.substring(0, line.indexOf("\u001b[m") + 3);
                assertTrue(git.contains("\n" + range), "a hunk header as git colours it: " + line);
                headers++;
            }
        }
        assertTrue(headers > 20, colored);
        // a removed line's text red, an added line's green, each as git colours the line, its tab expanded
        assertTrue(git.contains("\u001b[31m-\t$(GO) test ./... -race\u001b[m\n"), git);
        assertTrue(colored.contains("5 \u001b[31m-      $(GO) test ./... -race\u001b[m"), colored);
        // (git leaves an added line's indentation uncoloured, where it would mark whitespace errors)
        assertTrue(git.contains("\u001b[32m+\u001b[m\t\u001b[32m$(GO) test ./... -race -shuffle=on\u001b[m\n"), git);
        assertTrue(colored.contains("5 \u001b[32m+      $(GO) test ./... -race -shuffle=on\u001b[m\n"), colored);
        // context stays plain
        assertTrue(colored.contains("4  test:"), colored);
        // a byte budget counts no escape sequence: the same files, the same table of contents
        String budgetPlain = sideBySide(range, "--side-by-side", "--width", "100", "--max-bytes", "1200");
        assertTrue(budgetPlain.startsWith("# prdiff: "), budgetPlain);
        assertEquals(budgetPlain, strip(sideBySide(range, "--side-by-side", "--width", "100", "--max-bytes", "1200",
                "--color=always")));
    }

    @Test
    void jsonHoldsNoColour() {
        String envelope = sideBySide(range, "--side-by-side", "--width", "100", "--json", "--color=always");
        assertTrue(envelope.contains("test ./... -race -shuffle=on"), envelope);
        assertFalse(envelope.contains("\\u001b") || envelope.contains("\u001b"), envelope);
    }

    static String strip(String colored) {
        return colored.replaceAll("\u001b\\[[0-9;]*m", "");
    }

    /**
     * Go and a Makefile, tab-indented (a diff git made, kept as a fixture with the rows the layout before tab
     * widths printed at 80 and 100 columns): every row now keeps more of its line's visible characters.
     */
    @Test
    void goAndMakefileRowsKeepMoreOfEachLineThanBefore() throws IOException {
        Path fixtures = Path.of("tests", "fixtures", "side-by-side");
        byte[] diff = Files.readAllBytes(fixtures.resolve("go-and-makefile.diff"));
        for (int width : new int[] {80, 100}) {
            String before = Files.readString(fixtures.resolve("before-" + width + ".txt"));
            String now = new String(RenderFixture.whole(o -> new SideBySide(o, width), diff), StandardCharsets.UTF_8);
            int[] kept = visible(now, width);
            int[] keptBefore = visible(before, width);
            assertEquals(keptBefore[2], kept[2], "the same cells");
            assertTrue(kept[0] > keptBefore[0] && kept[1] < keptBefore[1], width + " columns: " + kept[0]
                    + " visible characters kept (" + kept[1] + " cells cut) against " + keptBefore[0] + " ("
                    + keptBefore[1] + " cut) before");
            System.out.println("side by side at " + width + " columns, Go and Makefile: " + kept[0]
                    + " visible characters kept, " + kept[1] + " of " + kept[2] + " cells cut; before: "
                    + keptBefore[0] + ", " + keptBefore[1] + " cut");
        }
    }

    /** {visible characters of the lines' text kept, cells cut, cells} over the hunk rows. */
    static int[] visible(String rows, int width) {
        int side = (width - 3) / 2;
        int[] totals = new int[3];
        boolean inHunk = false;
        for (String row : rows.split("\n")) {
            if (row.startsWith("diff --git ")) {
                inHunk = false;
            } else if (row.startsWith("@@ ")) {
                inHunk = true;
            } else if (inHunk) {
                count(row.substring(0, side), totals);
                count(row.length() > side + 3 ? row.substring(side + 3) : "", totals);
            }
        }
        return totals;
    }

    /** A cell: the number, a space, the line's mark, its text maybe cut with an ellipsis. */
    private static void count(String cell, int[] totals) {
        String s = cell.stripLeading();
        if (s.isEmpty()) {
            return;
        }
        totals[2]++;
        String text = s.substring(s.indexOf(' ') + 2);
        if (text.endsWith("\u2026")) {
            totals[1]++;
            text = text.substring(0, text.length() - 1);
        }
        totals[0] += (int) text.codePoints().filter(c -> !Character.isWhitespace(c)).count();
    }
}
