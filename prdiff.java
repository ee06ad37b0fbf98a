///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
// stringConcat=inline: a + b as StringBuilder code. javac's default spins classes at each first use that JDK 17's
// CDS archives never keep, about 16 ms of every start.
//JAVAC_OPTIONS -encoding UTF-8 -XDstringConcat=inline
// picocli.disable.closures: picocli looks for Groovy closures in every annotation otherwise; prdiff has none.
//RUNTIME_OPTIONS -Dfile.encoding=UTF-8 -Dpicocli.disable.closures=true
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DESCRIPTION Hermetic pull-request and git diffs: whole, per file, or as a JSON file list
//SOURCES lib/Sources.java

import dev.prdiff.app.CdsRehearsal;
import dev.prdiff.app.CommandLineCalls;
import dev.prdiff.app.DiffEnvelope;
import dev.prdiff.app.DiffRequest;
import dev.prdiff.app.Prdiff;
import dev.prdiff.app.Target;
import dev.prdiff.core.CdsTraining;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.core.Version;
import dev.prdiff.exec.DirectStdout;
import dev.prdiff.exec.ProcessStdout;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.exec.Utf8Relaunch;
import dev.prdiff.git.CommitReads;
import dev.prdiff.git.Git;
import dev.prdiff.git.GrepQuery;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.shape.DiffColors;
import dev.prdiff.shape.DiffLayout;
import dev.prdiff.shape.FileFilter;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.SectionLimits;
import dev.prdiff.shape.SideBySide;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

class prdiff implements Callable<Integer> {
    static final int OK = 0;
    static final int ERROR = 1;
    static final int USAGE = 2;
    /** What a shell reports for git killed by SIGPIPE (128 + 13), so `set -o pipefail` scripts see the same. */
    static final int CLOSED_PIPE = 141;

    private static final String[] DESCRIPTION = {
        "Hermetic diffs of pull requests and local git history for agents and reviewers.",
        "",
        "TARGET is one of:",
        "  A...B   what B changed since it forked from A (diffed from their merge base),",
        "          as a pull request shows it",
        "  A..B    tree A against tree B: also undoes what A has that B lacks",
        "  REV     a branch, tag or HEAD~3: REV...HEAD; 4 to 64 hex digits are one",
        "          commit against its first parent (as --commit REV)",
        "  N, #N, OWNER/REPO#N, [https://]HOST/OWNER/REPO/pull/N: a pull request",
        "With no TARGET: HEAD against the branch's upstream or the remote's default",
        "branch (origin/HEAD, origin/main, master or trunk, else the local one), from",
        "the merge base, uncommitted changes included; the range is named on stderr.",
        "The words show and grep are commands (prdiff show --help), never a TARGET:",
        "to diff a branch named show, write prdiff refs/heads/show or show...HEAD.",
        ""};
    private static final String[] EXAMPLES = {
        "  prdiff                          this branch, as its pull request will show it",
        "  prdiff main                     main...HEAD",
        "  prdiff main...feature --files-only    the changed files as JSON",
        "  prdiff main...feature -- go.mod pkg/api    one file, one directory",
        "  prdiff 3f2a9c1                  one commit against its first parent",
        "  prdiff 10745                    a pull request, as gh pr diff prints it",
        "  prdiff cli/cli#10745 --file go.mod    one file of a pull request",
        "  prdiff 10745 --sha 9c1e2d3      the pull request pinned to head 9c1e2d3",
        "  prdiff 10745 --since 9c1e2d3    what changed since head 9c1e2d3 was reviewed",
        "  prdiff main...feature --log     the range's commits",
        "  prdiff show 9c1e2d3:go.mod      a file as commit 9c1e2d3 holds it",
        "  prdiff grep TODO --sha 9c1e2d3 -- pkg    matching lines at that commit",
        "",
        "Shell completion (bash, zsh): source <(prdiff generate-completion)"};
    private static final String[] EXIT_CODES = {
        "0:success, also when a --file matched nothing (a warning says so; see --strict)",
        "1:error, printed as 'prdiff: error [CODE]: message'; discard stdout",
        "2:usage error",
        "141:the reader closed stdout early (as git: 128 + SIGPIPE); no error printed"};

    // The TARGET and the options, in the order of --help; commandLine() names each one's field and describes it.
    List<String> target = new ArrayList<>();
    List<String> files = new ArrayList<>();
    boolean strict;
    boolean filesOnly;
    boolean json;
    List<String> include = new ArrayList<>();
    List<String> exclude = new ArrayList<>();
    List<String> status = new ArrayList<>();
    Integer top;
    int skip;
    boolean stat;
    boolean log;
    String since;
    Integer contextLines;
    Long maxBytes;
    Integer maxLines;
    boolean noBinary;
    boolean skipGenerated;
    boolean lineNumbers;
    boolean sideBySide;
    Integer width;
    String commit;
    String base;
    boolean untracked;
    boolean cached;
    Path dir;
    boolean quiet;
    boolean verbose;
    String color = "auto";
    boolean noPager;
    int timeoutSeconds = 30;
    String repo;
    String sha;
    String baseSha;
    boolean noFetch;
    boolean info;

    /** The paths after {@code --}, as git takes them; split off before picocli parses the rest. */
    List<String> pathsAfterDashes = new ArrayList<>();

    /** This command's command line, for its usage errors. */
    CommandLine self;

    /** The TARGET as read, once call() has read it. */
    Target parsedTarget;

    final WatchedOutput out;
    final PrintStream err;
    final Map<String, String> env;
    /** Whether stdout is a terminal: then colour (--color=auto), a pager and indented JSON. */
    final boolean terminal;
    /** The pager prdiff's stdout goes through, once started. */
    private Process pager;

    prdiff(WatchedOutput out, PrintStream err, Map<String, String> env, boolean terminal) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.terminal = terminal;
    }

    public static void main(String... args) {
        CdsTraining.loadJarOf(prdiff.class);
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
            System.exit(code.orElse(ERROR));
        }
        // The JVM has a console only when stdin and stdout are both terminals; a pipe on either is no terminal.
        int code = run(stdout, stderr, System.getenv(), System.console() != null, args);
        CdsRehearsal.runIfTraining(System.getenv(), (env, rehearsed) -> run(OutputStream.nullOutputStream(),
                new PrintStream(OutputStream.nullOutputStream()), env, rehearsed));
        System.exit(code);
    }

    /** The whole CLI without System.exit: tests call this in-process. */
    static int run(OutputStream out, PrintStream err, String... args) {
        return run(out, err, System.getenv(), args);
    }

    /** As {@link #run(OutputStream, PrintStream, String...)}, with the environment git and gh inherit. */
    static int run(OutputStream stdout, PrintStream err, Map<String, String> env, String... args) {
        return run(stdout, err, env, false, args);
    }

    /** As {@link #run(OutputStream, PrintStream, Map, String...)}, with stdout a terminal or not. */
    static int run(OutputStream stdout, PrintStream err, Map<String, String> env, boolean terminal, String... args) {
        WatchedOutput out = new WatchedOutput(stdout);
        prdiff command = new prdiff(out, err, env, terminal);
        int code = parsedAndCalled(command, args);
        command.closePager();
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
    private static int parsedAndCalled(prdiff command, String... args) {
        WatchedOutput out = command.out;
        PrintStream err = command.err;
        CommandLine cli = commandLine(command)
                .setOut(new java.io.PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true))
                .setErr(new java.io.PrintWriter(err, true))
                .setParameterExceptionHandler((e, a) -> {
                    err.println("prdiff: usage error: " + e.getMessage());
                    if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                        err.println("Did you mean: " + String.join(" or ", u.getSuggestions()) + "?");
                    }
                    err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more"
                            + " information.");
                    return USAGE;
                })
                .setExecutionExceptionHandler((e, cmd, parsed) -> failed(e, out, err));
        int dashes = List.of(args).indexOf("--");
        if (dashes >= 0) {
            command.pathsAfterDashes.addAll(List.of(args).subList(dashes + 1, args.length));
            args = List.of(args).subList(0, dashes).toArray(String[]::new);
        }
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands Exceptions to the handler above; an Error would end the JVM with a stack trace.
            return failed(Subprocess.outOfMemory("the answer"), out, err);
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
            return ERROR;
        }
        err.println("prdiff: error [INTERNAL_ERROR]: " + e);
        return ERROR;
    }

    /**
     * prdiff's command line. It is built in code, not read from picocli's annotations: every annotation type read
     * makes a proxy class at run time (nine of them, about 20 ms of every start with the code C1 then compiles),
     * and JDK 17's CDS archive keeps none. Each option writes the field of its command named with it.
     */
    static CommandLine commandLine(prdiff command) {
        CommandSpec spec = command(command, "prdiff", DESCRIPTION, EXIT_CODES).version("prdiff " + Version.NUMBER);
        spec.usageMessage().footerHeading("%nExamples:%n").footer(EXAMPLES);
        bind(spec, command, "target", PositionalParamSpec.builder()
                .arity("0..*")
                .paramLabel("TARGET")
                .description("A...B, A..B, REV, PR number, OWNER/REPO#N or URL"));
        bind(spec, command, "files", OptionSpec.builder("--file")
                .paramLabel("PATH[,PATH...]")
                .description("Only these files' sections: paths relative to the current folder (or -C DIR) as git's are,",
                        "a directory selects every changed file below it; repeatable, comma-separated.",
                        "Also: prdiff A...B -- PATH..."));
        bind(spec, command, "strict", OptionSpec.builder("--strict")
                .description("A selected path that matches no changed file is an error (NO_MATCH, exit 1),"
                        + " not a warning"));
        bind(spec, command, "filesOnly", OptionSpec.builder("--files-only")
                .description("JSON list of changed files with line counts, no diff body"));
        bind(spec, command, "json", OptionSpec.builder("--json")
                .description("One JSON envelope instead of the diff text: success, the counts, the"
                        + " range, each file's change with its shaped diff section, pagination, errors and warnings"));
        bind(spec, command, "include", OptionSpec.builder("--include")
                .paramLabel("GLOB")
                .description("Only files whose path (or a rename's old path)"
                        + " matches GLOB; repeatable. * and ? stay in a folder, ** crosses folders;",
                        "a GLOB without / matches the file name at any depth, a folder matches all below it"));
        bind(spec, command, "exclude", OptionSpec.builder("--exclude")
                .paramLabel("GLOB")
                .description("Leave out files matching GLOB, as --include reads"
                        + " it; repeatable, wins over --include"));
        bind(spec, command, "status", OptionSpec.builder("--status")
                .paramLabel("TYPE[,TYPE...]")
                .description("Only these changes: added, modified,"
                        + " deleted, renamed, copied (git's --diff-filter=AMDRC); repeatable"));
        bind(spec, command, "top", OptionSpec.builder("--top")
                .paramLabel("N")
                .description("Show N changed files (after filters), in diff order;"
                        + " the page is reported as pagination (stderr, or in --files-only's JSON)"));
        bind(spec, command, "skip", OptionSpec.builder("--skip")
                .paramLabel("N")
                .defaultValue("0")
                .description("Start after the first N changed files (after filters); see --top"));
        bind(spec, command, "stat", OptionSpec.builder("--stat")
                .description("A diffstat with totals, as git diff --stat prints it into a pipe"));
        bind(spec, command, "log", OptionSpec.builder("--log")
                .description("The range's commits instead of the diff, newest first: 7-character hash,"
                        + " author date (ISO 8601), author, subject; a pull request needs --sha"));
        bind(spec, command, "since", OptionSpec.builder("--since")
                .paramLabel("SHA")
                .description("Interdiff: what the pull request (or A...B) changed"
                        + " since its earlier head SHA, computed from objects;",
                        "after a rebase, only what changed beyond it (the two pull request diffs are compared, not the heads)"));
        bind(spec, command, "contextLines", OptionSpec.builder("-U", "--unified")
                .paramLabel("N")
                .description("N lines of context (0 to 20) instead of 3,"
                        + " computed by git from objects; a pull request needs --sha"));
        bind(spec, command, "maxBytes", OptionSpec.builder("--max-bytes")
                .paramLabel("N")
                .description("At most N bytes of diff (" + SectionLimits.MIN_BYTES
                        + " to 64 MiB): whole sections that fit, in diff order, then a table of contents",
                        "of the files left out, each with its counts and the command that prints it; no section is cut"));
        bind(spec, command, "maxLines", OptionSpec.builder("--max-lines")
                .paramLabel("N")
                .description("At most N hunk lines per file, cut between hunks"
                        + " where one fits, with a marker line; the cut files are named in a warning"));
        bind(spec, command, "noBinary", OptionSpec.builder("--no-binary")
                .description("A binary file's patch becomes git's 'Binary files a/x and b/x differ'"));
        bind(spec, command, "skipGenerated", OptionSpec.builder("--skip-generated")
                .description("Lock files and generated code (by name, or linguist-generated in"
                        + " .gitattributes) keep their header; their changes become one marker line"));
        bind(spec, command, "lineNumbers", OptionSpec.builder("--line-numbers")
                .description("Number each hunk line with its old and new line numbers"
                        + " ('  12   13 | context'), to cite path:line"));
        bind(spec, command, "sideBySide", OptionSpec.builder("--side-by-side")
                .description("Each hunk as old | new columns with line numbers; headers"
                        + " unchanged"));
        bind(spec, command, "width", OptionSpec.builder("--width")
                .paramLabel("N")
                .description("With --side-by-side: columns per row, 40 to 1000"
                        + " (default: COLUMNS when stdout is a terminal, else 160)"));
        bind(spec, command, "commit", OptionSpec.builder("--commit")
                .paramLabel("REV")
                .description("One commit against its first parent"));
        bind(spec, command, "base", OptionSpec.builder("--base")
                .paramLabel("REF")
                .description("With no TARGET: diff REF...HEAD (committed changes)"));
        bind(spec, command, "untracked", OptionSpec.builder("--untracked")
                .description("With no TARGET: uncommitted changes from the merge base, untracked"
                        + " files included as added (your index is never written)"));
        bind(spec, command, "cached", OptionSpec.builder("--cached")
                .description("With no TARGET: staged changes only, from the merge base (as git diff --cached)"));
        bind(spec, command, "dir", OptionSpec.builder("-C")
                .paramLabel("DIR")
                .description("Run in this repository instead of the current directory"));
        bind(spec, command, "quiet", OptionSpec.builder("-q", "--quiet")
                .description("No notices on stderr; warnings and errors are still printed"));
        bind(spec, command, "verbose", OptionSpec.builder("-v", "--verbose")
                .description("Always name what was diffed on stderr (the range and its SHAs, a pull request's head and base)"));
        bind(spec, command, "color", OptionSpec.builder("--color")
                .paramLabel("WHEN")
                .defaultValue(command.color)
                .description("Colour the diff: auto (when stdout is a terminal), always or never (default: ${DEFAULT-VALUE})"));
        bind(spec, command, "noPager", OptionSpec.builder("--no-pager")
                .description("In a terminal, write straight to it instead of through the pager"
                        + " (PRDIFF_PAGER, else PAGER, else less with LESS=FRX)"));
        bind(spec, command, "timeoutSeconds", OptionSpec.builder("--timeout")
                .paramLabel("SECONDS")
                .defaultValue(String.valueOf(command.timeoutSeconds))
                .description("Limit for each git or gh call (default: ${DEFAULT-VALUE})"));
        bind(spec, command, "repo", OptionSpec.builder("-R", "--repo")
                .paramLabel("[HOST/]OWNER/REPO")
                .description("Pull request repository (default: gh's own choice: GH_REPO, then the git remotes)"));
        bind(spec, command, "sha", OptionSpec.builder("--sha")
                .paramLabel("SHA")
                .description("Pull request: compute base...SHA from git objects, never from a checkout"));
        bind(spec, command, "baseSha", OptionSpec.builder("--base-sha")
                .paramLabel("SHA")
                .description("Pull request with --sha: pin the base commit too"));
        bind(spec, command, "noFetch", OptionSpec.builder("--no-fetch")
                .description("Pull request with --sha: never fetch missing commits"));
        bind(spec, command, "info", OptionSpec.builder("--info")
                .description("Pull request: print its metadata (head/base SHAs and refs, state, title, URL)"));

        standardHelpOptions(spec);
        CommandLine cli = new CommandLine(spec);
        cli.addSubcommand("generate-completion", new CommandLine(Completion.spec()));
        cli.addSubcommand("show", new CommandLine(Show.spec(new Show(command))));
        // As git grep -e: the word after -e is the pattern even when it looks like an option (-e -i, -e --sha).
        cli.addSubcommand("grep", new CommandLine(Grep.spec(new Grep(command))).setAllowOptionsAsOptionParameters(true));
        // No word is read as @FILE (picocli's default): `--file @/path/to/credentials` would print the file's first
        // line, and a committed file named Override would rewrite `prdiff grep @Override`. picocli expands at the top
        // command; set after the subcommands, it is their setting too.
        cli.setExpandAtFiles(false);
        command.self = cli;
        return cli;
    }

    /** A command with prdiff's usage layout: options in the order given, help as wide as the terminal. */
    private static CommandSpec command(Object command, String name, String[] description, String[] exitCodes) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
        Map<String, String> codes = new java.util.LinkedHashMap<>();
        for (String line : exitCodes) {
            int colon = line.indexOf(':');
            codes.put(line.substring(0, colon), line.substring(colon + 1));
        }
        spec.usageMessage().sortOptions(false).autoWidth(true).description(description)
                .exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
        return spec;
    }

    /** -h/--help and -V/--version, as picocli's mixinStandardHelpOptions adds them (after the command's own). */
    private static void standardHelpOptions(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    private static void bind(CommandSpec spec, Object command, String field, OptionSpec.Builder option) {
        FieldValue value = FieldValue.of(command, field);
        spec.addOption(option.type(value.type()).auxiliaryTypes(value.elementTypes()).getter(value).setter(value)
                .initialValue(value.get()).hasInitialValue(true).build());
    }

    /** As @Parameters binds one: required when its arity asks for at least one value. */
    private static void bind(CommandSpec spec, Object command, String field, PositionalParamSpec.Builder parameter) {
        FieldValue value = FieldValue.of(command, field);
        PositionalParamSpec built = parameter.type(value.type()).auxiliaryTypes(value.elementTypes()).getter(value)
                .setter(value).initialValue(value.get()).hasInitialValue(true).build();
        spec.addPositional(built.arity().min() > 0 ? built.toBuilder().required(true).build() : built);
    }

    /** A field of a command, as picocli reads and writes an option's value there. */
    private record FieldValue(Object command, java.lang.reflect.Field field)
            implements CommandLine.Model.IGetter, CommandLine.Model.ISetter {
        static FieldValue of(Object command, String name) {
            try {
                java.lang.reflect.Field field = command.getClass().getDeclaredField(name);
                field.setAccessible(true);
                return new FieldValue(command, field);
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException("no field " + name + " in " + command.getClass(), e);
            }
        }

        Class<?> type() {
            return field.getType();
        }

        /** List<String>'s String; none for a field of a plain type. */
        Class<?>[] elementTypes() {
            if (!(field.getGenericType() instanceof java.lang.reflect.ParameterizedType p)) {
                return new Class<?>[0];
            }
            java.lang.reflect.Type[] arguments = p.getActualTypeArguments();
            Class<?>[] types = new Class<?>[arguments.length];
            for (int i = 0; i < arguments.length; i++) {
                types[i] = (Class<?>) arguments[i];
            }
            return types;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            try {
                return (T) field.get(command);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            try {
                field.set(command, value);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            return old;
        }
    }

    /** generate-completion as picocli's AutoComplete.GenerateCompletion declares it, without its annotations. */
    static final class Completion implements Runnable {
        CommandSpec spec;

        static CommandSpec spec() {
            Completion completion = new Completion();
            CommandSpec spec = CommandSpec.wrapWithoutInspection(completion).name("generate-completion")
                    .version("generate-completion " + CommandLine.VERSION).helpCommand(true);
            spec.usageMessage().optionListHeading("Options:%n").description(
                    "Generate bash/zsh completion script for ${ROOT-COMMAND-NAME:-the root command of this command}.",
                    "Run the following command to give `${ROOT-COMMAND-NAME:-$PARENTCOMMAND}` TAB completion in the"
                            + " current shell:",
                    "",
                    "  source <(${PARENT-COMMAND-FULL-NAME:-$PARENTCOMMAND} ${COMMAND-NAME})",
                    "");
            standardHelpOptions(spec);
            completion.spec = spec;
            return spec;
        }

        @Override
        public void run() {
            // not println: a script with Windows line ends fails in odd ways (as picocli's own says)
            java.io.PrintWriter out = spec.commandLine().getOut();
            out.print(AutoComplete.bash(spec.root().name(), spec.root().commandLine()));
            out.print('\n');
            out.flush();
        }
    }

    /**
     * A reader that went away (head, a quit pager) ends prdiff quietly, as SIGPIPE ends git; any other write
     * failure (a full disk) is an error.
     */
    private static int writeFailed(WatchedOutput out, IOException e, PrintStream err) {
        if (readerClosed(e) || out.pagerExited()) {
            return CLOSED_PIPE;
        }
        err.println("prdiff: error [INTERNAL_ERROR]: cannot write output: " + e.getMessage());
        return ERROR;
    }

    /** The JVM ignores SIGPIPE, so a closed pipe arrives as EPIPE, whose only trace is the message. */
    static boolean readerClosed(IOException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return m.contains("broken pipe") || m.contains("pipe is being closed") || m.contains("pipe has been ended");
    }

    /** Our stdout, remembering the first write that failed; writes come from the git and gh output pumps too. */
    static final class WatchedOutput extends OutputStream implements DirectStdout {
        private volatile OutputStream out;
        private volatile IOException failure;

        WatchedOutput(OutputStream out) {
            this.out = out;
        }

        private volatile Process pager;

        /** From now on, writes go to {@code next}, the stdin of {@code pager}, instead. */
        void divert(OutputStream next, Process pager) {
            this.out = next;
            this.pager = pager;
        }

        /**
         * True once the pager has exited: the person quit it, or it needed no input (PAGER=true). The JDK closes a
         * child's stdin when it exits, so a write after that fails with "Stream closed" rather than a broken pipe.
         */
        boolean pagerExited() {
            return pager != null && !pager.isAlive();
        }

        void close(OutputStream target) {
            try {
                target.close();
            } catch (IOException e) {
                failed(e);
            }
        }

        IOException failure() {
            return failure;
        }

        OutputStream current() {
            return out;
        }

        /** Hands stdout to a child only while it is still prdiff's own (not a pager's stdin). */
        @Override
        public boolean handOver() throws IOException {
            try {
                return out instanceof DirectStdout direct && direct.handOver();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        private IOException failed(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }
    }

    @Override
    public Integer call() throws IOException {
        if (timeoutSeconds <= 0) {
            throw new CommandLine.ParameterException(self, "--timeout must be a positive number of seconds");
        }
        if (target.size() > 1) {
            throw new CommandLine.ParameterException(self, "at most one TARGET, got " + target
                    + "; to select files, put them after -- (prdiff " + target.get(0) + " -- "
                    + String.join(" ", target.subList(1, target.size())) + ") or use --file");
        }
        if (quiet && verbose) {
            throw new CommandLine.ParameterException(self, "-q and -v contradict each other");
        }
        if (info && (filesOnly || !files.isEmpty() || !pathsAfterDashes.isEmpty() || sha != null || since != null
                || log)) {
            throw new CommandLine.ParameterException(self,
                    "--info prints metadata only; it does not combine with --files-only, --file, --sha, --since"
                            + " or --log");
        }
        List<String> selected = new ArrayList<>(files);
        selected.addAll(pathsAfterDashes);
        parsedTarget = Target.parse(target.isEmpty() ? null : target.get(0), commit, base);
        if (untracked || cached) {
            if (untracked && cached) {
                throw new CommandLine.ParameterException(self,
                        "--cached shows the index only and --untracked the work tree: choose one");
            }
            if (!(parsedTarget instanceof Target.Auto a)) {
                throw new CommandLine.ParameterException(self,
                        "--cached and --untracked apply only with no TARGET (the branch since its merge base)");
            }
            parsedTarget = new Target.Auto(a.base(), cached ? LocalDiffs.WorkTree.STAGED : LocalDiffs.WorkTree.UNTRACKED);
        }
        if ((stat || filesOnly || log) && (maxBytes != null || maxLines != null || noBinary || skipGenerated)) {
            throw new CommandLine.ParameterException(self, "--max-bytes, --max-lines, --no-binary and"
                    + " --skip-generated shape a diff; " + (stat ? "--stat" : filesOnly ? "--files-only" : "--log")
                    + " prints none");
        }
        if (stat && filesOnly) {
            throw new CommandLine.ParameterException(self,
                    "--stat and --files-only are two answers: choose one");
        }
        DiffLayout layout = layout();
        if (log && (stat || filesOnly)) {
            throw new CommandLine.ParameterException(self,
                    "--log is an answer of its own: it does not combine with " + (stat ? "--stat" : "--files-only"));
        }
        OutputShape shape = new OutputShape(new FileFilter(include, exclude, FileFilter.statuses(status)), top, skip,
                new SectionLimits(maxBytes, maxLines, noBinary, skipGenerated, null, layout));
        DiffRequest request = new DiffRequest(parsedTarget, selected, dir, Duration.ofSeconds(timeoutSeconds), repo, sha,
                baseSha, noFetch, env).typedPaths(strict).shaped(shape, contextLines, stat).refetchedBy(calls())
                .withSince(since).withLog(log);
        boolean colored = switch (color) {
            case "auto" -> terminal;
            case "always" -> true;
            case "never" -> false;
            default -> throw new CommandLine.ParameterException(self,
                    "--color must be auto, always or never, not '" + color + "'");
        } && layout.plain();
        if (json) {
            if (info || filesOnly || stat || log) {
                throw new CommandLine.ParameterException(self, "--json is the diff's envelope: it does"
                        + " not combine with " + (info ? "--info" : filesOnly ? "--files-only" : stat ? "--stat" : "--log"));
            }
            return writeEnvelope(request);
        }
        if (info) {
            Object answer = Prdiff.info(request);
            startPager();
            out.write(json(answer).getBytes(StandardCharsets.UTF_8));
            out.write('\n');
        } else if (filesOnly) {
            Object answer = Prdiff.files(request, this::notice);
            startPager();
            out.write(json(answer).getBytes(StandardCharsets.UTF_8));
            out.write('\n');
        } else {
            startPager();
            if (colored) {
                DiffColors colors = new DiffColors(out);
                Prdiff.diff(request, colors, this::notice);
                colors.finish();
            } else {
                Prdiff.diff(request, out, this::notice);
            }
        }
        return OK;
    }

    /** --json: the envelope on stdout, also for a failure (success false, the error's code), with the usual exit code. */
    private int writeEnvelope(DiffRequest request) throws IOException {
        List<String> warnings = new ArrayList<>();
        DiffEnvelope envelope;
        int code = OK;
        try {
            envelope = DiffEnvelope.of(request, this::notice, warnings);
        } catch (PrdiffException e) {
            err.println("prdiff: error [" + e.code() + "]: " + e.getMessage());
            envelope = DiffEnvelope.failed(request, e, warnings);
            code = ERROR;
        }
        out.write(json(envelope).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        return code;
    }

    /** This command line as it names a follow-up call: what is diffed and how, without filters and limits. */
    private CommandLineCalls calls() {
        List<String> words = new ArrayList<>(List.of("prdiff"));
        if (dir != null) {
            words.addAll(List.of("-C", dir.toString()));
        }
        words.addAll(target);
        addOption(words, "--commit", commit);
        addOption(words, "--base", base);
        addOption(words, "-R", repo);
        addOption(words, "--sha", sha);
        addOption(words, "--base-sha", baseSha);
        addOption(words, "-U", contextLines == null ? null : contextLines.toString());
        addOption(words, "--since", since);
        if (cached) {
            words.add("--cached");
        }
        if (untracked) {
            words.add("--untracked");
        }
        if (noFetch) {
            words.add("--no-fetch");
        }
        if (noBinary) {
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
     * --line-numbers, --side-by-side and --width, checked: they lay out a diff, so not --files-only, --stat or
     * --info, and never in colour (--color=always with them is a usage error; auto leaves them plain).
     */
    private DiffLayout layout() {
        if (!lineNumbers && !sideBySide && width == null) {
            return DiffLayout.UNIFIED;
        }
        String options = "--line-numbers, --side-by-side and --width";
        if (filesOnly || stat || info || log) {
            throw new CommandLine.ParameterException(self, options + " lay out the diff; they do not"
                    + " combine with " + (filesOnly ? "--files-only" : stat ? "--stat" : info ? "--info" : "--log"));
        }
        if (color.equals("always")) {
            throw new CommandLine.ParameterException(self, options + " are not coloured: drop"
                    + " --color=always (or use --color=never)");
        }
        if (width != null && !sideBySide) {
            throw new CommandLine.ParameterException(self, "--width applies only with --side-by-side");
        }
        Integer columns = width;
        if (columns == null && terminal) {
            columns = terminalColumns();
        }
        try {
            return DiffLayout.of(sideBySide ? "side_by_side" : "unified", lineNumbers, sideBySide ? columns : null);
        } catch (PrdiffException e) {
            throw new CommandLine.ParameterException(self, "--width: " + e.getMessage());
        }
    }

    /** COLUMNS as the shell sets it for a terminal, kept within the side-by-side limits; null when unset or not a number. */
    private Integer terminalColumns() {
        try {
            int columns = Integer.parseInt(env.getOrDefault("COLUMNS", "").strip());
            return Math.max(SideBySide.MIN_WIDTH, Math.min(SideBySide.MAX_WIDTH, columns));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Indented for a person at a terminal, one line for a program reading a pipe. */
    private String json(Object value) {
        return terminal ? Json.writePretty(value) : Json.write(value);
    }

    /**
     * In a terminal, stdout goes through a pager as git's does: PRDIFF_PAGER, else PAGER, else less; with LESS
     * unset it is FRX, so output shorter than the screen is printed and less quits. An empty pager or cat means
     * none. A pager that cannot start is skipped with a warning.
     */
    private void startPager() {
        if (!terminal || noPager || pager != null) {
            return;
        }
        String command = env.get("PRDIFF_PAGER");
        if (command == null) {
            command = env.getOrDefault("PAGER", "less");
        }
        if (command.isBlank() || command.strip().equals("cat")) {
            return;
        }
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", command)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().clear();
        pb.environment().putAll(env);
        pb.environment().putIfAbsent("LESS", "FRX");
        pb.environment().putIfAbsent("LV", "-c");
        try {
            pager = pb.start();
            out.divert(new BufferedOutputStream(pager.getOutputStream(), 1 << 16), pager);
        } catch (IOException e) {
            notice("warning: the pager '" + command + "' did not start (" + e.getMessage() + "); writing to the terminal");
        }
    }

    /** Ends the pager's input and waits until the person has quit it. */
    void closePager() {
        if (pager == null) {
            return;
        }
        out.close(out.current());
        try {
            pager.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Warnings always reach stderr (as git's -q keeps them); other notices unless -q; the one naming what was
     * diffed only when prdiff chose it (no TARGET) or with -v, so a caller that named its range gets a quiet stderr.
     */
    private void notice(String message) {
        if (!message.startsWith("warning: ")) {
            if (quiet || (Prdiff.namesTheDiff(message) && !verbose && !rangeChosenByPrdiff())) {
                return;
            }
        }
        err.println("prdiff: " + message);
    }

    /** No TARGET, or one revision whose reading (a commit, or REV...HEAD) prdiff chose. */
    private boolean rangeChosenByPrdiff() {
        return parsedTarget instanceof Target.Auto || parsedTarget instanceof Target.Rev;
    }

    /** The options show and grep share; -C and --timeout, when given, win over prdiff's own. */
    static final class ReadOptions {
        Path dir;
        Integer timeoutSeconds;
        boolean help;

        /** Adds them to {@code spec}, after its own options, as a picocli mixin would. */
        void addTo(CommandSpec spec) {
            bind(spec, this, "dir", OptionSpec.builder("-C")
                    .paramLabel("DIR")
                    .description("Run in this repository instead of the current directory"));
            bind(spec, this, "timeoutSeconds", OptionSpec.builder("--timeout")
                    .paramLabel("SECONDS")
                    .description("Limit for each git call (default: 30)"));
            bind(spec, this, "help", OptionSpec.builder("-h", "--help")
                    .usageHelp(true)
                    .description("Show this help message and exit."));
        }
    }

    /** Reads at a commit for the show and grep commands: their own -C and --timeout, else prdiff's. */
    CommitReads reads(CommandLine cli, ReadOptions own) {
        int seconds = own.timeoutSeconds != null ? own.timeoutSeconds : timeoutSeconds;
        if (seconds <= 0) {
            throw new CommandLine.ParameterException(cli, "--timeout must be a positive number of seconds");
        }
        if (!pathsAfterDashes.isEmpty() && !(cli.getCommand() instanceof Grep)) {
            throw new CommandLine.ParameterException(cli, "prdiff show takes one SHA:PATH and no --");
        }
        Path where = own.dir != null ? own.dir : dir != null ? dir : Path.of("");
        return new CommitReads(Git.open(where, Duration.ofSeconds(seconds), env));
    }

    /** show and grep: they read at a commit, with -C and --timeout of their own after their other options. */
    abstract static class ReadCommand implements Callable<Integer> {
        final prdiff parent;
        final ReadOptions options = new ReadOptions();
        CommandSpec spec;

        ReadCommand(prdiff parent) {
            this.parent = parent;
        }

        /** {@code spec} with the shared options added, kept as this command's. */
        CommandSpec finish(CommandSpec spec) {
            options.addTo(spec);
            this.spec = spec;
            return spec;
        }

        CommitReads reads() {
            return parent.reads(spec.commandLine(), options);
        }
    }

    static final class Show extends ReadCommand {
        String revAndPath;

        Show(prdiff parent) {
            super(parent);
        }

        static CommandSpec spec(Show show) {
            CommandSpec spec = command(show, "show", new String[] {
                "Print a file as a commit holds it, byte for byte as git show SHA:PATH",
                "prints it, from git objects alone: the work tree, the index, your config",
                "and attributes (textconv, filters, core.autocrlf) play no part. A folder",
                "prints git show's listing (tree FULLSHA:PATH, a blank line, its entries,",
                "folders with a trailing /); SHA: alone lists the top folder.", ""},
                    new String[] {"0:success", "1:error, printed as 'prdiff: error [CODE]: message' (PATH_NOT_FOUND,"
                            + " SHA_NOT_FOUND, ...)", "2:usage error"});
            bind(spec, show, "revAndPath", PositionalParamSpec.builder()
                    .index("0")
                    .paramLabel("SHA:PATH")
                    .description("A commit as --commit takes it (hex digits are"
                            + " always an object id), a colon and a path from the top of the repository (not from the current"
                            + " folder); split at the first colon, so the path may hold colons"));
            return show.finish(spec);
        }

        @Override
        public Integer call() throws IOException {
            CommitReads reads = reads();
            reads.show(reads.find(revAndPath), parent.out);
            return OK;
        }
    }

    static final class Grep extends ReadCommand {
        String pattern;
        String patternOption;
        String sha;
        boolean ignoreCase;
        boolean fixed;
        boolean extended;
        boolean word;

        Grep(prdiff parent) {
            super(parent);
        }

        static CommandSpec spec(Grep grep) {
            CommandSpec spec = command(grep, "grep", new String[] {
                "Print the lines matching PATTERN in the files a commit holds, with line",
                "numbers, byte for byte as git grep -n PATTERN FULLSHA -- PATHS prints them",
                "in a bare clone: FULLSHA:PATH:LINE:TEXT, or 'Binary file FULLSHA:PATH",
                "matches'. From git objects alone: the work tree, the index, your config",
                "(grep.*) and attributes play no part. PATHS are git pathspecs from the top",
                "of the repository.", ""},
                    new String[] {"0:some line matched", "1:no line matched (nothing on stderr, as git grep), or an"
                            + " error printed as 'prdiff: error [CODE]: ...'", "2:usage error"});
            spec.usageMessage().customSynopsis("prdiff grep [-iwEF] (PATTERN | -e PATTERN) --sha SHA [-C DIR]",
                            "            [--timeout SECONDS] [-- PATHS...]")
                    .footerHeading("%nExamples:%n").footer("  prdiff grep TODO --sha 9c1e2d3",
                            "  prdiff grep -i -F 'a.b(' --sha main -- src docs/guide.md",
                            "  prdiff grep -e --force --sha 9c1e2d3     a pattern that starts with -");
            bind(spec, grep, "pattern", PositionalParamSpec.builder()
                    .arity("0..1")
                    .paramLabel("PATTERN")
                    .description("A basic regular expression, as git grep reads one (or see -E, -F)"));
            bind(spec, grep, "patternOption", OptionSpec.builder("-e", "--regexp")
                    .paramLabel("PATTERN")
                    .description("The pattern, when it starts with - (instead of the PATTERN argument)"));
            bind(spec, grep, "sha", OptionSpec.builder("--sha")
                    .required(true)
                    .paramLabel("SHA")
                    .description("The commit to search (as --commit takes it: hex digits are always an object id)"));
            bind(spec, grep, "ignoreCase", OptionSpec.builder("-i", "--ignore-case")
                    .description("Ignore case"));
            bind(spec, grep, "fixed", OptionSpec.builder("-F", "--fixed-strings")
                    .description("PATTERN is text, not a regular expression"));
            bind(spec, grep, "extended", OptionSpec.builder("-E", "--extended-regexp")
                    .description("PATTERN is an extended regular expression"));
            bind(spec, grep, "word", OptionSpec.builder("-w", "--word-regexp")
                    .description("Match whole words only"));
            return grep.finish(spec);
        }

        @Override
        public Integer call() {
            if ((pattern == null) == (patternOption == null)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "give the pattern once: as PATTERN, or"
                        + " with -e PATTERN when it starts with -");
            }
            GrepQuery query = new GrepQuery(pattern != null ? pattern : patternOption, ignoreCase, fixed, extended,
                    word, parent.pathsAfterDashes);
            return reads().grep(sha, query, parent.out) ? OK : ERROR;
        }
    }
}
