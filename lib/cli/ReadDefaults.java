package dev.prdiff.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * What show and grep take from prdiff's own command line: its -C and --timeout (their own win when given), and
 * the words after {@code --}.
 */
record ReadDefaults(Path dir, int timeoutSeconds, List<String> pathsAfterDashes) {}
