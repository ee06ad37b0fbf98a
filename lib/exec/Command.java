package dev.prdiff.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One subprocess invocation: an argument array (never a shell), the exact environment it gets,
 * and a deadline. {@code label} names it in errors, for example {@code "git diff"}.
 */
public record Command(String label, List<String> argv, Path workDir, Map<String, String> env, Duration timeout) {
    public Command {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty argv");
        }
    }
}
