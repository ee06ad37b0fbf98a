package dev.prdiff.git;

import dev.prdiff.core.PathBytes;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.core.ErrorCode;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code git diff --raw --numstat -z}: first one raw record per file
 * ({@code :oldmode newmode oldsha newsha STATUS\0path\0}, two paths for renames and copies), then one numstat
 * record per file in the same order ({@code adds\tdels\tpath\0}, or {@code adds\tdels\t\0old\0new\0}).
 */
final class RawNumstat {
    private RawNumstat() {}

    static List<FileEntry> parse(byte[] z) {
        String[] f = PathBytes.decode(z).split("\0", -1);
        List<String[]> raw = new ArrayList<>();
        int i = 0;
        while (i < f.length && f[i].startsWith(":")) {
            String[] meta = f[i].substring(1).split(" ");
            char status = meta[4].charAt(0);
            boolean twoPaths = status == 'R' || status == 'C';
            String oldPath = f[i + 1];
            String newPath = twoPaths ? f[i + 2] : f[i + 1];
            raw.add(new String[] {meta[0], meta[1], meta[2], meta[3], String.valueOf(status), oldPath, newPath});
            i += twoPaths ? 3 : 2;
        }
        List<FileEntry> files = new ArrayList<>(raw.size());
        for (String[] r : raw) {
            if (i >= f.length) {
                throw new PrdiffException(ErrorCode.GIT_FAILED, "git diff --numstat printed fewer records than --raw");
            }
            String[] counts = f[i].split("\t", 3);
            i += counts[2].isEmpty() ? 3 : 1;
            boolean binary = counts[0].equals("-");
            long adds = binary ? 0 : Long.parseLong(counts[0]);
            long dels = binary ? 0 : Long.parseLong(counts[1]);
            files.add(entry(r, adds, dels, binary));
        }
        return files;
    }

    private static FileEntry entry(String[] r, long adds, long dels, boolean binary) {
        char status = r[4].charAt(0);
        String oldPath = r[5];
        String newPath = r[6];
        return switch (status) {
            case 'A' -> FileEntry.of(newPath, adds, dels, "added", null, binary);
            case 'D' -> FileEntry.of(oldPath, adds, dels, "deleted", null, binary);
            case 'R' -> FileEntry.of(newPath, adds, dels, "renamed", oldPath, binary);
            case 'C' -> FileEntry.of(newPath, adds, dels, "copied", oldPath, binary);
            default -> {
                // In a work-tree diff the new blob id is all zeros, so the counts decide, not the ids.
                boolean modeOnly = !r[0].equals(r[1]) && !binary && adds == 0 && dels == 0;
                yield FileEntry.of(newPath, adds, dels, modeOnly ? "mode-changed" : "modified", null, binary);
            }
        };
    }
}
