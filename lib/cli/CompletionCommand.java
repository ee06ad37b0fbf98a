package dev.prdiff.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;

/** generate-completion as picocli's AutoComplete.GenerateCompletion declares it, without its annotations. */
final class CompletionCommand implements Runnable {
    final CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name("generate-completion")
            .version("generate-completion " + CommandLine.VERSION).helpCommand(true);

    CompletionCommand() {
        spec.usageMessage().optionListHeading("Options:%n").description(
                "Generate bash/zsh completion script for ${ROOT-COMMAND-NAME:-the root command of this command}.",
                "Run the following command to give `${ROOT-COMMAND-NAME:-$PARENTCOMMAND}` TAB completion in the"
                        + " current shell:",
                "",
                "  source <(${PARENT-COMMAND-FULL-NAME:-$PARENTCOMMAND} ${COMMAND-NAME})",
                "");
        Usage.standardHelpOptions(spec);
    }

    /** Run by picocli as a help command. */
    @Override
    public void run() {
        // not println: a script with Windows line ends fails in odd ways (as picocli's own says)
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash(spec.root().name(), spec.root().commandLine()));
        out.print('\n');
        out.flush();
    }
}
