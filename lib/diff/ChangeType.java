package dev.prdiff.diff;

/** What happened to one file; {@link #label()} is the stable name used in JSON. */
public enum ChangeType {
    ADDED("added"),
    MODIFIED("modified"),
    DELETED("deleted"),
    RENAMED("renamed"),
    COPIED("copied"),
    MODE_CHANGED("mode-changed");

    private final String label;

    ChangeType(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
