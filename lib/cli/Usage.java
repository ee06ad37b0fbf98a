package dev.prdiff.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.LinkedHashMap;
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
}
