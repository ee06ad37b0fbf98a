package dev.prdiff.cache;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;

/**
 * Pull request diffs as GitHub rendered them, kept per (host, repository, number, base SHA, head SHA) so that
 * reading a big pull request file by file downloads it once. On disk in the user's cache directory, bounded in
 * size (least recently used files go first), written to a temporary file and renamed into place so concurrent
 * processes never see half a diff; and, in a long-running MCP server, in memory too. A key names both SHAs, so
 * a cached diff can only ever answer for the head it was downloaded for.
 */
public final class PullRequestDiffCache {
    public static final long DEFAULT_MAX_BYTES = 1L << 30;

    public record Key(String host, String repo, long number, String baseSha, String headSha) {
        String fileName() {
            return CacheFiles.nameOf(host + "\n" + repo.toLowerCase(java.util.Locale.ROOT) + "\n" + number + "\n"
                    + baseSha + "\n" + headSha, ".diff");
        }
    }

    private final Path dir;
    private final long maxBytes;
    private final MemoryCache memory;

    PullRequestDiffCache(Path dir, long maxBytes, MemoryCache memory) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.memory = memory;
    }

    /**
     * The user's cache: {@code PRDIFF_CACHE_DIR}, else {@code $XDG_CACHE_HOME/prdiff/pr-diffs}, else
     * {@code ~/.cache/prdiff/pr-diffs}; {@code PRDIFF_CACHE_MAX_BYTES} bounds it. Null (no cache) when
     * {@code PRDIFF_CACHE_DIR} is empty or no home is known. {@code memory}, if not null, is consulted first.
     */
    public static PullRequestDiffCache forUser(Map<String, String> env, MemoryCache memory) {
        String configured = env.get("PRDIFF_CACHE_DIR");
        Path dir;
        if (configured != null) {
            if (configured.isEmpty()) {
                return null;
            }
            dir = Path.of(configured);
        } else {
            Path root = CacheFiles.userRoot(env);
            if (root == null) {
                return null;
            }
            dir = root.resolve("pr-diffs");
        }
        long max = DEFAULT_MAX_BYTES;
        try {
            if (env.get("PRDIFF_CACHE_MAX_BYTES") != null) {
                max = Long.parseLong(env.get("PRDIFF_CACHE_MAX_BYTES"));
            }
        } catch (NumberFormatException e) {
            // An unreadable bound keeps the default.
        }
        return new PullRequestDiffCache(dir, max, memory);
    }

    /** The cached diff, from memory or disk; marks it recently used. */
    public Optional<InputStream> open(Key key) {
        byte[] inMemory = memory == null ? null : memory.get(key);
        if (inMemory != null) {
            return Optional.of(new ByteArrayInputStream(inMemory));
        }
        Path file = dir.resolve(key.fileName());
        if (!UserOwned.file(file)) {
            return Optional.empty(); // none, or not one this user downloaded: PRDIFF_CACHE_DIR may be anyone's folder
        }
        try {
            InputStream in = Files.newInputStream(file);
            CacheFiles.touch(file);
            return Optional.of(in);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A writer for a diff being downloaded; nothing is visible until {@link Entry#commit()}. */
    public Entry begin(Key key) {
        return new Entry(key);
    }

    /** One diff being written: to a temporary file beside its place, then renamed into place. */
    public final class Entry implements AutoCloseable {
        private final Key key;
        private Path tmp;
        private OutputStream out;
        private boolean failed;
        private final java.io.ByteArrayOutputStream copy = new java.io.ByteArrayOutputStream();
        private boolean memoryFits = PullRequestDiffCache.this.memory != null;

        Entry(Key key) {
            this.key = key;
            try {
                UserOwned.makePrivateDirectory(dir);
                tmp = Files.createTempFile(dir, ".partial-", ".tmp");
                out = Files.newOutputStream(tmp);
            } catch (IOException e) {
                failed = true; // a cache that cannot be written is no reason to fail the diff
            }
        }

        public void write(byte[] b, int off, int len) {
            if (memoryFits) {
                if (copy.size() + len > MemoryCache.MAX_ENTRY_BYTES) {
                    memoryFits = false;
                    copy.reset();
                } else {
                    copy.write(b, off, len);
                }
            }
            if (failed) {
                return;
            }
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                failed = true; // a full disk loses the cache entry, not the answer
            }
        }

        /** Reads {@code in} as it is, copying every byte read into this entry. */
        public InputStream tee(InputStream in) {
            return new java.io.FilterInputStream(in) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        write(new byte[] {(byte) b}, 0, 1);
                    }
                    return b;
                }

                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    int n = super.read(buf, off, len);
                    if (n > 0) {
                        write(buf, off, n);
                    }
                    return n;
                }

                @Override
                public long skip(long n) throws IOException {
                    return super.read(new byte[(int) Math.min(n, 8192)]);
                }
            };
        }

        /** Makes the diff visible to every process, then trims the cache to its bound. */
        public void commit() {
            if (memoryFits) {
                PullRequestDiffCache.this.memory.put(key, copy.toByteArray());
            }
            if (failed) {
                close();
                return;
            }
            try {
                out.close();
                Files.move(tmp, dir.resolve(key.fileName()), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
                tmp = null;
                evict();
            } catch (IOException e) {
                close();
            }
        }

        /** Discards what was written unless committed. */
        @Override
        public void close() {
            try {
                if (out != null) {
                    out.close();
                }
                if (tmp != null) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException e) {
                // Nothing more to do for a temporary file that will not go away.
            }
        }
    }

    /** Least recently used first, until the total fits; a lone diff larger than the bound is not kept either. */
    void evict() throws IOException {
        CacheFiles.evict(dir, "*.diff", maxBytes);
    }
}
