package dev.prdiff.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Base64;

/**
 * One changed file in a files-only listing. {@code status} is one of added, modified, deleted, renamed,
 * copied, mode-changed. Binary files report zero counts and {@code binary: true}, as git's numstat prints "-".
 *
 * <p>A name that is not valid UTF-8 cannot be a JSON string as it is: its {@code path} (or {@code previous_path})
 * is then git's C-quoted form ({@link PathBytes#quoted}), which --file and the tools' file parameters accept
 * back, and {@code path_bytes_base64} ({@code previous_path_bytes_base64}) holds its exact bytes.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"path", "additions", "deletions", "status", "previous_path", "binary", "path_bytes_base64",
        "previous_path_bytes_base64"})
public record FileEntry(
        String path,
        long additions,
        long deletions,
        String status,
        @JsonProperty("previous_path") String previousPath,
        Boolean binary,
        @JsonProperty("path_bytes_base64") String pathBytesBase64,
        @JsonProperty("previous_path_bytes_base64") String previousPathBytesBase64) {

    /** {@code path} and {@code previousPath} are names as {@link PathBytes} holds them. */
    public static FileEntry of(String path, long additions, long deletions, String status, String previousPath,
                               boolean binary) {
        return new FileEntry(PathBytes.shown(path), additions, deletions, status, PathBytes.shown(previousPath), binary ? Boolean.TRUE : null,
                bytesIfNotUtf8(path), bytesIfNotUtf8(previousPath));
    }

    /** The exact name (a {@link PathBytes} String), to compare with other names. */
    @JsonIgnore
    public String name() {
        return pathBytesBase64 != null ? PathBytes.decode(Base64.getDecoder().decode(pathBytesBase64)) : path;
    }

    /** The exact previous name, or null. */
    @JsonIgnore
    public String previousName() {
        return previousPathBytesBase64 != null
                ? PathBytes.decode(Base64.getDecoder().decode(previousPathBytesBase64)) : previousPath;
    }

    private static String bytesIfNotUtf8(String name) {
        return name == null || PathBytes.isUtf8(name) ? null : Base64.getEncoder().encodeToString(PathBytes.encode(name));
    }
}
