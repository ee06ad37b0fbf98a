package dev.prdiff.cache;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Diffs a long-running process (the MCP server) keeps in memory, least recently used first out. A one-shot CLI
 * process has none: it gains nothing from one.
 */
public final class PullRequestMemoryCache {
    static final int MAX_ENTRY_BYTES = 16 << 20;
    static final long MAX_TOTAL_BYTES = 64L << 20;
    /** How long a pull request's base, as GitHub gave it for a pinned head, is reused (README: "Pinned to a commit"). */
    public static final Duration PINNED_BASE_TTL = Duration.ofSeconds(60);
    static final int MAX_PINNED_BASES = 1024;

    private record RememberedBase(String sha, Instant until) {}

    private long total;
    private final LinkedHashMap<PullRequestDiskCache.Key, byte[]> entries = new LinkedHashMap<>(16, 0.75f, true);
    private final LinkedHashMap<String, RememberedBase> pinnedBases = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, RememberedBase> eldest) {
            return size() > MAX_PINNED_BASES;
        }
    };
    private final Clock clock;

    public PullRequestMemoryCache() {
        this(Clock.systemUTC());
    }

    public PullRequestMemoryCache(Clock clock) {
        this.clock = clock;
    }

    /** The base SHA remembered for {@code key} (host, repository, number and pinned head) if not expired, else null. */
    public synchronized String pinnedBase(String key) {
        RememberedBase b = pinnedBases.get(key);
        if (b != null && clock.instant().isBefore(b.until())) {
            return b.sha();
        }
        pinnedBases.remove(key);
        return null;
    }

    public synchronized void rememberPinnedBase(String key, String baseSha) {
        pinnedBases.put(key, new RememberedBase(baseSha, clock.instant().plus(PINNED_BASE_TTL)));
    }

    synchronized byte[] get(PullRequestDiskCache.Key key) {
        return entries.get(key);
    }

    synchronized void put(PullRequestDiskCache.Key key, byte[] diff) {
        if (diff.length > MAX_ENTRY_BYTES) {
            return;
        }
        byte[] old = entries.put(key, diff);
        total += diff.length - (old == null ? 0 : old.length);
        var it = entries.entrySet().iterator();
        while (total > MAX_TOTAL_BYTES && it.hasNext()) {
            Map.Entry<PullRequestDiskCache.Key, byte[]> eldest = it.next();
            total -= eldest.getValue().length;
            it.remove();
        }
    }
}
