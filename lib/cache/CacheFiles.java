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
import java.util.Map;

/**
 * What prdiff's disk caches share: where the user's cache is, how an entry is named, and how a cache folder is kept
 * within its bound (least recently used first, by modification time, which a read refreshes).
 */
final class CacheFiles {
    private CacheFiles() {}

    /** {@code $XDG_CACHE_HOME/prdiff}, else {@code ~/.cache/prdiff}; null when no home is known. */
    static Path userRoot(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isEmpty()) {
            return Path.of(xdg, "prdiff");
        }
        String home = env.get("HOME");
        return home != null && !home.isEmpty() ? Path.of(home, ".cache", "prdiff") : null;
    }

    /** An entry's file name: the SHA-256 of {@code id} in hex, then {@code suffix}. */
    static String nameOf(String id, String suffix) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(id.getBytes(StandardCharsets.UTF_8))) + suffix;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A file name for an entry that begins with its own key, so that a reader checks what it found: a 128-bit hash
     * of {@code id} in hex (two 64-bit FNV-1a runs, different offsets, each mixed), then {@code suffix}. Not
     * SHA-256: the JDK's provider lookup costs 10 to 20 ms of a cold start, more than the answer saves, and names
     * that collide only cost a miss here.
     */
    static String checkedNameOf(String id, String suffix) {
        long a = 0xcbf29ce484222325L;
        long b = 0x84222325cbf29ce4L;
        for (byte x : id.getBytes(StandardCharsets.UTF_8)) {
            a = (a ^ (x & 0xff)) * 0x100000001b3L;
            b = (b ^ (x & 0xff)) * 0x100000001b3L;
        }
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits(mix(a)) + hex.toHexDigits(mix(b ^ a)) + suffix;
    }

    /** MurmurHash3's 64-bit finaliser: every input bit moves every output bit. */
    private static long mix(long h) {
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
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
