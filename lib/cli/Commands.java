package dev.prdiff.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.PrintWriter;
import java.util.List;

/**
 * prdiff's commands (show, grep, help, generate-completion) as picocli subcommands of the diff. picocli can only
 * call one whose name is among the words, so their models are built only then: about 9 ms of a diff's start.
 */
final class Commands {
    private final ShowCommand show = new ShowCommand();
    private final GrepCommand grep = new GrepCommand();
    private final HelpCommand help = new HelpCommand();

    /** Registers the commands with {@code cli}, before its output and handlers are set, so that they share them. */
    Commands(CommandLine cli) {
        cli.addSubcommand("generate-completion", new CommandLine(new CompletionCommand().spec));
        cli.addSubcommand("show", new CommandLine(show.spec));
        // As git grep -e: the word after -e is the pattern even when it looks like an option (-e -i, -e --sha).
        cli.addSubcommand("grep", new CommandLine(grep.spec).setAllowOptionsAsOptionParameters(true));
        cli.addSubcommand("help", new CommandLine(help.spec));
    }

    /** Whether picocli needs the commands for {@code args}: a word is a command's name, or --help-all lists them. */
    static boolean namedIn(String... args) {
        List<String> names = HelpPages.commandNames();
        for (String arg : args) {
            if (names.contains(arg) || arg.equals("--help-all")) {
                return true;
            }
        }
        return false;
    }

    /** Runs the command {@code sub} names (generate-completion runs as picocli's own, never here). */
    int call(ParseResult sub, PrintWriter out, Io io, ReadDefaults defaults, Pager pager, boolean pagerOff)
            throws Exception {
        if (sub.commandSpec() == help.spec) {
            return help.call(out);
        }
        return sub.commandSpec() == show.spec ? show.call(io, defaults, pager, pagerOff)
                : grep.call(io, defaults, pager, pagerOff);
    }
}
