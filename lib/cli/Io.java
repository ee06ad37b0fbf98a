package dev.prdiff.cli;

import dev.prdiff.git.Session;

import java.io.PrintStream;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one run of the command line writes to and runs in.
 *
 * @param env the environment git, gh and the pager inherit
 * @param terminal whether stdout is a terminal: then colour (--color=auto), a pager and indented JSON
 * @param session the run's session, which the entry point made (on first use) and closes
 */
record Io(WatchedOutput out, PrintStream err, Map<String, String> env, boolean terminal, Supplier<Session> session) {}
