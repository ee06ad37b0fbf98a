package dev.prdiff.cli;

import dev.prdiff.app.Sessions;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.ProcessStdout;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.exec.Utf8Relaunch;
import dev.prdiff.git.Session;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Supplier;

/** prdiff's command line: the words parsed by picocli, the command they name run, its failures reported on stderr. */
public final class Cli {
    private Cli() {}

    /** The whole process for prdiff.java's main: its exit code, for System.exit. */
    public static int runAsProcess(String... args) {
        CdsTraining.loadJarOf(Cli.class);
        OutputStream stdout = new ProcessStdout();
        PrintStream stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        if (Utf8Relaunch.needed(args)) {
            // Started in a locale that is not UTF-8 with a non-ASCII argument or directory: run again in one.
            OptionalInt code = Utf8Relaunch.run(args);
            if (code.isEmpty()) {
                stderr.println("prdiff: error [INVALID_INPUT]: Java runs in a locale whose charset is "
                        + System.getProperty("sun.jnu.encoding") + ", so non-ASCII arguments and paths arrive mangled;"
                        + " run prdiff through ./jbang, or with LC_ALL=C.UTF-8");
            }
            return code.orElse(ExitCode.ERROR);
        }
        int code;
        try (Sessions.OneCall session = Sessions.oneCall(System.getenv())) {
            // The JVM has a console only when stdin and stdout are both terminals; a pipe on either is no terminal.
            code = run(session, stdout, stderr, System.getenv(), System.console() != null, args);
        }
        CdsRehearsal.runIfTraining(System.getenv());
        return code;
    }

    /**
     * The whole CLI in-process, with the environment git and gh inherit and stdout a terminal or not. {@code session}
     * is the run's, which the caller made from the same environment and closes after; it is asked for only when the
     * call needs git ({@link Sessions#oneCall} makes it then).
     */
    public static int run(Supplier<Session> session, OutputStream stdout, PrintStream err, Map<String, String> env,
            boolean terminal, String... args) {
        WatchedOutput out = new WatchedOutput(stdout);
        Pager pager = new Pager(env, out, err);
        int code = parsedAndCalled(new Io(out, err, env, terminal, session), pager, args);
        pager.close();
        if (out.failure() != null) {
            return writeFailed(out, out.failure(), err);
        }
        try {
            out.flush();
        } catch (IOException e) {
            return writeFailed(out, e, err);
        }
        return code;
    }

    /** The words parsed by picocli, then the command called: usage errors and failures reported on {@code err}. */
    private static int parsedAndCalled(Io io, Pager pager, String... args) {
        List<String> pathsAfterDashes = new ArrayList<>();
        int dashes = List.of(args).indexOf("--");
        if (dashes >= 0) {
            pathsAfterDashes.addAll(List.of(args).subList(dashes + 1, args.length));
            args = List.of(args).subList(0, dashes).toArray(String[]::new);
        }
        args = GrepCommand.colorAlone(args);
        DiffOptions options = new DiffOptions();
        CommandLine cli = new CommandLine(options.spec);
        Commands commands = Commands.namedIn(args) ? new Commands(cli) : null;
        options.spec.usageMessage().sectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
                HelpPages.commandSection());
        // No word is read as @FILE (picocli's default): `--file @/path/to/credentials` would print the file's first
        // line, and a committed file named Override would rewrite `prdiff grep @Override`. picocli expands at the top
        // command; set after the subcommands, it is their setting too.
        cli.setExpandAtFiles(false);
        PrintStream err = io.err();
        cli.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true))
                .setErr(new PrintWriter(err, true))
                .setParameterExceptionHandler((e, a) -> {
                    err.println("prdiff: usage error: " + e.getMessage());
                    List<String> near = e instanceof CommandLine.UnmatchedArgumentException u ? Usage.nearOptions(u)
                            : List.of();
                    if (!near.isEmpty()) {
                        err.println("Did you mean: " + String.join(" or ", near) + "?");
                    }
                    err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more"
                            + " information.");
                    return ExitCode.USAGE;
                })
                .setExecutionExceptionHandler((e, cmd, parsed) -> failed(e, io.out(), err))
                .setExecutionStrategy(parsed -> {
                    Integer helped = CommandLine.executeHelpRequest(parsed);
                    if (helped != null) {
                        return helped;
                    }
                    ParseResult sub = parsed.subcommand();
                    try {
                        if (sub == null && options.help.value()) {
                            cli.getOut().print(HelpPages.shortPage(options.spec));
                            cli.getOut().flush();
                            return ExitCode.OK;
                        }
                        if (sub == null) {
                            try {
                                return new DiffCommand(options, pathsAfterDashes, io, pager).call();
                            } catch (PrdiffException e) {
                                throw Usage.orCommand(e, options.target.value(), HelpPages.commandNames());
                            }
                        }
                        ReadDefaults defaults = new ReadDefaults(options.dir.value(), options.timeoutSeconds.value(),
                                pathsAfterDashes);
                        return commands.call(sub, cli.getOut(), io, defaults, pager, options.noPager.value());
                    } catch (CommandLine.ParameterException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new CommandLine.ExecutionException(cli, String.valueOf(e), e);
                    }
                });
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands Exceptions to the handler above; an Error would end the JVM with a stack trace.
            return failed(Subprocess.outOfMemory("the answer"), io.out(), err);
        }
    }

    /** A call that failed: a failed write (directly, or through a git or gh output pump), a prdiff error, or ours. */
    private static int failed(Exception e, WatchedOutput out, PrintStream err) {
        // However the failed write reached us, it is reported as one, and git has already been killed by the pump.
        if (out.failure() != null) {
            return writeFailed(out, out.failure(), err);
        }
        if (e instanceof PrdiffException p) {
            err.println("prdiff: error [" + p.code() + "]: " + p.getMessage());
            return ExitCode.ERROR;
        }
        err.println("prdiff: error [INTERNAL_ERROR]: " + e);
        return ExitCode.ERROR;
    }

    /**
     * A reader that went away (head, a quit pager) ends prdiff quietly, as SIGPIPE ends git; any other write
     * failure (a full disk) is an error.
     */
    private static int writeFailed(WatchedOutput out, IOException e, PrintStream err) {
        if (readerClosed(e) || out.pagerExited()) {
            return ExitCode.CLOSED_PIPE;
        }
        err.println("prdiff: error [INTERNAL_ERROR]: cannot write output: " + e.getMessage());
        return ExitCode.ERROR;
    }

    /** The JVM ignores SIGPIPE, so a closed pipe arrives as EPIPE, whose only trace is the message. */
    private static boolean readerClosed(IOException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return m.contains("broken pipe") || m.contains("pipe is being closed") || m.contains("pipe has been ended");
    }
}
