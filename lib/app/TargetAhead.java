package dev.prdiff.app;

import dev.prdiff.git.Git;

import java.nio.file.Path;

/**
 * The repository and range a command line will open, read from its words before picocli has parsed them, so that
 * {@link Git#prepare(java.util.Map, Git.Ahead)} can open them while picocli builds its command. Only the plain shape
 * is read: {@code [-C DIR] A...B|A..B|REV [options]} (REV as REV...HEAD; an object id is a commit, not read here),
 * with no later -C, --timeout or --commit and nothing before {@code --} that could be a second TARGET's option value.
 * Anything else is null: a wrong guess costs a git process on the other core, a missed one nothing. When the whole
 * line is a {@link PlainFileCall}, the diff of that file is guessed too and started once the range is open
 * ({@link DiffAhead}).
 */
public final class TargetAhead {
    private TargetAhead() {}

    public static Git.Ahead of(String... args) {
        int i = 0;
        String dir = "";
        if (args.length >= 2 && args[0].equals("-C")) {
            dir = args[1];
            i = 2;
        }
        if (i >= args.length || args[i].startsWith("-") || PlainFileCall.COMMANDS.contains(args[i])) {
            return null;
        }
        for (int j = i + 1; j < args.length && !args[j].equals("--"); j++) {
            if (args[j].startsWith("-C") || args[j].startsWith("--timeout") || args[j].startsWith("--commit")
                    || args[j].startsWith("--base")) {
                return null;
            }
        }
        // Its revisions are checked on the preparing thread.
        Target.Range r = Target.rangeOf(args[i]);
        if (r == null) {
            return null;
        }
        Git.RangeRevisions range = new Git.RangeRevisions(r.base(), r.head(), r.threeDot());
        PlainFileCall call = PlainFileCall.of(args);
        String file = call == null || call.sha() != null || call.filesOnly() ? null : call.file();
        try {
            return new Git.Ahead(Path.of(dir), Git.DEFAULT_TIMEOUT, range, file == null ? null : new DiffAhead(file, range));
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }
}
