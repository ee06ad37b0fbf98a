package dev.prdiff.cli;

import dev.prdiff.core.NearNames;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * prdiff help [TOPIC]: the short page, or one part of the whole one: the targets, a group of options, the exit
 * codes, a command's own page, or all of it (--help-all).
 */
final class HelpCommand {
    /** The option groups by their first option names; output takes every option no other group names. */
    private static final Map<String, List<String>> GROUPS = Map.of(
        "filters", List.of("--file", "--strict", "--include", "--exclude", "--status", "--top", "--skip"),
        "ranges", List.of("--commit", "--base", "--since", "--untracked", "--cached"),
        "pull-requests", List.of("--repo", "--sha", "--base-sha", "--no-fetch", "--since", "--azure", "--iteration",
                "--since-iteration", "--info"),
        "general", List.of("-C", "--quiet", "--verbose", "--timeout", "--no-pager", "--help", "--help-all",
                "--version"));
    static final List<String> TOPICS = List.of("targets", "filters", "output", "ranges", "pull-requests", "general",
            "exit-codes", "show", "grep", "generate-completion", "all");

    final CommandSpec spec = Usage.command(this, "help", new String[] {
        "Show the help on one topic; with none, the short page of prdiff --help.", ""},
            new String[] {"0:success", "2:usage error (an unknown topic)"});
    final Value<String> topic = Value.positional(spec, Value.word(), PositionalParamSpec.builder()
            .arity("0..1")
            .paramLabel("TOPIC")
            .description("One of: " + String.join(", ", TOPICS)));

    HelpCommand() {
        spec.addOption(Usage.helpOption());
    }

    int call(PrintWriter out) {
        CommandLine top = spec.root().commandLine();
        String asked = topic.value();
        if (asked == null) {
            out.print(HelpPages.shortPage(top.getCommandSpec()));
        } else if (asked.equals("all")) {
            top.usage(out);
        } else if (top.getSubcommands().containsKey(asked) && !asked.equals("help")) {
            top.getSubcommands().get(asked).usage(out);
        } else if (asked.equals("help")) {
            spec.commandLine().usage(out);
        } else if (asked.equals("targets")) {
            Help help = top.getHelp();
            out.print(help.synopsis(0) + help.description() + help.parameterList() + help.footerHeading()
                    + help.footer());
        } else if (asked.equals("exit-codes")) {
            Help help = top.getHelp();
            out.print("Exit codes:\n" + help.exitCodeList());
        } else if (GROUPS.containsKey(asked) || asked.equals("output")) {
            Help help = top.getHelp();
            out.print("Options (" + asked + "):\n");
            out.print(help.optionListExcludingGroups(options(top.getCommandSpec(), asked), help.createDefaultLayout(),
                    null, help.createDefaultParamLabelRenderer()));
        } else {
            List<String> near = NearNames.near(asked, TOPICS, 1);
            throw new CommandLine.ParameterException(spec.commandLine(), "no help topic '" + asked + "'"
                    + (near.isEmpty() ? "" : "; did you mean " + near.get(0) + "?")
                    + " Topics: " + String.join(", ", TOPICS));
        }
        out.flush();
        return ExitCode.OK;
    }

    /** A group's options in the order of --help-all; output's are those no other group names. */
    private static List<OptionSpec> options(CommandSpec top, String group) {
        Set<OptionSpec> named = new LinkedHashSet<>();
        GROUPS.values().forEach(names -> names.forEach(n -> named.add(top.findOption(n))));
        List<OptionSpec> chosen = new ArrayList<>();
        for (OptionSpec option : top.options()) {
            boolean inGroup = group.equals("output") ? !named.contains(option)
                    : GROUPS.get(group).stream().anyMatch(n -> top.findOption(n) == option);
            if (inGroup) {
                chosen.add(option);
            }
        }
        return chosen;
    }
}
