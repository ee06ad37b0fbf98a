package dev.prdiff.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * The files-only result: files in diff order, and the commits they were computed from so the result can be
 * reproduced ({@code head_sha} is null for a working-tree diff). {@code pagination} is present when the list is one
 * page of the changed files (--top, --skip).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"files", "range", "base_sha", "head_sha", "merge_base_sha", "source", "pagination"})
public record FileList(
        List<FileEntry> files,
        String range,
        @JsonProperty("base_sha") String baseSha,
        @JsonProperty("head_sha") String headSha,
        @JsonProperty("merge_base_sha") String mergeBaseSha,
        String source,
        Pagination pagination) {

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
}
