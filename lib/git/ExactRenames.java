package dev.prdiff.git;

import dev.prdiff.diff.SectionFilter;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Proves from a whole range's {@code --raw --no-renames} records (trees compared, no contents read) how git's
 * {@code -M} pairs the wanted added and deleted files, where that needs no similarity pass: with {@code -M}
 * only deleted files are rename sources and only added files targets, and git pairs identical blobs before it
 * estimates any similarity (diffcore-rename.c, find_exact_renames), whatever the rename limit. So a range without
 * deletions renames nothing, one without additions neither, and an added file whose blob exactly one deleted file
 * of the same mode has, and no other added file, is that file's rename. Anything else is left to the whole pass.
 */
final class ExactRenames {
    /** Empty files are never proven here: whether git pairs them depends on its rename_empty setting. */
    private static final Set<String> EMPTY_BLOBS = Set.of("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
            "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813");

    private ExactRenames() {}

    /** {@code --raw} abbreviates ids, to at least 7 digits and as many as make them unique. */
    private static boolean isEmptyBlob(String id) {
        return EMPTY_BLOBS.stream().anyMatch(empty -> empty.startsWith(id));
    }

    /** The wanted paths plus their proven partners, or null when a wanted file's pairing is not proven. */
    static List<String> pathspec(Set<String> wanted, List<RawNumstat.Change> unpaired) {
        Map<String, Integer> added = new HashMap<>();
        Map<String, Integer> deleted = new HashMap<>();
        Map<String, RawNumstat.Change> addedBy = new HashMap<>();
        Map<String, RawNumstat.Change> deletedBy = new HashMap<>();
        for (RawNumstat.Change c : unpaired) {
            if (c.status() == 'A') {
                added.merge(c.newId(), 1, Integer::sum);
                addedBy.put(c.newId(), c);
            } else if (c.status() == 'D') {
                deleted.merge(c.oldId(), 1, Integer::sum);
                deletedBy.put(c.oldId(), c);
            }
        }
        Set<String> paths = new LinkedHashSet<>(wanted);
        for (RawNumstat.Change c : unpaired) {
            boolean isAdd = c.status() == 'A';
            if (!(isAdd || c.status() == 'D') || !SectionFilter.selects(wanted, c.newPath())) {
                continue;
            }
            if ((isAdd ? deleted : added).isEmpty()) {
                continue; // nothing on the other side to pair with
            }
            String blob = isAdd ? c.newId() : c.oldId();
            if (isEmptyBlob(blob) || added.getOrDefault(blob, 0) != 1 || deleted.getOrDefault(blob, 0) != 1) {
                return null;
            }
            RawNumstat.Change add = addedBy.get(blob);
            RawNumstat.Change del = deletedBy.get(blob);
            if (!add.newMode().equals(del.oldMode()) || add.newMode().startsWith("160")) {
                return null;
            }
            paths.add(isAdd ? del.oldPath() : add.newPath());
        }
        return List.copyOf(paths);
    }
}
