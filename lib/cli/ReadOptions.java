package dev.prdiff.cli;

import dev.prdiff.app.CommitReads;
import dev.prdiff.git.Session;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The options show and grep share, a picocli mixin added after each one's own options. grep has no -C DIR of its
 * own: there -C is git grep's context, and the directory is named before the command ({@code prdiff -C DIR grep}).
 */
final class ReadOptions {
    final CommandSpec spec = CommandSpec.create();
    final Value<String> color;
    final Value<Boolean> noPager;
    final Value<Path> dir;
    final Value<Integer> timeoutSeconds;

    /** {@code colorWhat}: what --color's help says it colours; {@code withDir}: the command takes -C DIR itself. */
    ReadOptions(String colorWhat, boolean withDir) {
        color = Value.text(spec, "auto", OptionSpec.builder("--color")
                .paramLabel("WHEN")
                .description(colorWhat + " (default: ${DEFAULT-VALUE})"));
        noPager = Value.flag(spec, OptionSpec.builder("--no-pager")
                .description("In a terminal, write straight to it instead of through the pager"));
        dir = withDir ? Value.path(spec, OptionSpec.builder("-C")
                .paramLabel("DIR")
                .description("Run in this repository instead of the current directory")) : null;
        timeoutSeconds = Value.number(spec, OptionSpec.builder("--timeout")
                .paramLabel("SECONDS")
                .description("Limit for each git call (default: 30)"));
        spec.addOption(Usage.helpOption());
    }

    /** --timeout as given here, else prdiff's own; a usage error unless positive. */
    int timeoutSeconds(CommandLine cli, ReadDefaults defaults) {
        Integer own = timeoutSeconds.value();
        int seconds = own != null ? own : defaults.timeoutSeconds();
        if (seconds <= 0) {
            throw new CommandLine.ParameterException(cli, "--timeout must be a positive number of seconds");
        }
        return seconds;
    }

    /** Whether the answer is in git's colours: --color as given, auto meaning a terminal. */
    boolean colored(Io io, CommandLine cli) {
        return ColorWhen.colored(color.value(), io.terminal(), cli);
    }

    /** As git show and git grep: a terminal reads through the pager. {@code pagerOff}: prdiff's own --no-pager. */
    void startPager(Io io, Pager pager, boolean pagerOff) {
        if (io.terminal() && !noPager.value() && !pagerOff) {
            pager.start();
        }
    }

    /** Reads at a commit in -C as given here, else prdiff's own, else the current directory. */
    CommitReads open(ReadDefaults defaults, int timeoutSeconds, Session session) {
        Path own = dir == null ? null : dir.value();
        Path where = own != null ? own : defaults.dir() != null ? defaults.dir() : Path.of("");
        return CommitReads.open(session, where, Duration.ofSeconds(timeoutSeconds));
    }

    /** Adds these options to {@code command}'s, after its own. */
    CommandSpec mixInto(CommandSpec command) {
        return command.addMixin("readOptions", spec);
    }
}
