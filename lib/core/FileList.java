package dev.prdiff.core;

import java.util.List;

/**
 * The files-only result: files in diff order, and the commits they were computed from so the result can be
 * reproduced ({@code head_sha} is null for a working-tree diff). {@code pagination} is present when the list is one
 * page of the changed files (--top, --skip).
 */
public record FileList(
        List<FileEntry> files,
        String range,
        String baseSha,
        String headSha,
        String mergeBaseSha,
        String source,
        Pagination pagination) implements JsonValue {

    public FileList {
        files = List.copyOf(files);
    }

    /** The whole list, not one page of it. */
    public FileList(List<FileEntry> files, String range, String baseSha, String headSha, String mergeBaseSha,
            String source) {
        this(files, range, baseSha, headSha, mergeBaseSha, source, null);
    }

    /** These files (one page of them, with {@code pagination} saying which) instead. */
    public FileList with(List<FileEntry> shown, Pagination page) {
        return new FileList(shown, range, baseSha, headSha, mergeBaseSha, source, page);
    }

    @Override
    public void writeJson(JsonText out) {
        out.present("files", files).present("range", range).present("base_sha", baseSha).present("head_sha", headSha)
                .present("merge_base_sha", mergeBaseSha).present("source", source).present("pagination", pagination);
    }
}
