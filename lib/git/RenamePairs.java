package dev.prdiff.git;

import dev.prdiff.core.PathBytes;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** A range's rename pairs as kept on disk: their {@code git diff --raw -z} records, as git printed them. */
final class RenamePairs {
    private RenamePairs() {}

    static byte[] write(List<RawNumstat.Change> pairs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (RawNumstat.Change c : pairs) {
            String record = ":" + c.oldMode() + " " + c.newMode() + " " + c.oldId() + " " + c.newId() + " "
                    + c.status() + c.score() + "\0" + c.oldPath() + "\0" + c.newPath() + "\0";
            out.writeBytes(PathBytes.encode(record));
        }
        return out.toByteArray();
    }

    /**
     * The pairs with an old or new path that {@code paths} select (one of them, or a file under one), or null when
     * {@code kept} is not what {@link #write} wrote. Only those records are parsed: a file's call on a range with
     * thousands of renames need not build them all, and the scan runs over a Latin-1 view of the bytes, whose
     * search the JDK compiles early.
     */
    static List<RawNumstat.Change> touching(byte[] kept, Set<String> paths) {
        if (kept.length > 0 && kept[kept.length - 1] != 0) {
            return null;
        }
        List<String> wanted = new ArrayList<>(paths.size());
        for (String p : paths) {
            wanted.add(new String(PathBytes.encode(p), StandardCharsets.ISO_8859_1));
        }
        String z = new String(kept, StandardCharsets.ISO_8859_1);
        List<RawNumstat.Change> found = new ArrayList<>();
        for (int start = 0; start < z.length(); ) {
            int status = z.indexOf('\0', start);
            int old = status < 0 ? -1 : z.indexOf('\0', status + 1);
            int end = old < 0 ? -1 : z.indexOf('\0', old + 1);
            int space = status < 0 ? -1 : z.lastIndexOf(' ', status);
            if (end < 0 || z.charAt(start) != ':' || space < start || !isPair(z.charAt(space + 1))) {
                return null;
            }
            if (selects(wanted, z, status + 1, old) || selects(wanted, z, old + 1, end)) {
                List<RawNumstat.Change> record = parsed(Arrays.copyOfRange(kept, start, end + 1));
                if (record == null || record.size() != 1 || !record.get(0).paired()) {
                    return null;
                }
                found.add(record.get(0));
            }
            start = end + 1;
        }
        return found;
    }

    private static List<RawNumstat.Change> parsed(byte[] record) {
        try {
            return RawNumstat.changes(record);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** R or C: the status letter that begins a pair's last metadata field ("R100"). */
    private static boolean isPair(char status) {
        return status == 'R' || status == 'C';
    }

    /** As {@link dev.prdiff.diff.SectionFilter#selects}: the field is a wanted path or lies under one. */
    private static boolean selects(List<String> wanted, String z, int from, int to) {
        for (String w : wanted) {
            int end = from + w.length();
            if (end <= to && z.startsWith(w, from) && (end == to || z.charAt(end) == '/')) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pairs, or null when {@code kept} is none or not what {@link #write} wrote: every record a pair, each with
     * its three NUL-terminated fields and nothing after the last. (Checked without writing the pairs again, which
     * costs several times the read in a fresh process.)
     */
    static List<RawNumstat.Change> read(byte[] kept) {
        if (kept == null || (kept.length > 0 && kept[kept.length - 1] != 0)) {
            return null;
        }
        try {
            List<RawNumstat.Change> pairs = RawNumstat.changes(kept);
            int fields = 0;
            for (byte b : kept) {
                if (b == 0) {
                    fields++;
                }
            }
            boolean whole = fields == 3 * pairs.size() && pairs.stream().allMatch(RawNumstat.Change::paired);
            return whole ? List.copyOf(pairs) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
