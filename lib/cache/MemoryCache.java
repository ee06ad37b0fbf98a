package dev.prdiff.cache;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Diffs a long-running process (the MCP server) keeps in memory, least recently used first out. A one-shot CLI
 * process has none: it gains nothing from one.
 */
public final class MemoryCache {
    static final int MAX_ENTRY_BYTES = 16 << 20;
    static final long MAX_TOTAL_BYTES = 64L << 20;

    private long total;
    private final LinkedHashMap<PullRequestDiffCache.Key, byte[]> entries = new LinkedHashMap<>(16, 0.75f, true);

    synchronized byte[] get(PullRequestDiffCache.Key key) {
        return entries.get(key);
    }

    synchronized void put(PullRequestDiffCache.Key key, byte[] diff) {
        if (diff.length > MAX_ENTRY_BYTES) {
            return;
        }
        byte[] old = entries.put(key, diff);
        total += diff.length - (old == null ? 0 : old.length);
        var it = entries.entrySet().iterator();
        while (total > MAX_TOTAL_BYTES && it.hasNext()) {
            Map.Entry<PullRequestDiffCache.Key, byte[]> eldest = it.next();
            total -= eldest.getValue().length;
            it.remove();
        }
    }
}
