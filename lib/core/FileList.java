package dev.prdiff.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * The files-only result: files in diff order, and the commits they were computed from so the result can be
 * reproduced ({@code head_sha} is null for a working-tree diff).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"files", "range", "base_sha", "head_sha", "merge_base_sha", "source"})
public record FileList(
        List<FileEntry> files,
        String range,
        @JsonProperty("base_sha") String baseSha,
        @JsonProperty("head_sha") String headSha,
        @JsonProperty("merge_base_sha") String mergeBaseSha,
        String source) {

    public FileList {
        files = List.copyOf(files);
    }
}
