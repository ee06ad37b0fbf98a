package dev.prdiff.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

/**
 * In a terminal, stdout goes through a pager as git's does: PRDIFF_PAGER, else PAGER, else less; with LESS unset it
 * is FRX, so output shorter than the screen is printed and less quits. An empty pager or cat means none. A pager
 * that cannot start is skipped with a warning.
 */
final class Pager {
    private final Map<String, String> env;
    private final WatchedOutput out;
    private final PrintStream err;
    private Process pager;

    Pager(Map<String, String> env, WatchedOutput out, PrintStream err) {
        this.env = env;
        this.out = out;
        this.err = err;
    }

    /** Starts the pager, once, and sends stdout through it. */
    void start() {
        if (pager != null) {
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
            // a warning: printed even with -q
            err.println("prdiff: warning: the pager '" + command + "' did not start (" + e.getMessage()
                    + "); writing to the terminal");
        }
    }

    /** Ends the pager's input and waits until the person has quit it. */
    void close() {
        if (pager == null) {
            return;
        }
        out.closeCurrent();
        try {
            pager.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
