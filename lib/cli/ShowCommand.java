package dev.prdiff.cli;

import dev.prdiff.app.CommitReads;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.IOException;

/** prdiff show SHA:PATH: a file or folder as a commit holds it; prdiff show SHA: the commit itself. */
final class ShowCommand {
    final CommandSpec spec = Usage.command(this, "show", new String[] {
        "Print a file as a commit holds it, byte for byte as git show SHA:PATH",
        "prints it, from git objects alone: the work tree, the index, your config",
        "and attributes (textconv, filters, core.autocrlf) play no part. A folder",
        "prints git show's listing (tree FULLSHA:PATH, a blank line, its entries,",
        "folders with a trailing /); SHA: alone lists the top folder. SHA with no",
        "colon prints the commit as git show --stat does: its hash, author, date,",
        "whole message and the files it changes. In a terminal: through the pager,",
        "a commit in git's colours; in a pipe: git's bytes.", ""},
            new String[] {"0:success", "1:error, printed as 'prdiff: error [CODE]: message' (PATH_NOT_FOUND,"
                    + " SHA_NOT_FOUND, ...)", "2:usage error"});
    final Value<String> revAndPath = Value.positional(spec, Value.word(), PositionalParamSpec.builder()
            .index("0")
            .paramLabel("SHA[:PATH]")
            .description("A commit as --commit takes it (hex digits are always an object id), then a colon and a"
                    + " path from the top of the repository, or from the current folder when it starts with ./ or"
                    + " ../, as in git; split at the first colon, so the path may hold colons. With no colon, the"
                    + " commit itself"));
    final ReadOptions options = new ReadOptions("Colour a commit: auto (in a terminal), always or never", true);

    ShowCommand() {
        options.mixInto(spec);
    }

    /** {@code pagerOff}: prdiff's own --no-pager, given before the command. */
    int call(Io io, ReadDefaults defaults, Pager pager, boolean pagerOff) throws IOException {
        CommandLine cli = spec.commandLine();
        int seconds = options.timeoutSeconds(cli, defaults);
        if (!defaults.pathsAfterDashes().isEmpty()) {
            throw new CommandLine.ParameterException(cli, "prdiff show takes one SHA or SHA:PATH and no --");
        }
        boolean colored = options.colored(io, cli);
        CommitReads reads = options.open(defaults, seconds, io.session().get());
        String asked = revAndPath.value();
        if (asked.indexOf(':') < 0) {
            String commit = reads.commit(asked);
            options.startPager(io, pager, pagerOff);
            reads.showCommit(commit, colored, io.out());
        } else {
            var entry = reads.find(asked);
            options.startPager(io, pager, pagerOff);
            reads.show(entry, io.out());
        }
        return ExitCode.OK;
    }
}
