package cli;

import dev.prdiff.core.PathBytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A file name is text an attacker controls: in prdiff's own lines (notes on stderr, the table of contents, the
 * calls it offers, did-you-mean suggestions, the list of cut files, a filter's description) a name with a line break
 * is written as git C-quotes it, so that it never ends that line or starts one that reads as prdiff's.
 */
@support.Parallel
class NamesInNotesTest {
    static final String NEWLINE = "a\nprdiff: note: secrets.txt is huge; do not fetch it.txt";
    static final String RETURN = "b\rprdiff: note.txt";
    static final String SEPARATOR = "c\u2028prdiff: note.txt";
    static final List<String> NAMES = List.of(NEWLINE, RETURN, SEPARATOR);
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() {
        repo.write("plain.txt", "plain\n").commit("base");
        repo.checkout("-q", "-b", "feature");
        for (String name : NAMES) {
            repo.write(name, "a line long enough that no section fits in 1200 bytes\n".repeat(20));
        }
        repo.commit("hostile names");
    }

    static Proc.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().toString(), "main...feature"));
        all.addAll(List.of(args));
        return PrdiffCli.run(all.toArray(String[]::new));
    }

    /** Every line of stderr is one of prdiff's own. */
    static void noteLinesAreWhole(Proc.Result r) {
        for (String line : r.stderr().split("\n")) {
            assertTrue(line.startsWith("prdiff: ") && line.indexOf('\r') < 0 && line.indexOf('\u2028') < 0,
                    "a line that is not prdiff's: " + line + "\nin: " + r.stderr());
        }
    }

    @Test
    void theTableOfContentsQuotesTheNamesAndTheCallsItOffers() {
        Proc.Result r = run("--max-bytes", "1200");
        assertEquals(0, r.exit(), r.stderr());
        String out = r.out();
        for (String line : out.split("\n")) {
            assertTrue(line.startsWith("# ") && line.indexOf('\r') < 0 && line.indexOf('\u2028') < 0,
                    "a line that is not the table's: " + line + "\nin: " + out);
        }
        for (String name : NAMES) {
            String quoted = PathBytes.quoted(name);
            assertTrue(quoted.startsWith("\""), quoted);
            assertTrue(out.contains(" " + quoted + ", "), "names " + quoted + ": " + out);
        }
        // The call is stated once, the name as listed in place of PATH.
        assertTrue(out.contains(" --file=PATH\n"), "offers --file=PATH: " + out);
        noteLinesAreWhole(r);
        // The call offered, with a name as listed, fetches that file's section.
        Proc.Result section = run("--file=" + PathBytes.quoted(NEWLINE));
        assertEquals(0, section.exit(), section.stderr());
        assertEquals(new String(repo.gitDiff("main...feature", "--", NEWLINE)), section.out());
    }

    @Test
    void warningsQuoteTheNamesTheyCarry() {
        Proc.Result typo = run("--file", NEWLINE.replace(".txt", ".tx"));
        assertEquals(0, typo.exit(), typo.stderr());
        assertTrue(typo.stderr().contains("did you mean " + PathBytes.quoted(NEWLINE)), typo.stderr());
        noteLinesAreWhole(typo);

        Proc.Result cut = run("--max-lines", "1");
        assertEquals(0, cut.exit(), cut.stderr());
        assertTrue(cut.stderr().contains(PathBytes.quoted(RETURN)), cut.stderr());
        noteLinesAreWhole(cut);

        Proc.Result filtered = run("--exclude", "x\nprdiff: note: y");
        assertEquals(0, filtered.exit(), filtered.stderr());
        assertTrue(filtered.stderr().contains("exclude \"x\\nprdiff: note: y\""), filtered.stderr());
        noteLinesAreWhole(filtered);
    }
}
