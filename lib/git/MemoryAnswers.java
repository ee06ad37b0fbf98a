package dev.prdiff.git;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Answers about full object ids, kept in memory for a {@link Session} (see {@link Memo}). A full id names its contents for good, so such an answer
 * never changes; a name or an abbreviated id can move, so a key holding one is never made ({@link #key} gives
 * null and nothing is kept). Cleared whole when full, which bounds a long-lived server's memory.
 */
final class MemoryAnswers<V> {
    private final int maxEntries;
    private final Map<List<Object>, V> answers = new ConcurrentHashMap<>();

    MemoryAnswers(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    /**
     * The key for {@code ids} in the object store of {@code scratch}, plus {@code more} (what else the answer
     * depends on), or null when any id is not a full object id. An id may be {@code A...B} of two full ids (git
     * diffs from their merge base). The shallow boundary's generation is part of every key: a commit's parents,
     * and so merge bases, can change with it and with nothing else.
     */
    static List<Object> key(ScratchGitDir scratch, List<String> ids, Object... more) {
        List<Object> key = new ArrayList<>(List.of(scratch.dir(), scratch.shallowGeneration()));
        for (String id : ids) {
            int dots = id.indexOf("...");
            boolean full = dots < 0 ? ObjectIds.isFullId(id)
                    : ObjectIds.isFullId(id.substring(0, dots)) && ObjectIds.isFullId(id.substring(dots + 3));
            if (!full) {
                return null;
            }
            key.add(id);
        }
        key.addAll(List.of(more));
        return List.copyOf(key);
    }

    /** The kept answer, or null (also for a null key). */
    V known(List<Object> key) {
        return key == null ? null : answers.get(key);
    }

    void keep(List<Object> key, V answer) {
        if (key == null) {
            return;
        }
        if (answers.size() >= maxEntries) {
            answers.clear();
        }
        answers.put(key, answer);
    }

    /** The kept answer, else {@code compute}'s, kept when the key is not null. */
    V get(List<Object> key, Supplier<V> compute) {
        V known = known(key);
        if (known != null) {
            return known;
        }
        V answer = compute.get();
        keep(key, answer);
        return answer;
    }

    int size() {
        return answers.size();
    }
}
