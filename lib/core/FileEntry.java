package dev.prdiff.core;

import java.util.Base64;

/**
 * One changed file in a files-only listing. {@code status} is one of added, modified, deleted, renamed,
 * copied, mode-changed. Binary files report zero counts and {@code binary: true}, as git's numstat prints "-".
 *
 * <p>A name that is not valid UTF-8 cannot be a JSON string as it is: its {@code path} (or {@code previous_path})
 * is then git's C-quoted form ({@link PathBytes#quoted}), which --file and the tools' file parameters accept
 * back, and {@code path_bytes_base64} ({@code previous_path_bytes_base64}) holds its exact bytes.
 */
public record FileEntry(
        String path,
        long additions,
        long deletions,
        String status,
        String previousPath,
        Boolean binary,
        String pathBytesBase64,
        String previousPathBytesBase64) implements JsonValue {

    /** {@code path} and {@code previousPath} are names as {@link PathBytes} holds them. */
    public static FileEntry of(String path, long additions, long deletions, String status, String previousPath,
                               boolean binary) {
        return new FileEntry(PathBytes.shown(path), additions, deletions, status, PathBytes.shown(previousPath), binary ? Boolean.TRUE : null,
                bytesIfNotUtf8(path), bytesIfNotUtf8(previousPath));
    }

    /** The exact name (a {@link PathBytes} String), to compare with other names. */
    public String name() {
        return pathBytesBase64 != null ? PathBytes.decode(Base64.getDecoder().decode(pathBytesBase64)) : path;
    }

    /** The exact previous name, or null. */
    public String previousName() {
        return previousPathBytesBase64 != null
                ? PathBytes.decode(Base64.getDecoder().decode(previousPathBytesBase64)) : previousPath;
    }

    private static String bytesIfNotUtf8(String name) {
        return name == null || PathBytes.isUtf8(name) ? null : Base64.getEncoder().encodeToString(PathBytes.encode(name));
    }

    @Override
    public void writeJson(JsonText out) {
        out.present("path", path).field("additions", additions).field("deletions", deletions).present("status", status)
                .present("previous_path", previousPath).present("binary", binary)
                .present("path_bytes_base64", pathBytesBase64)
                .present("previous_path_bytes_base64", previousPathBytesBase64);
    }
}
