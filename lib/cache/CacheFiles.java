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
 * What prdiff's disk caches share: the one place that says where the user's cache of each kind is, the check of
 * its folder at each use ({@link UserOwned#folder}), how an entry is named, and how a cache folder is kept within
 * its bound (least recently used first, by modification time, which a read refreshes).
 */
public final class CacheFiles {
    /** The kind of the pull request diffs, which {@code PRDIFF_CACHE_DIR} places on its own. */
    public static final String PULL_REQUEST_DIFFS = "pr-diffs";

    private CacheFiles() {}

    /**
     * Where the user's cache of {@code kind} is: {@code $XDG_CACHE_HOME/prdiff/KIND} (an absolute
     * {@code XDG_CACHE_HOME}), else {@code ~/.cache/prdiff/KIND}; the pull request diffs in {@code PRDIFF_CACHE_DIR}
     * when it is set. Null (nothing kept) when {@code PRDIFF_CACHE_DIR} is set and empty, which turns every disk
     * cache off, or when no home is known.
     */
    public static Path folder(Map<String, String> env, String kind) {
        String configured = env.get("PRDIFF_CACHE_DIR");
        if ("".equals(configured)) {
            return null;
        }
        if (configured != null && kind.equals(PULL_REQUEST_DIFFS)) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path root;
        if (xdg != null && xdg.startsWith("/")) {
            root = Path.of(xdg, "prdiff");
        } else {
            String home = env.get("HOME");
            if (home == null || home.isEmpty()) {
                return null;
            }
            root = Path.of(home, ".cache", "prdiff");
        }
        return root.resolve(kind).toAbsolutePath().normalize();
    }

    /**
     * {@code folder} as it may be used now, by {@link UserOwned#folder}'s rule, checked at every use; with
     * {@code make}, made (0700) first when it is missing. A refused folder is told to the calls running
     * ({@link CacheNotes}) and is not used: the answer is computed as without a cache.
     */
    public static UserOwned.Folder checked(Path folder, boolean make) {
        return checked(folder, make, false);
    }

    /** As {@link #checked(Path, boolean)}; {@code closed}: usable only when no one else may even enter it. */
    public static UserOwned.Folder checked(Path folder, boolean make, boolean closed) {
        UserOwned.Folder f = UserOwned.folder(folder, closed);
        if (make && !f.usable() && f.refusal() == null) {
            try {
                UserOwned.makePrivateDirectory(folder);
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return f; // nothing kept; the answer stands
            }
            f = UserOwned.folder(folder, closed);
        }
        if (f.refusal() != null) {
            CacheNotes.refused(folder, f.refusal());
        }
        return f;
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
