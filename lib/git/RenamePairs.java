package dev.prdiff.git;

import dev.prdiff.core.PathBytes;

import java.io.ByteArrayOutputStream;
import java.util.List;

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
