package dev.prdiff.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * generate-completion as picocli's AutoComplete.GenerateCompletion declares it, without its annotations; after
 * picocli's script of options and commands comes prdiff's own function, which offers ref names for a TARGET and the
 * options that take a revision, and the range's changed paths for --file and after -- (asked of prdiff itself with
 * the hidden --completion-words, in the repository of -C and the range of the TARGET typed so far). bash runs it,
 * and zsh through bashcompinit, which picocli's script loads.
 */
final class CompletionCommand implements Runnable {
    /** The options whose value is a revision, so a ref name. */
    private static final List<String> REVISION_OPTIONS = List.of("--commit", "--base", "--since", "--sha", "--base-sha");

    final CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name("generate-completion")
            .version("generate-completion " + CommandLine.VERSION).helpCommand(true);

    CompletionCommand() {
        spec.usageMessage().optionListHeading("Options:%n").description(
                "Generate bash/zsh completion script for ${ROOT-COMMAND-NAME:-the root command of this command}.",
                "Run the following command to give `${ROOT-COMMAND-NAME:-$PARENTCOMMAND}` TAB completion in the"
                        + " current shell:",
                "",
                "  source <(${PARENT-COMMAND-FULL-NAME:-$PARENTCOMMAND} ${COMMAND-NAME})",
                "",
                "TARGET and --commit, --base, --since, --sha complete to branch and tag names; --file and the",
                "paths after -- to the files the range typed so far changed.");
        Usage.standardHelpOptions(spec);
    }

    /** Run by picocli as a help command. */
    @Override
    public void run() {
        // not println: a script with Windows line ends fails in odd ways (as picocli's own says)
        PrintWriter out = spec.commandLine().getOut();
        CommandLine root = spec.root().commandLine();
        out.print(AutoComplete.bash(spec.root().name(), root));
        out.print(words(spec.root()));
        out.flush();
    }

    /** prdiff's own completion function, registered in place of picocli's, which it calls for everything else. */
    static String words(CommandSpec root) {
        String name = root.name();
        List<String> valued = new ArrayList<>();
        for (OptionSpec option : root.options()) {
            if (option.arity().max() > 0 && !option.hidden() && !option.names()[0].equals("-C")) {
                valued.addAll(List.of(option.names()));
            }
        }
        String commands = String.join(" ", root.subcommands().keySet());
        return """

            # %1$s's own words: ref names for a TARGET and the options that take a revision, the changed paths
            # of the range typed so far for --file and after --; everything else is picocli's function above.
            function _%1$s_words() {
              local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} i word kind="" dashes=0
              local -a where=() target=()
              if [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi
              for ((i = 1; i < COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if [ "$dashes" = 1 ]; then continue; fi
                case "$word" in
                  --) dashes=1 ;;
                  -C) where=(-C "${COMP_WORDS[i+1]}"); i=$((i+1)) ;;
                  %2$s) i=$((i+1)); if [ "${COMP_WORDS[i]}" = "=" ]; then i=$((i+1)); fi ;;
                  -*) ;;
                  *) if [ ${#target[@]} -eq 0 ]; then
                       case " %3$s " in *" $word "*) _complete_%1$s; return $? ;; esac
                       target=("$word")
                     fi ;;
                esac
              done
              case "$prev" in
                --file) kind=paths ;;
                %4$s) kind=refs ;;
                -C|%2$s) _complete_%1$s; return $? ;;
              esac
              if [ -z "$kind" ]; then
                if [ "$dashes" = 1 ]; then kind=paths
                elif [[ "$cur" != -* ]] && [ ${#target[@]} -eq 0 ]; then kind=target
                else _complete_%1$s; return $?; fi
              fi
              local IFS=$'\\n' pre="" rest="" ask=refs
              local -a words
              if [ "$kind" = paths ]; then
                ask=paths
                type compopt &>/dev/null && compopt -o filenames
              else
                target=()
              fi
              if [ "$kind" != paths ] && [[ "$cur" == *..* ]]; then rest="${cur##*..}"; pre="${cur:0:${#cur}-${#rest}}"; fi
              words=($("${COMP_WORDS[0]}" "${where[@]}" "${target[@]}" --completion-words "$ask" 2>/dev/null))
              if [ "$kind" = target ] && [ -z "$pre" ]; then words+=(%3$s); fi
              COMPREPLY=()
              # not compgen -W, which would expand a $ or a ` in a file's name
              for word in "${words[@]}"; do
                if [[ "$word" == "${cur:${#pre}}"* ]]; then COMPREPLY+=("$pre$word"); fi
              done
            }

            complete -F _%1$s_words -o default %1$s
            """.formatted(name, String.join("|", valued), commands, String.join("|", REVISION_OPTIONS));
    }
}
