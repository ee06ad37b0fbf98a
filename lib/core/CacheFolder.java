package dev.prdiff.core;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;

/**
 * The one rule for where prdiff keeps things on disk for the user, decided from the environment: each kind in a
 * folder of its own under {@code $XDG_CACHE_HOME/prdiff} (an absolute {@code XDG_CACHE_HOME}), else under
 * {@code ~/.cache/prdiff}; the pull request diffs in {@code PRDIFF_CACHE_DIR} when it is set. An empty
 * {@code PRDIFF_CACHE_DIR} turns every disk cache off. Whether a folder may be used is {@link PrivateFolder}'s.
 */
public final class CacheFolder {
    /** The kind of the pull request diffs, which {@code PRDIFF_CACHE_DIR} places on its own. */
    public static final String PULL_REQUEST_DIFFS = "pr-diffs";
    /** The kind of git's workspace kept for the user (HOME, scratch git directories, trust config). */
    public static final String GIT_WORKSPACE = "git-v1";

    private CacheFolder() {}

    /** The folder of {@code kind}; null (nothing kept) when the disk caches are off or no home is known. */
    public static Path of(Map<String, String> env, String kind) {
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
     * A file name for an entry that begins with its own key, so that a reader checks what it found: a 128-bit hash
     * of {@code key} in hex (two 64-bit FNV-1a runs, different offsets, each mixed), then {@code suffix}. Not
     * SHA-256: the JDK's provider lookup costs 10 to 20 ms of a cold start, more than the answer saves, and names
     * that collide only cost a miss here.
     */
    public static String entryName(String key, String suffix) {
        long a = 0xcbf29ce484222325L;
        long b = 0x84222325cbf29ce4L;
        for (byte x : key.getBytes(StandardCharsets.UTF_8)) {
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
}
