package cli;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.Proc;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Help fits a screen: --help is a short page of the everyday options and commands, --help-all and prdiff help TOPIC
 * the rest; wrapped lines keep their indent at 80 columns and the commands list has whole sentences.
 */
class HelpCliTest {
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[a-z][a-z-]+|-[A-Za-z])\\b");

    static String ok(String... args) {
        Proc.Result r = PrdiffCli.run(args);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals("", r.stderr());
        return r.out();
    }

    static Set<String> options(String text) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = OPTION.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    void helpIsAShortPageOfEverydayOptionsThatExist() {
        String page = ok("--help");
        List<String> lines = page.lines().toList();
        assertTrue(lines.size() < 60, lines.size() + " lines:\n" + page);
        lines.forEach(line -> assertTrue(line.length() <= 80, line));
        assertEquals(page, ok("-h"));
        assertEquals(page, ok("help"));
        String all = ok("--help-all");
        assertTrue(all.lines().count() > 100);
        for (String option : options(page)) {
            assertTrue(all.contains(option), option + " is on the short page but no option");
        }
        for (String everyday : List.of("--file", "--files-only", "--stat", "--log", "--since", "--help-all")) {
            assertTrue(page.contains(everyday), everyday);
        }
        for (String command : List.of("show SHA:PATH", "grep PATTERN", "help [TOPIC]", "generate-completion")) {
            assertTrue(page.contains("\n  " + command + " "), command);
        }
    }

    @Test
    void wrappedOptionLinesKeepTheirIndent() {
        List<String> lines = ok("--help-all").lines().toList();
        int start = lines.indexOf(lines.stream().filter(l -> l.startsWith("      [TARGET...]")).findFirst().orElseThrow());
        int end = lines.indexOf("Commands:");
        String label = " ".repeat(28);
        for (int i = start + 1; i < end; i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            assertTrue(line.length() <= 80, line);
            boolean descriptionStart = line.startsWith(label) && !line.startsWith(label + " ");
            // A description starts at column 28 only below a label too long to share its line (--status=TYPE...).
            if (descriptionStart) {
                assertTrue(lines.get(i - 1).matches(" {2,6}-.*\\S") && lines.get(i - 1).length() > 28,
                        "a wrapped line lost its indent:\n" + lines.get(i - 1) + "\n" + line);
            } else {
                assertTrue(line.startsWith("  -") || line.startsWith("      -") || line.startsWith(label + "  "),
                        line);
            }
        }
    }

    @Test
    void theCommandsListHasWholeSentences() {
        String all = ok("--help-all");
        String commands = all.substring(all.indexOf("Commands:\n"), all.indexOf("\nExit codes:"));
        String flat = commands.replaceAll("\n {4,}", " ").replaceAll(" +", " ");
        assertTrue(flat.contains("grep PATTERN Print the lines matching PATTERN in the files a commit holds, as git grep"
                + " does.\n"), commands);
        for (String line : flat.lines().skip(1).filter(l -> !l.isBlank()).toList()) {
            assertTrue(line.endsWith("."), "cut mid-sentence: " + line);
        }
    }

    @Test
    void helpTopicsGiveTheRest() {
        Set<String> everyOption = options(ok("--help-all").split("\nCommands:")[0].split("\n      \\[TARGET")[1]);
        Set<String> inGroups = new LinkedHashSet<>();
        for (String group : List.of("filters", "output", "ranges", "pull-requests", "general")) {
            String page = ok("help", group);
            assertTrue(page.startsWith("Options (" + group + "):\n"), page);
            inGroups.addAll(options(page));
        }
        Set<String> missing = new LinkedHashSet<>(everyOption);
        missing.removeAll(inGroups);
        assertEquals(Set.of(), missing, "options in no help topic");
        assertTrue(ok("help", "targets").contains("A...B"));
        assertTrue(ok("help", "exit-codes").contains("141"));
        assertEquals(ok("show", "--help"), ok("help", "show"));
        assertEquals(ok("--help-all"), ok("help", "all"));
        Proc.Result typo = PrdiffCli.run("help", "outptu");
        assertEquals(2, typo.exit());
        assertTrue(typo.stderr().startsWith("prdiff: usage error: no help topic 'outptu'; did you mean output?"),
                typo.stderr());
    }
}
