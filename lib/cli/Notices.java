package dev.prdiff.cli;

import dev.prdiff.app.Prdiff;

import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * Notices on stderr. Warnings always reach it (as git's -q keeps them); other notices unless -q; the one naming
 * what was diffed only when prdiff chose it (no TARGET, or one revision it read) or with -v, so a caller that named
 * its range gets a quiet stderr.
 */
final class Notices implements Consumer<String> {
    private final PrintStream err;
    private final boolean quiet;
    private final boolean verbose;
    private final boolean rangeChosenByPrdiff;

    Notices(PrintStream err, boolean quiet, boolean verbose, boolean rangeChosenByPrdiff) {
        this.err = err;
        this.quiet = quiet;
        this.verbose = verbose;
        this.rangeChosenByPrdiff = rangeChosenByPrdiff;
    }

    @Override
    public void accept(String message) {
        if (!message.startsWith("warning: ")) {
            if (quiet || (Prdiff.namesTheDiff(message) && !verbose && !rangeChosenByPrdiff)) {
                return;
            }
        }
        err.println("prdiff: " + message);
    }
}
