package dev.prdiff.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What prdiff's disk caches share: how an entry is named, and how a cache folder is kept within its bound (least
 * recently used first, by modification time, which a read refreshes). Where a cache lives is {@code CacheFolder}'s
 * rule, and whether its folder may be used {@code PrivateFolder}'s.
 */
final class DiskEntries {
    private DiskEntries() {}

    /** An entry's file name: the SHA-256 of {@code id} in hex, then {@code suffix}. */
    static String nameOf(String id, String suffix) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(id.getBytes(StandardCharsets.UTF_8))) + suffix;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Marks an entry recently used. */
    static void touch(Path file) {
        // java.io's call, not Files.setLastModifiedTime, whose attribute view classes a short start does not load.
        // Failing, only the eviction order suffers.
        file.toFile().setLastModified(System.currentTimeMillis());
    }

    /** Deletes entries matching {@code glob}, least recently used first, until the rest fit in {@code maxBytes}. */
    static void evict(Path dir, String glob, long maxBytes) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, glob)) {
            entries.forEach(files::add);
        }
        record Sized(Path file, FileTime used, long size) {}
        List<Sized> sized = new ArrayList<>();
        long total = 0;
        for (Path f : files) {
            try {
                long size = Files.size(f);
                sized.add(new Sized(f, Files.getLastModifiedTime(f), size));
                total += size;
            } catch (IOException e) {
                // removed by another process meanwhile
            }
        }
        sized.sort((a, b) -> a.used().compareTo(b.used()));
        for (Sized entry : sized) {
            if (total <= maxBytes) {
                break;
            }
            Files.deleteIfExists(entry.file());
            total -= entry.size();
        }
    }
}
