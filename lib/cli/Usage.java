package dev.prdiff.cli;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.NearNames;
import dev.prdiff.core.PrdiffException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The usage layout every prdiff command shares. */
final class Usage {
    private Usage() {}

    /** A command with prdiff's usage layout: options in the order given, help as wide as the terminal. */
    static CommandSpec command(Object command, String name, String[] description, String[] exitCodes) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
        Map<String, String> codes = new LinkedHashMap<>();
        for (String line : exitCodes) {
            int colon = line.indexOf(':');
            codes.put(line.substring(0, colon), line.substring(colon + 1));
        }
        spec.usageMessage().sortOptions(false).autoWidth(true).description(description)
                .exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
        return spec;
    }

    /** -h/--help and -V/--version, as picocli's mixinStandardHelpOptions adds them (after the command's own). */
    static void standardHelpOptions(CommandSpec spec) {
        spec.addOption(helpOption());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    static OptionSpec helpOption() {
        return OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build();
    }

    /**
     * The options an unknown option was near (--flies-only: --files-only), closest first; else picocli's own
     * suggestions, as for a word that is no option.
     */
    static List<String> nearOptions(CommandLine.UnmatchedArgumentException e) {
        List<String> near = new ArrayList<>();
        for (String word : e.getUnmatched()) {
            if (word.startsWith("--")) {
                String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                for (String option : NearNames.near(name, e.getCommandLine().getCommandSpec().optionsMap().keySet(), 3)) {
                    if (!near.contains(option)) {
                        near.add(option);
                    }
                }
            }
        }
        return near.isEmpty() ? e.getSuggestions() : near;
    }

    /**
     * A lone TARGET that names no ref but is one edit from a command (prdiff shwo) also suggests the command; any
     * other failure is returned as it is.
     */
    static PrdiffException orCommand(PrdiffException e, List<String> target, List<String> commands) {
        if (e.code() != ErrorCode.REF_NOT_FOUND || target.size() != 1) {
            return e;
        }
        List<String> near = NearNames.near(target.get(0), commands, 1, 1);
        if (near.isEmpty()) {
            return e;
        }
        String said = e.getMessage();
        return new PrdiffException(e.code(), said + (said.endsWith("?") || said.endsWith(".") ? " " : ". ")
                + "Or did you mean the command prdiff " + near.get(0) + "?", e.details(), e);
    }
}
