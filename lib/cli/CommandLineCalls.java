package dev.prdiff.cli;

import dev.prdiff.core.PathBytes;
import dev.prdiff.shape.Refetch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Follow-up calls as prdiff command lines a shell runs as printed: the same target and the options that decide
 * what a section holds (-C, -R, --sha, -U, ...), with the file asked for (as {@code --file=PATH}, safe for a name starting with -) instead of the filters and limits.
 */
final class CommandLineCalls implements Refetch {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:@%+=,^~-]+");
    private final List<String> base;

    /** @param base the command so far, {@code prdiff} first: target and the options to keep */
    CommandLineCalls(List<String> base) {
        this.base = List.copyOf(base);
    }

    @Override
    public String whole(String path, long bytes, boolean generated) {
        return line("--file=" + PathBytes.inLine(path));
    }

    @Override
    public String list() {
        return line("--files-only");
    }

    private String line(String... more) {
        List<String> words = new ArrayList<>(base);
        words.addAll(List.of(more));
        StringBuilder s = new StringBuilder();
        for (String w : words) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(quote(w));
        }
        return s.toString();
    }

    /** As a POSIX shell reads it back: plain when safe, else in single quotes. */
    static String quote(String word) {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
