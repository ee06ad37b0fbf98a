package dev.prdiff.cache;

import dev.prdiff.core.CacheFolder;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.git.AnswerStore;

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
 * not the user's own ({@link PrivateFolder}): the folder is wherever the environment says. Each kind of answer
 * has a folder of its own ({@link CacheFolder}).
 */
public final class DiskAnswers implements AnswerStore {
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    private final Map<String, String> env;
    private final PrivateFolder folders;
    private final long maxBytes;

    private DiskAnswers(Map<String, String> env, PrivateFolder folders, long maxBytes) {
        this.env = Map.copyOf(env);
        this.folders = folders;
        this.maxBytes = maxBytes;
    }

    /**
     * The user's answers as {@code env} places them, their folders checked by {@code folders} at each use;
     * {@link AnswerStore#NONE} when the disk caches are off or no home is known.
     */
    public static AnswerStore forUser(Map<String, String> env, PrivateFolder folders) {
        return CacheFolder.of(env, "answers") == null ? AnswerStore.NONE
                : new DiskAnswers(env, folders, DEFAULT_MAX_BYTES);
    }

    /**
     * The kept answer for {@code key}, or null; marks it recently used. Only a file the user made answers, in a
     * folder no one else can write to (checked now), and only when it begins with its own key.
     */
    @Override
    public byte[] get(Key asked) {
        Path dir = CacheFolder.of(env, asked.kind());
        if (dir == null || !folders.checked(dir, false, false).usable()) {
            return null;
        }
        String key = asked.text();
        Path file = dir.resolve(fileName(key));
        byte[] content = folders.read(file);
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        if (content == null || content.length < k.length + 1 || content[k.length] != 0
                || !Arrays.equals(content, 0, k.length, k, 0, k.length)) {
            return null;
        }
        DiskEntries.touch(file);
        return Arrays.copyOfRange(content, k.length + 1, content.length);
    }

    /** Keeps {@code answer} for {@code key}; a cache that cannot be written loses the answer, nothing else. */
    @Override
    public void put(Key asked, byte[] answer) {
        Path tmp = null;
        Path dir = CacheFolder.of(env, asked.kind());
        if (dir == null || !folders.checked(dir, true, false).usable()) {
            return;
        }
        String key = asked.text();
        try {
            tmp = Files.createTempFile(dir, ".partial-", ".tmp");
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            byte[] content = new byte[k.length + 1 + answer.length];
            System.arraycopy(k, 0, content, 0, k.length);
            System.arraycopy(answer, 0, content, k.length + 1, answer.length);
            Files.write(tmp, content);
            Files.move(tmp, dir.resolve(fileName(key)), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
            DiskEntries.evict(dir, "*.answer", maxBytes);
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

    private static String fileName(String key) {
        return CacheFolder.entryName(key, ".answer");
    }
}
