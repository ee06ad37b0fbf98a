package dev.prdiff.cli;

import dev.prdiff.core.Version;
import dev.prdiff.shape.SectionLimits;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.nio.file.Path;
import java.util.List;

/** prdiff's own command: the TARGET and the options, in the order of --help, each with its parsed value. */
final class DiffOptions {
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
        "The words show, grep, help and generate-completion are commands (prdiff",
        "help show), never a TARGET: to diff a branch named show, write prdiff",
        "refs/heads/show or show...HEAD.",
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
        "  prdiff grep TODO 9c1e2d3 -- pkg  matching lines at that commit (git grep -n)",
        "",
        "Shell completion (bash, zsh): source <(prdiff generate-completion)"};
    private static final String[] EXIT_CODES = {
        "0:success, also when a --file matched nothing (a warning says so; see --strict)",
        "1:error, printed as 'prdiff: error [CODE]: message'; discard stdout",
        "2:usage error",
        "141:the reader closed stdout early (as git: 128 + SIGPIPE); no error printed"};

    final CommandSpec spec = Usage.command(this, "prdiff", DESCRIPTION, EXIT_CODES).version("prdiff " + Version.NUMBER);

    final Value<List<String>> target = Value.positional(spec, Value.words(), PositionalParamSpec.builder()
            .arity("0..*")
            .paramLabel("TARGET")
            .description("A...B, A..B, REV, PR number, OWNER/REPO#N or URL"));
    final Value<List<String>> files = Value.list(spec, OptionSpec.builder("--file")
            .paramLabel("PATH[,PATH...]")
            .description("Only these files' sections: paths relative to the current folder (or -C DIR) as git's are;"
                    + " a directory selects every changed file below it; repeatable, comma-separated."
                    + " Also: prdiff A...B -- PATH..."));
    final Value<Boolean> strict = Value.flag(spec, OptionSpec.builder("--strict")
            .description("A selected path that matches no changed file is an error (NO_MATCH, exit 1),"
                    + " not a warning"));
    final Value<Boolean> filesOnly = Value.flag(spec, OptionSpec.builder("--files-only")
            .description("The changed files with line counts, no diff body: one line per file in a terminal,"
                    + " JSON in a pipe or with --json"));
    final Value<Boolean> json = Value.flag(spec, OptionSpec.builder("--json")
            .description("One JSON envelope instead of the diff text: success, the counts, the"
                    + " range, each file's change with its shaped diff section, pagination, errors and warnings"));
    final Value<List<String>> include = Value.list(spec, OptionSpec.builder("--include")
            .paramLabel("GLOB")
            .description("Only files whose path (or a rename's old path)"
                    + " matches GLOB; repeatable. * and ? stay in a folder, ** crosses folders;"
                    + " a GLOB without / matches the file name at any depth, a folder matches all below it"));
    final Value<List<String>> exclude = Value.list(spec, OptionSpec.builder("--exclude")
            .paramLabel("GLOB")
            .description("Leave out files matching GLOB, as --include reads"
                    + " it; repeatable, wins over --include"));
    final Value<List<String>> status = Value.list(spec, OptionSpec.builder("--status")
            .paramLabel("TYPE[,TYPE...]")
            .description("Only these changes: added, modified,"
                    + " deleted, renamed, copied (git's --diff-filter=AMDRC); repeatable"));
    final Value<Integer> top = Value.number(spec, OptionSpec.builder("--top")
            .paramLabel("N")
            .description("Show N changed files (after filters), in diff order;"
                    + " the page is reported as pagination (stderr, or in --files-only's JSON)"));
    final Value<Integer> skip = Value.number(spec, 0, OptionSpec.builder("--skip")
            .paramLabel("N")
            .description("Start after the first N changed files (after filters); see --top"));
    final Value<Boolean> stat = Value.flag(spec, OptionSpec.builder("--stat")
            .description("A diffstat with totals, as git diff --stat prints it into a pipe (coloured as git's in a"
                    + " terminal); with --log, each commit's"));
    final Value<Boolean> log = Value.flag(spec, OptionSpec.builder("--log")
            .description("The range's commits instead of the diff, newest first as git log --first-parent"
                    + " lists them: 7-character hash, author date (ISO 8601), author, subject; a pull request needs"
                    + " --sha"));
    final Value<String> since = Value.text(spec, null, OptionSpec.builder("--since")
            .paramLabel("SHA")
            .description("Interdiff: what the pull request (or A...B) changed"
                    + " since its earlier head SHA, computed from objects;"
                    + " after a rebase, only what changed beyond it (the two pull request diffs are compared, not the"
                    + " heads)"));
    final Value<Integer> contextLines = Value.number(spec, OptionSpec.builder("-U", "--unified")
            .paramLabel("N")
            .description("N lines of context (0 to 20) instead of 3,"
                    + " computed by git from objects; a pull request needs --sha"));
    final Value<Long> maxBytes = Value.longNumber(spec, OptionSpec.builder("--max-bytes")
            .paramLabel("N")
            .description("At most N bytes of diff (" + SectionLimits.MIN_BYTES
                    + " to 64 MiB): whole sections that fit, in diff order, then a table of contents"
                    + " of the files left out, each with its counts and the command that prints it; no section is cut"));
    final Value<Integer> maxLines = Value.number(spec, OptionSpec.builder("--max-lines")
            .paramLabel("N")
            .description("At most N hunk lines per file, cut between hunks"
                    + " where one fits, with a marker line; the cut files are named in a warning"));
    final Value<Boolean> noBinary = Value.flag(spec, OptionSpec.builder("--no-binary")
            .description("A binary file's patch becomes git's 'Binary files a/x and b/x differ'"));
    final Value<Boolean> skipGenerated = Value.flag(spec, OptionSpec.builder("--skip-generated")
            .description("Lock files and generated code (by name, or linguist-generated in"
                    + " .gitattributes) keep their header; their changes become one marker line"));
    final Value<Boolean> lineNumbers = Value.flag(spec, OptionSpec.builder("--line-numbers")
            .description("Number each hunk line with its old and new line numbers"
                    + " ('  12   13 | context'), to cite path:line"));
    final Value<Boolean> sideBySide = Value.flag(spec, OptionSpec.builder("--side-by-side")
            .description("Each hunk as old | new columns with line numbers; headers"
                    + " unchanged"));
    final Value<Integer> width = Value.number(spec, OptionSpec.builder("--width")
            .paramLabel("N")
            .description("With --side-by-side: columns per row, 40 to 1000"
                    + " (default: COLUMNS when stdout is a terminal, else 160)"));
    final Value<Integer> tabWidth = Value.number(spec, OptionSpec.builder("--tab-width")
            .paramLabel("N")
            .description("With --side-by-side: columns between tab stops, 1 to 16 (default: the head"
                    + " commit's .editorconfig tab_width or indent_size for the file, else 4)"));
    final Value<String> commit = Value.text(spec, null, OptionSpec.builder("--commit")
            .paramLabel("REV")
            .description("One commit against its first parent"));
    final Value<String> base = Value.text(spec, null, OptionSpec.builder("--base")
            .paramLabel("REF")
            .description("With no TARGET: diff REF...HEAD (committed changes)"));
    final Value<Boolean> untracked = Value.flag(spec, OptionSpec.builder("--untracked")
            .description("With no TARGET: uncommitted changes from the merge base, untracked"
                    + " files included as added (your index is never written)"));
    final Value<Boolean> cached = Value.flag(spec, OptionSpec.builder("--cached")
            .description("With no TARGET: staged changes only, from the merge base (as git diff --cached)"));
    final Value<Path> dir = Value.path(spec, OptionSpec.builder("-C")
            .paramLabel("DIR")
            .description("Run in this repository instead of the current directory"));
    final Value<Boolean> quiet = Value.flag(spec, OptionSpec.builder("-q", "--quiet")
            .description("No notices on stderr; warnings and errors are still printed"));
    final Value<Boolean> verbose = Value.flag(spec, OptionSpec.builder("-v", "--verbose")
            .description("Always name what was diffed on stderr (the range and its SHAs, a pull request's head and base)"));
    final Value<String> color = Value.text(spec, "auto", OptionSpec.builder("--color")
            .paramLabel("WHEN")
            .description("Colour the diff, side by side too, and --stat: auto (when stdout is a terminal), always or never"
                    + " (default: ${DEFAULT-VALUE})"));
    final Value<Boolean> noPager = Value.flag(spec, OptionSpec.builder("--no-pager")
            .description("In a terminal, write straight to it instead of through the pager"
                    + " (PRDIFF_PAGER, else PAGER, else less with LESS=FRX)"));
    final Value<Integer> timeoutSeconds = Value.number(spec, 30, OptionSpec.builder("--timeout")
            .paramLabel("SECONDS")
            .description("Limit for each git or gh call (default: ${DEFAULT-VALUE})"));
    final Value<String> repo = Value.text(spec, null, OptionSpec.builder("-R", "--repo")
            .paramLabel("REPO")
            .description("Pull request repository: [HOST/]OWNER/REPO on GitHub; ORG/PROJECT/REPO or a repository URL"
                    + " on Azure DevOps (default: the git remotes; GitHub: gh's own choice, GH_REPO first)"));
    final Value<String> sha = Value.text(spec, null, OptionSpec.builder("--sha")
            .paramLabel("SHA")
            .description("Pull request: compute base...SHA from git objects, never from a checkout"));
    final Value<String> baseSha = Value.text(spec, null, OptionSpec.builder("--base-sha")
            .paramLabel("SHA")
            .description("Pull request with --sha: pin the base commit too"));
    final Value<Boolean> noFetch = Value.flag(spec, OptionSpec.builder("--no-fetch")
            .description("Pull request with --sha: never fetch missing commits"));
    final Value<String> azure = Value.text(spec, null, OptionSpec.builder("--azure")
            .paramLabel("ORG/PROJECT/REPO")
            .description("Azure DevOps pull request repository: ORG/PROJECT/REPO on dev.azure.com, or its URL"
                    + " (default: an Azure Repos remote)"));
    final Value<Integer> iteration = Value.number(spec, OptionSpec.builder("--iteration")
            .paramLabel("N")
            .description("Azure DevOps pull request: diff iteration N (default: the latest)"));
    final Value<Integer> sinceIteration = Value.number(spec, OptionSpec.builder("--since-iteration")
            .paramLabel("M")
            .description("Azure DevOps pull request: interdiff since iteration M, as --since its head"));
    final Value<Boolean> info = Value.flag(spec, OptionSpec.builder("--info")
            .description("Pull request: print its metadata (head/base SHAs and refs, state, title, URL)"));

    /** What the completion script asks for, one word a line: refs, or the range's changed paths for --file. */
    final Value<String> completionWords = Value.text(spec, null, OptionSpec.builder("--completion-words")
            .hidden(true)
            .paramLabel("refs|paths"));
    /** -h/--help: the short page of everyday options ({@link HelpPages}); --help-all is picocli's whole page. */
    final Value<Boolean> help = Value.flag(spec, OptionSpec.builder("-h", "--help")
            .description("Show the everyday options and commands, and exit"));

    DiffOptions() {
        spec.usageMessage().footerHeading("%nExamples:%n").footer(EXAMPLES);
        spec.addOption(OptionSpec.builder("--help-all").usageHelp(true)
                .description("Show every option, the exit codes and the examples, and exit").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }
}
