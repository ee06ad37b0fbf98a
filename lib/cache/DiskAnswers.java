package dev.prdiff.cache;

import dev.prdiff.core.SmallFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Map;

/**
 * Answers that depend only on what their key names (full object ids, git's own build), kept on disk for the user
 * so that a later prdiff process need not compute them again. One file per answer, named by a hash of its key
 * and holding the key, a NUL, then the answer; written to a temporary file and renamed into place, so that
 * concurrent processes see a whole answer or none; least recently used first out past a bound. A file that does
 * not begin with its own key is not its answer (torn, foreign, a hash alike) and is ignored, and so is one that is
 * not the user's own ({@link UserOwned}): the folder is wherever the environment says.
 */
public final class DiskAnswers {
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    private final Path dir;
    private final long maxBytes;

    DiskAnswers(Path dir, long maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
    }

    /**
     * The user's answers of one kind: {@code $XDG_CACHE_HOME/prdiff/KIND}, else {@code ~/.cache/prdiff/KIND}. Null
     * (nothing kept) when {@code PRDIFF_CACHE_DIR} is set and empty, which turns every disk cache off, or when no
     * home is known.
     */
    public static DiskAnswers forUser(Map<String, String> env, String kind) {
        Path dir = userDir(env, kind);
        return dir == null ? null : new DiskAnswers(dir, DEFAULT_MAX_BYTES);
    }

    /** Where the user's things of one kind are kept, as {@link #forUser} finds it; null when nothing is kept. */
    public static Path userDir(Map<String, String> env, String kind) {
        if ("".equals(env.get("PRDIFF_CACHE_DIR"))) {
            return null;
        }
        Path root = CacheFiles.userRoot(env);
        return root == null ? null : root.resolve(kind);
    }

    /** The kept answer for {@code key}, or null; marks it recently used. Only a file the user made answers. */
    public byte[] get(String key) {
        Path file = dir.resolve(fileName(key));
        if (!UserOwned.file(file)) {
            return null;
        }
        try {
            byte[] content = SmallFiles.read(file);
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            if (content.length < k.length + 1 || content[k.length] != 0
                    || !Arrays.equals(content, 0, k.length, k, 0, k.length)) {
                return null;
            }
            CacheFiles.touch(file);
            return Arrays.copyOfRange(content, k.length + 1, content.length);
        } catch (IOException e) {
            return null;
        }
    }

    /** Keeps {@code answer} for {@code key}; a cache that cannot be written loses the answer, nothing else. */
    public void put(String key, byte[] answer) {
        Path tmp = null;
        try {
            UserOwned.makePrivateDirectory(dir);
            tmp = Files.createTempFile(dir, ".partial-", ".tmp");
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            byte[] content = new byte[k.length + 1 + answer.length];
            System.arraycopy(k, 0, content, 0, k.length);
            System.arraycopy(answer, 0, content, k.length + 1, answer.length);
            Files.write(tmp, content);
            Files.move(tmp, dir.resolve(fileName(key)), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
            CacheFiles.evict(dir, "*.answer", maxBytes);
        } catch (IOException | UnsupportedOperationException e) {
            // Nothing kept; the answer itself stands.
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // a temporary file that will not go away
                }
            }
        }
    }

    /** A file name for {@code key}: 32 hex digits of a hash of it, as this cache names its answers. */
    public static String nameOf(String key) {
        return CacheFiles.checkedNameOf(key, "");
    }

    private static String fileName(String key) {
        return CacheFiles.checkedNameOf(key, ".answer");
    }
}
