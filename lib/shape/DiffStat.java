package dev.prdiff.shape;

import dev.prdiff.core.PathBytes;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A diffstat laid out as {@code git diff --stat} prints it into a pipe (80 columns), from per-file counts and
 * names: git's show_stats in diff.c (name cut with {@code ...} at a slash, the +/- graph scaled linearly with at
 * least one mark per side that changed, {@code Bin X -> Y bytes}, renames as {@code {a => b}/c}, the summary with
 * singular and plural). Names are C-quoted as with core.quotePath on, so every column is one ASCII byte.
 */
public final class DiffStat {
    private static final int WIDTH = 80;

    /**
     * One file: {@code oldPath} null when added, {@code newPath} null when deleted. For a binary file the blob
     * sizes in bytes, or null when unknown (then the line reads {@code Bin} alone).
     */
    public record File(String oldPath, String newPath, boolean binary, long added, long deleted, Long oldSize,
            Long newSize) {
        String printName() {
            if (oldPath != null && newPath != null && !oldPath.equals(newPath)) {
                return renamed(oldPath, newPath);
            }
            return PathBytes.quoted(newPath != null ? newPath : oldPath);
        }

        boolean sized() {
            return binary && oldSize != null && newSize != null && (oldSize != 0 || newSize != 0);
        }
    }

    private DiffStat() {}

    public static byte[] render(List<File> files) {
        if (files.isEmpty()) {
            return new byte[0];
        }
        long maxChange = 0;
        int maxLen = 0;
        int numberWidth = 0;
        int binWidth = 0;
        String[] names = new String[files.size()];
        for (int i = 0; i < files.size(); i++) {
            File f = files.get(i);
            names[i] = f.printName();
            maxLen = Math.max(maxLen, names[i].length());
            if (f.binary()) {
                long del = f.sized() ? f.oldSize() : 0;
                long add = f.sized() ? f.newSize() : 0;
                binWidth = Math.max(binWidth, 14 + decimalWidth(add) + decimalWidth(del));
                numberWidth = 3;
                continue;
            }
            maxChange = Math.max(maxChange, f.added() + f.deleted());
        }
        int width = WIDTH;
        numberWidth = Math.max(decimalWidth(maxChange), numberWidth);
        if (width < 16 + 6 + numberWidth) {
            width = 16 + 6 + numberWidth;
        }
        long graphWidth = maxChange + 4 > binWidth ? maxChange : binWidth - 4;
        long nameWidth = maxLen;
        if (nameWidth + numberWidth + 6 + graphWidth > width) {
            if (graphWidth > width * 3 / 8 - numberWidth - 6) {
                graphWidth = width * 3 / 8 - numberWidth - 6;
                if (graphWidth < 6) {
                    graphWidth = 6;
                }
            }
            if (nameWidth > width - numberWidth - 6 - graphWidth) {
                nameWidth = width - numberWidth - 6 - graphWidth;
            } else {
                graphWidth = width - numberWidth - 6 - nameWidth;
            }
        }
        StringBuilder out = new StringBuilder();
        long adds = 0;
        long dels = 0;
        for (int i = 0; i < files.size(); i++) {
            File f = files.get(i);
            String name = names[i];
            String prefix = "";
            long len = nameWidth;
            if (nameWidth < name.length()) {
                prefix = "...";
                len = Math.max(0, len - 3);
                name = name.substring((int) (name.length() - len));
                int slash = name.indexOf('/');
                if (slash >= 0) {
                    name = name.substring(slash);
                }
            }
            long padding = Math.max(0, len - name.length());
            out.append(' ').append(prefix).append(name).append(" ".repeat((int) padding)).append(" | ");
            if (f.binary()) {
                out.append(pad("Bin", numberWidth));
                if (f.sized()) {
                    out.append(' ').append(f.oldSize()).append(" -> ").append(f.newSize()).append(" bytes");
                }
                out.append('\n');
                continue;
            }
            adds += f.added();
            dels += f.deleted();
            long add = f.added();
            long del = f.deleted();
            if (graphWidth <= maxChange) {
                long total = scale(add + del, graphWidth, maxChange);
                if (total < 2 && add > 0 && del > 0) {
                    total = 2;
                }
                if (add < del) {
                    add = scale(add, graphWidth, maxChange);
                    del = total - add;
                } else {
                    del = scale(del, graphWidth, maxChange);
                    add = total - del;
                }
            }
            long changed = f.added() + f.deleted();
            out.append(pad(Long.toString(changed), numberWidth)).append(changed > 0 ? " " : "")
                    .append("+".repeat((int) add)).append("-".repeat((int) del)).append('\n');
        }
        out.append(summary(files.size(), adds, dels));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** git's print_stat_summary_inserts_deletes. */
    static String summary(int files, long insertions, long deletions) {
        StringBuilder s = new StringBuilder(" ").append(files).append(files == 1 ? " file changed" : " files changed");
        if (insertions > 0 || deletions == 0) {
            s.append(", ").append(insertions).append(insertions == 1 ? " insertion(+)" : " insertions(+)");
        }
        if (deletions > 0 || insertions == 0) {
            s.append(", ").append(deletions).append(deletions == 1 ? " deletion(-)" : " deletions(-)");
        }
        return s.append('\n').toString();
    }

    /** At least one mark for any change: scaled as if one column shorter, plus one. */
    private static long scale(long it, long width, long maxChange) {
        return it == 0 ? 0 : 1 + (it * (width - 1) / maxChange);
    }

    private static int decimalWidth(long n) {
        return Long.toString(n).length();
    }

    private static String pad(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }

    /** git's pprint_rename: the common folder prefix and suffix once, the differing middle as {a => b}. */
    static String renamed(String a, String b) {
        String qa = PathBytes.quoted(a);
        String qb = PathBytes.quoted(b);
        if (!qa.equals(a) || !qb.equals(b)) {
            return qa + " => " + qb;
        }
        int pfx = 0;
        for (int i = 0; i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i); i++) {
            if (a.charAt(i) == '/') {
                pfx = i + 1;
            }
        }
        int sfx = 0;
        int adjust = pfx > 0 ? 1 : 0;
        int oa = a.length();
        int ob = b.length();
        // As git, compare from the terminating NUL backwards, running one into the prefix's slash.
        while (pfx - adjust <= oa && pfx - adjust <= ob && charAt(a, oa) == charAt(b, ob)) {
            if (charAt(a, oa) == '/') {
                sfx = a.length() - oa;
            }
            oa--;
            ob--;
        }
        int aMid = Math.max(0, a.length() - pfx - sfx);
        int bMid = Math.max(0, b.length() - pfx - sfx);
        StringBuilder s = new StringBuilder();
        if (pfx + sfx > 0) {
            s.append(a, 0, pfx).append('{');
        }
        s.append(a, pfx, pfx + aMid).append(" => ").append(b, pfx, pfx + bMid);
        if (pfx + sfx > 0) {
            s.append('}').append(a, a.length() - sfx, a.length());
        }
        return s.toString();
    }

    /** The character at {@code i}, or NUL at the end, as a C string reads. */
    private static int charAt(String s, int i) {
        return i >= 0 && i < s.length() ? s.charAt(i) : 0;
    }
}
