package dev.prdiff.cli;

import picocli.CommandLine;

/** --color=WHEN as git reads it: auto (when stdout is a terminal), always or never. */
final class ColorWhen {
    private ColorWhen() {}

    /** Whether to colour; a word other than the three is a usage error of {@code cli}. */
    static boolean colored(String when, boolean terminal, CommandLine cli) {
        return switch (when) {
            case "auto" -> terminal;
            case "always" -> true;
            case "never" -> false;
            default -> throw new CommandLine.ParameterException(cli,
                    "--color must be auto, always or never, not '" + when + "'");
        };
    }
}
