package dev.prdiff.cli;

import dev.prdiff.app.CompletionWords;
import dev.prdiff.app.DiffEnvelope;
import dev.prdiff.app.DiffRequest;
import dev.prdiff.app.Prdiff;
import dev.prdiff.app.RequestRules;
import dev.prdiff.app.Target;
import dev.prdiff.core.FileList;
import dev.prdiff.core.JsonText;
import dev.prdiff.core.JsonValue;
import dev.prdiff.core.NearNames;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.shape.DiffColors;
import dev.prdiff.shape.DiffLayout;
import dev.prdiff.shape.FileFilter;
import dev.prdiff.shape.FileLines;
import dev.prdiff.shape.LogColors;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.SectionLimits;
import dev.prdiff.shape.SideBySide;
import dev.prdiff.shape.StatColors;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** prdiff [TARGET] [OPTIONS] [-- PATHS]: a diff, its files, its stat, its log, or a pull request's metadata. */
final class DiffCommand {
    private final DiffOptions o;
    private final List<String> pathsAfterDashes;
    private final Io io;
    private final Pager pager;
    private final CommandLine self;

    /**
     * @param pathsAfterDashes the paths after {@code --}, as git takes them; split off before picocli parsed the rest
     * @param pager started for an answer that goes to a terminal, unless --no-pager
     */
    DiffCommand(DiffOptions options, List<String> pathsAfterDashes, Io io, Pager pager) {
        this.o = options;
        this.pathsAfterDashes = pathsAfterDashes;
        this.io = io;
        this.pager = pager;
        this.self = options.spec.commandLine();
    }

    int call() throws IOException {
        List<String> target = o.target.value();
        boolean filesOnly = o.filesOnly.value();
        boolean stat = o.stat.value();
        boolean log = o.log.value();
        boolean info = o.info.value();
        if (o.timeoutSeconds.value() <= 0) {
            throw new CommandLine.ParameterException(self, "--timeout must be a positive number of seconds");
        }
        if (target.size() > 1) {
            List<String> commands = NearNames.near(target.get(0), HelpPages.commandNames(), 1, 1);
            if (!commands.isEmpty()) {
                throw new CommandLine.ParameterException(self, "'" + target.get(0) + "' is not a command; did you mean"
                        + " prdiff " + commands.get(0) + " " + String.join(" ", target.subList(1, target.size())) + "?");
            }
            throw new CommandLine.ParameterException(self, "at most one TARGET, got " + target
                    + "; to select files, put them after -- (prdiff " + target.get(0) + " -- "
                    + String.join(" ", target.subList(1, target.size())) + ") or use --file");
        }
        if (o.quiet.value() && o.verbose.value()) {
            throw new CommandLine.ParameterException(self, "-q and -v contradict each other");
        }
        boolean layoutAsked = o.lineNumbers.value() || o.sideBySide.value() || o.width.value() != null
                || o.tabWidth.value() != null;
        boolean limitsAsked = o.maxBytes.value() != null || o.maxLines.value() != null || o.noBinary.value()
                || o.skipGenerated.value();
        try {
            RequestRules.answers(new RequestRules.Asked(info, filesOnly, stat, log, o.json.value(), layoutAsked,
                    limitsAsked, !o.files.value().isEmpty() || !pathsAfterDashes.isEmpty(), o.sha.value() != null,
                    o.since.value() != null || o.sinceIteration.value() != null), RequestRules.Words.CLI);
        } catch (PrdiffException e) {
            throw new CommandLine.ParameterException(self, e.getMessage());
        }
        List<String> selected = new ArrayList<>(o.files.value());
        selected.addAll(pathsAfterDashes);
        Target parsedTarget = Target.parse(target.isEmpty() ? null : target.get(0), o.commit.value(), o.base.value());
        try {
            parsedTarget = RequestRules.workTree(parsedTarget, o.cached.value(), o.untracked.value());
        } catch (PrdiffException e) {
            throw new CommandLine.ParameterException(self, e.getMessage());
        }
        boolean colored = colored() && !o.json.value(); // JSON holds no escape sequences
        DiffLayout layout = layout(colored);
        DiffRequest.Shape shape = shape(layout);
        DiffRequest.Context context = new DiffRequest.Context(o.dir.value(), o.dir.value() != null,
                Duration.ofSeconds(o.timeoutSeconds.value()), io.env(), io.session().get());
        DiffRequest request = new DiffRequest(parsedTarget,
                new DiffRequest.Selection(selected, o.strict.value(), true),
                shape,
                new DiffRequest.Fetch(o.repo.value(), o.sha.value(), o.baseSha.value(), o.noFetch.value(),
                        o.since.value(), o.azure.value(), o.iteration.value(), o.sinceIteration.value()),
                context);
        if (o.completionWords.value() != null) {
            return completionWords(request);
        }
        colored = colored && layout.plain();
        // The notice naming what was diffed is printed when prdiff chose it: no TARGET, or one revision it read.
        Notices notices = new Notices(io.err(), o.quiet.value(), o.verbose.value(),
                parsedTarget instanceof Target.Auto || parsedTarget instanceof Target.Rev);
        if (o.json.value() && !filesOnly) {
            return writeEnvelope(request, notices);
        }
        if (info) {
            JsonValue answer = Prdiff.info(request);
            startPager();
            writeJson(answer);
        } else if (filesOnly) {
            FileList answer = Prdiff.files(request, notices);
            startPager();
            if (io.terminal() && !o.json.value()) {
                io.out().write(FileLines.render(answer.files(), colored));
            } else {
                writeJson(answer);
            }
        } else {
            startPager();
            if (colored && log) {
                LogColors colors = new LogColors(io.out());
                Prdiff.diff(request, colors, notices);
                colors.finish();
            } else if (colored && stat) {
                StatColors colors = new StatColors(io.out());
                Prdiff.diff(request, colors, notices);
                colors.finish();
            } else if (colored) {
                DiffColors colors = new DiffColors(io.out());
                Prdiff.diff(request, colors, notices);
                colors.finish();
            } else {
                Prdiff.diff(request, io.out(), notices);
            }
        }
        return ExitCode.OK;
    }

    /** --color: auto (stdout is a terminal), always or never. */
    private boolean colored() {
        return ColorWhen.colored(o.color.value(), io.terminal(), self);
    }

    /**
     * What the options ask of the answer's shape; a value out of its range (--max-bytes 100, --top 0, --status x,
     * -U 99) is a usage error, as picocli's own checks of an option's value are.
     */
    private DiffRequest.Shape shape(DiffLayout layout) {
        try {
            OutputShape output = new OutputShape(new FileFilter(o.include.value(), o.exclude.value(),
                    FileFilter.statuses(o.status.value())), o.top.value(), o.skip.value(),
                    new SectionLimits(o.maxBytes.value(), o.maxLines.value(), o.noBinary.value(),
                            o.skipGenerated.value(), null, layout));
            return new DiffRequest.Shape(output, o.contextLines.value(), o.stat.value(), o.log.value(), calls());
        } catch (PrdiffException e) {
            throw new CommandLine.ParameterException(self, e.getMessage());
        }
    }

    /** --completion-words refs|paths: the words the completion script offers, one a line (see CompletionCommand). */
    private int completionWords(DiffRequest request) throws IOException {
        List<String> words = switch (o.completionWords.value()) {
            case "refs" -> CompletionWords.refs(request);
            case "paths" -> CompletionWords.changedPaths(request);
            default -> throw new CommandLine.ParameterException(self, "--completion-words takes refs or paths");
        };
        for (String word : words) {
            io.out().write((word + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return ExitCode.OK;
    }

    private void startPager() {
        if (io.terminal() && !o.noPager.value()) {
            pager.start();
        }
    }

    /** --json: the envelope on stdout, also for a failure (success false, the error's code), with the usual exit code. */
    private int writeEnvelope(DiffRequest request, Notices notices) throws IOException {
        List<String> warnings = new ArrayList<>();
        DiffEnvelope envelope;
        int code = ExitCode.OK;
        try {
            envelope = DiffEnvelope.of(request, notices, warnings);
            Long maxBytes = request.shape().output().limits().maxBytes();
            if (maxBytes != null) {
                DiffEnvelope whole = envelope;
                envelope = envelope.within(maxBytes, this::printedSize, request.shape().refetch().list());
                if (envelope != whole) {
                    notices.accept(envelope.warnings().get(envelope.warnings().size() - 1));
                }
            }
        } catch (PrdiffException e) {
            io.err().println("prdiff: error [" + e.code() + "]: " + e.getMessage());
            envelope = DiffEnvelope.failed(request, e, warnings);
            code = ExitCode.ERROR;
        }
        writeJson(envelope);
        return code;
    }

    /** Indented for a person at a terminal, one line for a program reading a pipe. */
    private void writeJson(JsonValue value) throws IOException {
        io.out().write(printed(value));
    }

    private byte[] printed(JsonValue value) {
        String json = io.terminal() ? JsonText.indented(value) : JsonText.compact(value);
        return (json + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private long printedSize(JsonValue value) {
        return printed(value).length;
    }

    /** This command line as it names a follow-up call: what is diffed and how, without filters and limits. */
    private CommandLineCalls calls() {
        List<String> words = new ArrayList<>(List.of("prdiff"));
        if (o.dir.value() != null) {
            words.addAll(List.of("-C", o.dir.value().toString()));
        }
        words.addAll(o.target.value());
        addOption(words, "--commit", o.commit.value());
        addOption(words, "--base", o.base.value());
        addOption(words, "-R", o.repo.value());
        addOption(words, "--azure", o.azure.value());
        addOption(words, "--iteration", o.iteration.value() == null ? null : o.iteration.value().toString());
        addOption(words, "--sha", o.sha.value());
        addOption(words, "--base-sha", o.baseSha.value());
        addOption(words, "-U", o.contextLines.value() == null ? null : o.contextLines.value().toString());
        addOption(words, "--since", o.since.value());
        addOption(words, "--since-iteration",
                o.sinceIteration.value() == null ? null : o.sinceIteration.value().toString());
        if (o.cached.value()) {
            words.add("--cached");
        }
        if (o.untracked.value()) {
            words.add("--untracked");
        }
        if (o.noFetch.value()) {
            words.add("--no-fetch");
        }
        if (o.noBinary.value()) {
            words.add("--no-binary");
        }
        return new CommandLineCalls(words);
    }

    private static void addOption(List<String> words, String name, String value) {
        if (value != null) {
            words.add(name);
            words.add(value);
        }
    }

    /**
     * --line-numbers, --side-by-side, --width and --tab-width, checked: side by side is coloured as the diff is;
     * --line-numbers never is (--color=always with it is a usage error; auto leaves it plain). That they lay out a
     * diff alone is a rule of {@link RequestRules#answers}, and that a width needs side by side one of
     * {@link RequestRules#widthNeedsSideBySide}; the colour rule is the command line's own.
     */
    private DiffLayout layout(boolean colored) {
        boolean sideBySide = o.sideBySide.value();
        Integer width = o.width.value();
        Integer tabWidth = o.tabWidth.value();
        if (!o.lineNumbers.value() && !sideBySide && width == null && tabWidth == null) {
            return DiffLayout.UNIFIED;
        }
        try {
            RequestRules.widthNeedsSideBySide(width != null, tabWidth != null, sideBySide, RequestRules.Words.CLI);
        } catch (PrdiffException e) {
            throw new CommandLine.ParameterException(self, e.getMessage());
        }
        if (!sideBySide && o.color.value().equals("always")) {
            throw new CommandLine.ParameterException(self, "--line-numbers is not coloured: drop --color=always (or"
                    + " use --color=never), or use --side-by-side");
        }
        Integer columns = width;
        if (columns == null && io.terminal()) {
            columns = terminalColumns();
        }
        try {
            return DiffLayout.of(sideBySide ? "side_by_side" : "unified", o.lineNumbers.value(),
                    sideBySide ? columns : null, tabWidth, colored);
        } catch (PrdiffException e) {
            String option = e.getMessage().startsWith("the tab width") ? "--tab-width: " : "--width: ";
            throw new CommandLine.ParameterException(self, option + e.getMessage());
        }
    }

    /** COLUMNS as the shell sets it for a terminal, kept within the side-by-side limits; null when unset or not a number. */
    private Integer terminalColumns() {
        try {
            int columns = Integer.parseInt(io.env().getOrDefault("COLUMNS", "").strip());
            return Math.max(SideBySide.MIN_WIDTH, Math.min(SideBySide.MAX_WIDTH, columns));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
