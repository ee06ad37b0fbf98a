package dev.prdiff.azure;

import dev.prdiff.diff.ChangeType;

import java.util.Locale;

/**
 * One changed file of an iteration as Azure lists it: {@code changeType} is Azure's flags text ("edit",
 * "add", "delete", "rename", "edit, rename", …); paths have Azure's leading '/' removed.
 */
public record AzureChange(int changeTrackingId, String changeType, String path, String originalPath, String objectId,
                          String originalObjectId) {
    /** prdiff's status for Azure's change type: a rename wins over an edit, as git reports such a pair. */
    public ChangeType status() {
        String t = changeType.toLowerCase(Locale.ROOT);
        if (t.contains("delete")) {
            return ChangeType.DELETED;
        }
        if (t.contains("add")) {
            return ChangeType.ADDED;
        }
        if (t.contains("rename")) {
            return ChangeType.RENAMED;
        }
        return ChangeType.MODIFIED;
    }
}
