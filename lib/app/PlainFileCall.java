package dev.prdiff.app;

import java.util.List;

/**
 * A command line that is exactly {@code [-C DIR] TARGET --file PATH} (or {@code --file=PATH}): one TARGET (a range,
 * a commit, a pull request), one plain path, nothing else. It is what an agent reading a change file by file sends,
 * and it means one thing however it is parsed, so prdiff calls it without building picocli's command line (see
 * {@code prdiff.run}); for a range, its diff is started ahead too ({@link TargetAhead}). A word that picocli could
 * read otherwise is not plain: one starting with {@code -} (an option, or a value picocli refuses), with {@code @}
 * (picocli reads arguments from that file), a command's name as TARGET, a value with a comma (several paths) or a
 * leading quote (git's C-quoted form).
 */
public record PlainFileCall(String dir, String target, String file) {
    /** The words picocli reads as a command, never as a TARGET (and "help", which a reader might take for one). */
    static final List<String> COMMANDS = List.of("show", "grep", "help", "generate-completion");

    public static PlainFileCall of(String... args) {
        int i = 0;
        String dir = null;
        if (args.length >= 2 && args[0].equals("-C")) {
            dir = args[1];
            i = 2;
            if (!plain(dir)) {
                return null;
            }
        }
        String file = args.length == i + 3 && args[i + 1].equals("--file") ? args[i + 2]
                : args.length == i + 2 && args[i + 1].startsWith("--file=") ? args[i + 1].substring("--file=".length())
                : null;
        if (file == null || file.isEmpty() || !plain(file) || file.startsWith("\"") || file.indexOf(',') >= 0
                || file.indexOf('\0') >= 0) {
            return null;
        }
        String target = args[i];
        return plain(target) && !COMMANDS.contains(target) ? new PlainFileCall(dir, target, file) : null;
    }

    private static boolean plain(String word) {
        return !word.startsWith("-") && !word.startsWith("@");
    }
}
