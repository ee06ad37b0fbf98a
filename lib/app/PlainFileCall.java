package dev.prdiff.app;

import java.util.List;

/**
 * A command line made only of {@code --file PATHS} (one path, or several with commas) or {@code --files-only}, or
 * both, at most one TARGET (a range, a commit, a pull request) and at most once each {@code -C DIR},
 * {@code --commit REV}, {@code --sha SHA}, {@code --base-sha SHA} and {@code -R}/{@code --repo REPO}, in any order,
 * each value as its own word or after {@code =} (short options only as their own word). It is what an agent reading
 * a change file by file sends, and it means one thing however it is parsed, so prdiff calls it without building
 * picocli's command line (see {@code prdiff.run}); for a range, its diff is started ahead too ({@link TargetAhead}).
 * A word that picocli could read otherwise makes a line not plain: one starting with {@code -} where a value or
 * TARGET goes (an option, or a value picocli refuses), a command's name as TARGET, a value after
 * {@code --files-only=}, or a path with a leading quote (git's C-quoted form, which picocli's quote trimming, when a
 * user turns it on, would change). A word starting with {@code @} is plain: neither reads it as a file of arguments.
 * Commas are split by the call itself, whichever way it was parsed.
 */
public record PlainFileCall(String dir, String target, String file, boolean filesOnly, String commit, String sha,
        String baseSha, String repo) {
    /** The words picocli reads as a command, never as a TARGET (and "help", which a reader might take for one). */
    static final List<String> COMMANDS = List.of("show", "grep", "help", "generate-completion");
    private static final int DIR = 0, FILE = 1, COMMIT = 2, SHA = 3, BASE_SHA = 4, REPO = 5;
    /** The options read, by name, and the value each one gives: -R and --repo are one option. */
    private static final List<String> OPTIONS =
            List.of("-C", "--file", "--commit", "--sha", "--base-sha", "-R", "--repo");
    private static final int[] VALUE_OF = {DIR, FILE, COMMIT, SHA, BASE_SHA, REPO, REPO};
    private static final String FILES_ONLY = "--files-only";

    public static PlainFileCall of(String... args) {
        String[] values = new String[REPO + 1];
        String target = null;
        boolean filesOnly = false;
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            if (word.equals(FILES_ONLY)) {
                if (filesOnly) {
                    return null;
                }
                filesOnly = true;
                continue;
            }
            int eq = word.startsWith("--") ? word.indexOf('=') : -1;
            int name = OPTIONS.indexOf(eq < 0 ? word : word.substring(0, eq));
            if (name < 0) {
                if (target != null || !plain(word) || COMMANDS.contains(word)) {
                    return null;
                }
                target = word;
                continue;
            }
            int option = VALUE_OF[name];
            String value = eq >= 0 ? word.substring(eq + 1) : ++i < args.length ? args[i] : null;
            if (values[option] != null || value == null || !plain(value)) {
                return null;
            }
            values[option] = value;
        }
        String file = values[FILE];
        if (file == null ? !filesOnly : file.isEmpty() || file.startsWith("\"") || file.indexOf('\0') >= 0) {
            return null;
        }
        return new PlainFileCall(values[DIR], target, file, filesOnly, values[COMMIT], values[SHA], values[BASE_SHA],
                values[REPO]);
    }

    private static boolean plain(String word) {
        return !word.startsWith("-");
    }
}
