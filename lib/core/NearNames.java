package dev.prdiff.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The names a typo most likely meant: an option, a command or a ref within a few edits (a swap of two neighbours
 * is one edit, so --flies-only is one from --files-only), or that starts with the typed word (as one edit): the
 * closest ones only.
 */
public final class NearNames {
    private NearNames() {}

    /** Up to {@code limit} of the {@code names} nearest {@code typed}, in the order given. */
    public static List<String> near(String typed, Iterable<String> names, int limit) {
        return near(typed, names, limit, typed.length() <= 3 ? 1 : typed.length() <= 6 ? 2 : 3);
    }

    /** As {@link #near(String, Iterable, int)}, within {@code max} edits. */
    public static List<String> near(String typed, Iterable<String> names, int limit, int max) {
        record Scored(String name, int distance, int order) {}
        List<Scored> found = new ArrayList<>();
        int order = 0;
        for (String name : names) {
            if (name.equals(typed)) {
                continue;
            }
            int d = distance(typed.toLowerCase(java.util.Locale.ROOT), name.toLowerCase(java.util.Locale.ROOT), max);
            if (d > 1 && typed.length() >= 4 && name.startsWith(typed)) {
                d = 1; // a prefix of a longer name, as --side for --side-by-side
            }
            if (d <= max) {
                found.add(new Scored(name, d, order++));
            }
        }
        found.sort(Comparator.comparingInt(Scored::distance).thenComparingInt(Scored::order));
        // Only the closest: --stats is one edit from --stat and --status, two from --sha.
        int best = found.isEmpty() ? 0 : found.get(0).distance();
        return found.stream().filter(s -> s.distance() == best).limit(limit).map(Scored::name).distinct().toList();
    }

    /** The optimal-string-alignment distance of {@code a} and {@code b} when at most {@code max}, else more. */
    static int distance(String a, String b, int max) {
        if (Math.abs(a.length() - b.length()) > max) {
            return max + 1;
        }
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
