package dev.prdiff.cli;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;

/**
 * The short help page (prdiff --help: the everyday options and commands, under 60 lines at 80 columns) and the
 * commands list every page shares, each command with a whole sentence. --help-all is picocli's page of every option.
 */
final class HelpPages {
    private HelpPages() {}

    /** A command as the lists name it: its name, its words, one whole sentence. */
    record Command(String name, String words, String sentence) {}

    static final List<Command> COMMANDS = List.of(
        new Command("show", "SHA:PATH", "Print a file or folder as a commit holds it, as git show SHA:PATH does."),
        new Command("grep", "PATTERN", "Print the lines matching PATTERN in the files a commit holds, as git grep"
                + " does."),
        new Command("help", "[TOPIC]", "Show the help on one topic: " + String.join(", ", HelpCommand.TOPICS) + "."),
        new Command("generate-completion", "", "Print the bash and zsh completion script, for the shell to source."));

    /** The commands' names, as they are typed. */
    static List<String> commandNames() {
        return COMMANDS.stream().map(Command::name).toList();
    }

    private static final String[] SHORT = {
        "Usage: prdiff [TARGET] [OPTIONS] [-- PATH...]",
        "       prdiff COMMAND [ARGS...]",
        "Hermetic diffs of pull requests and local git history for agents and reviewers.",
        "",
        "TARGET: A...B (what B changed since it forked from A, as a pull request shows",
        "it), A..B, REV (REV...HEAD), a commit's hex digits (that commit against its",
        "parent) or a pull request (N, #N, OWNER/REPO#N or its URL). With no TARGET:",
        "this branch against its base branch, uncommitted changes included.",
        "",
        "Everyday options:",
        "      --file=PATH[,PATH...]  only these files (also: prdiff TARGET -- PATH...)",
        "      --files-only           the changed files with their line counts",
        "      --stat                 a diffstat, as git diff --stat prints it",
        "      --log                  the range's commits instead of the diff",
        "      --since=SHA            what changed since an earlier head was reviewed",
        "      --sha=SHA              a pull request pinned to head SHA, from git objects",
        "  -U, --unified=N            N lines of context instead of 3",
        "      --max-bytes=N          whole files up to N bytes, then a table of contents",
        "      --side-by-side         old | new columns with line numbers",
        "      --json                 one JSON envelope instead of the diff text",
        "      --untracked            with no TARGET: untracked files included",
        "  -C=DIR                     run in this repository",
        "  -q, --quiet                no notices on stderr (warnings and errors stay)",
        "      --help-all             every option, the exit codes, more examples",
        "",
    };

    private static final String[] EXAMPLES = {
        "",
        "Examples:",
        "  prdiff                        this branch, as its pull request will show it",
        "  prdiff main --stat            what this branch changed since main, as a stat",
        "  prdiff 3f2a9c1                one commit against its first parent",
        "  prdiff 10745                  a pull request, as gh pr diff prints it",
        "  prdiff 10745 --since 9c1e2d3  what changed since head 9c1e2d3 was reviewed",
        "  prdiff show 9c1e2d3:go.mod    a file as commit 9c1e2d3 holds it",
        "",
        "More: prdiff --help-all, or prdiff help TOPIC (prdiff help help lists them).",
        "Exit codes: 0 success, 1 error ('prdiff: error [CODE]: ...'), 2 usage error.",
    };

    /** prdiff --help. */
    static String shortPage(CommandSpec top) {
        StringBuilder page = new StringBuilder();
        for (String line : SHORT) {
            page.append(line).append('\n');
        }
        page.append("Commands:\n").append(commandList(80));
        for (String line : EXAMPLES) {
            page.append(line).append('\n');
        }
        return page.toString();
    }

    /** The commands, each with its words and a whole sentence, wrapped at {@code width} with a hanging indent. */
    static String commandList(int width) {
        int first = 2 + COMMANDS.stream().mapToInt(c -> label(c).length()).max().orElse(0) + 2;
        Help.TextTable table = Help.TextTable.forColumns(Help.defaultColorScheme(Help.Ansi.OFF),
                new Help.Column(first, 2, Help.Column.Overflow.SPAN),
                new Help.Column(Math.max(30, width - first), 1, Help.Column.Overflow.WRAP));
        table.indentWrappedLines = 2;
        for (Command c : COMMANDS) {
            table.addRowValues(label(c), c.sentence());
        }
        return table.toString();
    }

    private static String label(Command c) {
        return c.words().isEmpty() ? c.name() : c.name() + " " + c.words();
    }

    /** picocli's renderer of the commands section, for the pages it prints (--help-all). */
    static CommandLine.IHelpSectionRenderer commandSection() {
        return help -> help.subcommands().isEmpty() ? "" : commandList(help.commandSpec().usageMessage().width());
    }
}
