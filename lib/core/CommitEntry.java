package dev.prdiff.core;

/** An object at a commit's path, as {@code git cat-file --batch-check} reports it. */
public record CommitEntry(String commit, String path, String id, String type, long size) {
    public boolean isFile() {
        return type.equals("blob");
    }

    /** How git shows the object's name: the full commit SHA, a colon, the path as given. */
    public String name() {
        return commit + ":" + path;
    }
}
