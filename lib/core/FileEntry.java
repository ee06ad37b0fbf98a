package dev.prdiff.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One changed file in a files-only listing. {@code status} is one of added, modified, deleted, renamed,
 * copied, mode-changed. Binary files report zero counts and {@code binary: true}, as git's numstat prints "-".
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"path", "additions", "deletions", "status", "previous_path", "binary"})
public record FileEntry(
        String path,
        long additions,
        long deletions,
        String status,
        @JsonProperty("previous_path") String previousPath,
        Boolean binary) {

    public static FileEntry of(String path, long additions, long deletions, String status, String previousPath,
                               boolean binary) {
        return new FileEntry(path, additions, deletions, status, previousPath, binary ? Boolean.TRUE : null);
    }
}
