package dev.prdiff.cli;

import dev.prdiff.core.GrepQuery;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** prdiff grep PATTERN --sha SHA [-- PATHS]: the matching lines of the files a commit holds. */
final class GrepCommand {
    final CommandSpec spec = Usage.command(this, "grep", new String[] {
        "Print the lines matching PATTERN in the files a commit holds, with line",
        "numbers, byte for byte as git grep -n PATTERN FULLSHA -- PATHS prints them",
        "in a bare clone: FULLSHA:PATH:LINE:TEXT, or 'Binary file FULLSHA:PATH",
        "matches'. From git objects alone: the work tree, the index, your config",
        "(grep.*) and attributes play no part. PATHS are git pathspecs from the top",
        "of the repository.", ""},
            new String[] {"0:some line matched", "1:no line matched (nothing on stderr, as git grep), or an"
                    + " error printed as 'prdiff: error [CODE]: ...'", "2:usage error"});
    final Value<String> pattern = Value.positional(spec, Value.word(), PositionalParamSpec.builder()
            .arity("0..1")
            .paramLabel("PATTERN")
            .description("A basic regular expression, as git grep reads one (or see -E, -F)"));
    final Value<String> patternOption = Value.text(spec, null, OptionSpec.builder("-e", "--regexp")
            .paramLabel("PATTERN")
            .description("The pattern, when it starts with - (instead of the PATTERN argument)"));
    final Value<String> sha = Value.text(spec, null, OptionSpec.builder("--sha")
            .required(true)
            .paramLabel("SHA")
            .description("The commit to search (as --commit takes it: hex digits are always an object id)"));
    final Value<Boolean> ignoreCase = Value.flag(spec, OptionSpec.builder("-i", "--ignore-case")
            .description("Ignore case"));
    final Value<Boolean> fixed = Value.flag(spec, OptionSpec.builder("-F", "--fixed-strings")
            .description("PATTERN is text, not a regular expression"));
    final Value<Boolean> extended = Value.flag(spec, OptionSpec.builder("-E", "--extended-regexp")
            .description("PATTERN is an extended regular expression"));
    final Value<Boolean> word = Value.flag(spec, OptionSpec.builder("-w", "--word-regexp")
            .description("Match whole words only"));
    final ReadOptions options = new ReadOptions();

    GrepCommand() {
        spec.usageMessage().customSynopsis("prdiff grep [-iwEF] (PATTERN | -e PATTERN) --sha SHA [-C DIR]",
                        "            [--timeout SECONDS] [-- PATHS...]")
                .footerHeading("%nExamples:%n").footer("  prdiff grep TODO --sha 9c1e2d3",
                        "  prdiff grep -i -F 'a.b(' --sha main -- src docs/guide.md",
                        "  prdiff grep -e --force --sha 9c1e2d3     a pattern that starts with -");
        options.mixInto(spec);
    }

    /** {@link ExitCode#OK} when a line matched, {@link ExitCode#ERROR} when none did (as git grep). */
    int call(Io io, ReadDefaults defaults) {
        CommandLine cli = spec.commandLine();
        String given = pattern.value();
        if ((given == null) == (patternOption.value() == null)) {
            throw new CommandLine.ParameterException(cli, "give the pattern once: as PATTERN, or"
                    + " with -e PATTERN when it starts with -");
        }
        GrepQuery query = new GrepQuery(given != null ? given : patternOption.value(), ignoreCase.value(),
                fixed.value(), extended.value(), word.value(), defaults.pathsAfterDashes());
        int seconds = options.timeoutSeconds(cli, defaults);
        return options.open(defaults, seconds, io.session().get()).grep(sha.value(), query, io.out()) ? ExitCode.OK : ExitCode.ERROR;
    }
}
