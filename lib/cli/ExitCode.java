package dev.prdiff.cli;

/** prdiff's exit codes, as --help lists them. */
public final class ExitCode {
    public static final int OK = 0;
    public static final int ERROR = 1;
    public static final int USAGE = 2;
    /** What a shell reports for git killed by SIGPIPE (128 + 13), so `set -o pipefail` scripts see the same. */
    public static final int CLOSED_PIPE = 141;

    private ExitCode() {}
}
