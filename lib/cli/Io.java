package dev.prdiff.cli;

import java.io.PrintStream;
import java.util.Map;

/**
 * What one run of the command line writes to and runs in.
 *
 * @param env the environment git, gh and the pager inherit
 * @param terminal whether stdout is a terminal: then colour (--color=auto), a pager and indented JSON
 * @param session the run's session, made on first use
 */
record Io(WatchedOutput out, PrintStream err, Map<String, String> env, boolean terminal, RunSession session) {}
