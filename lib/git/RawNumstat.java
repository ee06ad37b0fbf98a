package dev.prdiff.git;

import dev.prdiff.core.PathBytes;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.core.ErrorCode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code git diff --raw --numstat -z}: first one raw record per file
 * ({@code :oldmode newmode oldsha newsha STATUS\0path\0}, two paths for renames and copies), then one numstat
 * record per file in the same order ({@code adds\tdels\tpath\0}, or {@code adds\tdels\t\0old\0new\0}).
 */
final class RawNumstat {
    private RawNumstat() {}

    /**
     * One --raw record: both modes, git's status letter, the similarity digits after it (if any), both paths, and
     * both object ids.
     */
    record Change(String oldMode, String newMode, char status, String score, String oldPath, String newPath,
            String oldId, String newId) {
        boolean paired() {
            return status == 'R' || status == 'C';
        }
    }

    /** The records of {@code git diff --raw -z}. */
    static List<Change> changes(byte[] z) {
        return changes(fields(z), new int[1]);
    }

    /**
     * The records that {@code git diff --raw -z --patch} prints before its patch, read up to the NUL that
     * separates them from it, so that {@code in} is left at the patch's first byte (or at its end when the diff is
     * empty). Null, with {@code in} part-read, when the records take more than {@code limit} bytes.
     */
    static List<Change> beforePatch(InputStream in, int limit) throws IOException {
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) == ':') {
            records.write(b);
            byte[] header = field(in, records);
            char status = (char) header[lastSpace(header) + 1];
            field(in, records);
            if (status == 'R' || status == 'C') {
                field(in, records);
            }
            if (records.size() > limit) {
                return null;
            }
        }
        if (b != 0 && b != -1) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "git diff --raw --patch printed no separator before its patch");
        }
        return changes(records.toByteArray());
    }

    /** One NUL-terminated field of {@code in}, copied with its NUL into {@code records} too. */
    private static byte[] field(InputStream in, ByteArrayOutputStream records) throws IOException {
        ByteArrayOutputStream field = new ByteArrayOutputStream(64);
        int b;
        while ((b = in.read()) != 0) {
            if (b == -1) {
                throw new PrdiffException(ErrorCode.GIT_FAILED, "git diff --raw ended inside a record");
            }
            field.write(b);
        }
        field.writeTo(records);
        records.write(0);
        return field.toByteArray();
    }

    private static int lastSpace(byte[] header) {
        for (int i = header.length - 1; i >= 0; i--) {
            if (header[i] == ' ') {
                return i;
            }
        }
        throw new PrdiffException(ErrorCode.GIT_FAILED, "git diff --raw printed a record without a status");
    }

    static List<FileEntry> parse(byte[] z) {
        String[] f = fields(z);
        int[] i = {0};
        List<Change> raw = changes(f, i);
        List<FileEntry> files = new ArrayList<>(raw.size());
        for (Change c : raw) {
            if (i[0] >= f.length) {
                throw new PrdiffException(ErrorCode.GIT_FAILED, "git diff --numstat printed fewer records than --raw");
            }
            String[] counts = f[i[0]].split("\t", 3);
            i[0] += counts[2].isEmpty() ? 3 : 1;
            boolean binary = counts[0].equals("-");
            long adds = binary ? 0 : Long.parseLong(counts[0]);
            long dels = binary ? 0 : Long.parseLong(counts[1]);
            files.add(entry(c, adds, dels, binary));
        }
        return files;
    }

    private static String[] fields(byte[] z) {
        return PathBytes.decode(z).split("\0", -1);
    }

    /** The raw records at the start of {@code f}; {@code next[0]} ends past them, where numstat records begin. */
    private static List<Change> changes(String[] f, int[] next) {
        List<Change> changes = new ArrayList<>();
        int i = next[0];
        while (i < f.length && f[i].startsWith(":")) {
            String[] meta = f[i].substring(1).split(" ");
            char status = meta[4].charAt(0);
            boolean twoPaths = status == 'R' || status == 'C';
            changes.add(new Change(meta[0], meta[1], status, meta[4].substring(1), f[i + 1],
                    twoPaths ? f[i + 2] : f[i + 1], meta[2], meta[3]));
            i += twoPaths ? 3 : 2;
        }
        next[0] = i;
        return changes;
    }

    private static FileEntry entry(Change c, long adds, long dels, boolean binary) {
        String oldPath = c.oldPath();
        String newPath = c.newPath();
        return switch (c.status()) {
            case 'A' -> FileEntry.of(newPath, adds, dels, "added", null, binary);
            case 'D' -> FileEntry.of(oldPath, adds, dels, "deleted", null, binary);
            case 'R' -> FileEntry.of(newPath, adds, dels, "renamed", oldPath, binary);
            case 'C' -> FileEntry.of(newPath, adds, dels, "copied", oldPath, binary);
            default -> {
                // In a work-tree diff the new blob id is all zeros, so the counts decide, not the ids.
                boolean modeOnly = !c.oldMode().equals(c.newMode()) && !binary && adds == 0 && dels == 0;
                yield FileEntry.of(newPath, adds, dels, modeOnly ? "mode-changed" : "modified", null, binary);
            }
        };
    }
}
