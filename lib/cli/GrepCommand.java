package dev.prdiff.cli;

import dev.prdiff.app.CommitReads;
import dev.prdiff.core.GrepQuery;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** prdiff grep PATTERN [COMMIT] [-- PATHSPEC...]: the matching lines of the files a commit holds, as git grep. */
final class GrepCommand {
    final CommandSpec spec = Usage.command(this, "grep", new String[] {
        "Print the lines of COMMIT's files (default HEAD) matching PATTERN, as",
        "git grep -n PATTERN COMMIT -- PATHSPEC prints them but without 'COMMIT:'",
        "before each name: PATH:LINE:TEXT, PATH-LINE-TEXT for context, -- between",
        "groups, 'Binary file PATH matches'. PATHSPECs and the names shown are",
        "relative to the current folder, as git's are. From git objects alone: the",
        "work tree, the index, your config (grep.*) and attributes play no part.",
        "In a terminal: the commit named once on a first line, git's colours, and",
        "the pager; in a pipe: those lines alone, uncoloured. -C is context here:",
        "name another repository before the command (prdiff -C DIR grep ...).", ""},
            new String[] {"0:some line matched", "1:no line matched (said on stderr), or an error printed as"
                    + " 'prdiff: error [CODE]: ...'", "2:usage error"});
    final Value<List<String>> words = Value.positional(spec, Value.words(), PositionalParamSpec.builder()
            .arity("0..2")
            .paramLabel("[PATTERN [COMMIT]]")
            .hideParamSyntax(true)
            .description("A basic regular expression, as git grep reads one (or see -E, -F), then the commit"
                    + " (default HEAD; hex digits are always an object id)"));
    final Value<String> patternOption = Value.text(spec, null, OptionSpec.builder("-e", "--regexp")
            .paramLabel("PATTERN")
            .description("The pattern, when it starts with - (then the one word is the COMMIT)"));
    final Value<String> sha = Value.text(spec, null, OptionSpec.builder("--sha")
            .paramLabel("COMMIT")
            .description("The commit, instead of the COMMIT argument"));
    final Value<Boolean> lineNumber = Value.flag(spec, OptionSpec.builder("-n", "--line-number")
            .description("Number the lines (always on)"));
    final Value<Boolean> files = Value.flag(spec, OptionSpec.builder("-l", "--files-with-matches", "--name-only")
            .description("Only the names of the files that match"));
    final Value<Boolean> count = Value.flag(spec, OptionSpec.builder("-c", "--count")
            .description("The number of matching lines of each file"));
    final Value<Integer> context = Value.number(spec, OptionSpec.builder("-C", "--context")
            .paramLabel("N")
            .description("N lines of context around each match"));
    final Value<Integer> after = Value.number(spec, OptionSpec.builder("-A", "--after-context")
            .paramLabel("N")
            .description("N lines after each match (wins over -C)"));
    final Value<Integer> before = Value.number(spec, OptionSpec.builder("-B", "--before-context")
            .paramLabel("N")
            .description("N lines before each match (wins over -C)"));
    final Value<Boolean> ignoreCase = Value.flag(spec, OptionSpec.builder("-i", "--ignore-case")
            .description("Ignore case"));
    final Value<Boolean> fixed = Value.flag(spec, OptionSpec.builder("-F", "--fixed-strings")
            .description("PATTERN is text, not a regular expression"));
    final Value<Boolean> extended = Value.flag(spec, OptionSpec.builder("-E", "--extended-regexp")
            .description("PATTERN is an extended regular expression"));
    final Value<Boolean> word = Value.flag(spec, OptionSpec.builder("-w", "--word-regexp")
            .description("Match whole words only"));
    final ReadOptions options = new ReadOptions("auto (in a terminal), always (also --color alone) or never", false);

    GrepCommand() {
        spec.usageMessage().customSynopsis("prdiff grep [-iwEF] [-l | -c] [-C N] [-A N] [-B N] (PATTERN | -e PATTERN)",
                        "            [COMMIT] [--timeout SECONDS] [-- PATHSPEC...]")
                .footerHeading("%nExamples:%n").footer("  prdiff grep TODO                      at HEAD",
                        "  prdiff grep -C 2 -i -F 'a.b(' main -- src docs/guide.md",
                        "  prdiff grep -l TitleSurvey 9c1e2d3 -- ':/pkg'",
                        "  prdiff grep -e --force 9c1e2d3        a pattern that starts with -",
                        "  prdiff -C ../other grep TODO          in another repository");
        options.mixInto(spec);
    }

    /**
     * {@link ExitCode#OK} when a line matched, {@link ExitCode#ERROR} when none did (as git grep), said on stderr.
     * {@code pagerOff}: prdiff's own --no-pager, given before the command.
     */
    int call(Io io, ReadDefaults defaults, Pager pager, boolean pagerOff) throws IOException {
        CommandLine cli = spec.commandLine();
        List<String> given = words.value();
        String pattern = patternOption.value();
        if (pattern == null && given.isEmpty()) {
            throw new CommandLine.ParameterException(cli, "give the pattern: as PATTERN, or with -e PATTERN when it"
                    + " starts with -");
        }
        if (given.size() > (pattern == null ? 2 : 1)) {
            throw new CommandLine.ParameterException(cli, "too many words: " + (pattern == null ? "PATTERN and"
                    + " COMMIT" : "with -e PATTERN, the one word is the COMMIT") + "; paths go after --");
        }
        List<String> revs = pattern == null ? given.subList(1, given.size()) : given;
        if (pattern == null) {
            pattern = given.get(0);
        }
        if (!revs.isEmpty() && sha.value() != null) {
            throw new CommandLine.ParameterException(cli, "name the commit once: as COMMIT or with --sha");
        }
        String rev = !revs.isEmpty() ? revs.get(0) : sha.value() != null ? sha.value() : "HEAD";
        if (files.value() && count.value()) {
            throw new CommandLine.ParameterException(cli, "-l lists the files, -c counts their lines: choose one");
        }
        GrepQuery.Listing listing = files.value() ? GrepQuery.Listing.FILES
                : count.value() ? GrepQuery.Listing.COUNTS : GrepQuery.Listing.LINES;
        int around = lines(cli, "-C", context.value(), 0);
        GrepQuery query = new GrepQuery(pattern, ignoreCase.value(), fixed.value(), extended.value(), word.value(),
                defaults.pathsAfterDashes(), lines(cli, "-B", before.value(), around),
                lines(cli, "-A", after.value(), around), listing);
        boolean colored = options.colored(io, cli);
        int seconds = options.timeoutSeconds(cli, defaults);
        CommitReads reads = options.open(defaults, seconds, io.session().get());
        String commit = reads.commit(rev);
        options.startPager(io, pager, pagerOff);
        if (io.terminal()) {
            String header = "commit " + commit.substring(0, 12);
            io.out().write((colored ? "\u001b[33m" + header + "\u001b[m\n" : header + "\n")
                    .getBytes(StandardCharsets.US_ASCII));
        }
        if (reads.grep(commit, query, true, colored, io.out())) {
            return ExitCode.OK;
        }
        io.err().println("prdiff: no line matches at " + commit.substring(0, 12)
                + (query.paths().isEmpty() ? "" : " in the paths given"));
        return ExitCode.ERROR;
    }

    /**
     * The words with git grep's bare {@code --color} (always) written {@code --color=always}: picocli would
     * take the next word as its value, and in grep every word may be read as an option's value (-e -x).
     * Only the words after the command's name change, never the word after -e.
     */
    static String[] colorAlone(String[] args) {
        String[] words = args.clone();
        int command = List.of(words).indexOf("grep");
        for (int i = command + 1; command >= 0 && i < words.length; i++) {
            if (words[i].equals("-e") || words[i].equals("--regexp")) {
                i++;
            } else if (words[i].equals("--color")) {
                words[i] = "--color=always";
            }
        }
        return words;
    }

    /** A number of context lines as given, else {@code otherwise}; a usage error when negative. */
    private static int lines(CommandLine cli, String option, Integer given, int otherwise) {
        if (given == null) {
            return otherwise;
        }
        if (given < 0 || given > GrepQuery.MAX_CONTEXT) {
            throw new CommandLine.ParameterException(cli, option + " takes 0 to " + GrepQuery.MAX_CONTEXT
                    + " lines, not " + given);
        }
        return given;
    }
}
