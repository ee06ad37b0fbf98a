package dev.prdiff.cache;

import dev.prdiff.core.CacheFolder;
import dev.prdiff.core.PrivateFolder;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
 * a cached diff can only ever answer for the head it was downloaded for: each entry begins with its key in full,
 * which a read checks.
 */
public final class PullRequestDiskCache {
    public static final long DEFAULT_MAX_BYTES = 1L << 30;

    public record Key(String host, String repo, long number, String baseSha, String headSha) {
        /** The key in full, as every entry begins with it (then a NUL): a renamed entry is not its key's. */
        String text() {
            return "prdiff pull request diff v1\n" + host + "\n" + repo.toLowerCase(java.util.Locale.ROOT) + "\n"
                    + number + "\n" + baseSha + "\n" + headSha;
        }

        String fileName() {
            return DiskEntries.nameOf(host + "\n" + repo.toLowerCase(java.util.Locale.ROOT) + "\n" + number + "\n"
                    + baseSha + "\n" + headSha, ".diff");
        }
    }

    private final Path dir;
    private final long maxBytes;
    private final PullRequestMemoryCache memory;
    private final PrivateFolder folders;

    PullRequestDiskCache(Path dir, long maxBytes, PullRequestMemoryCache memory, PrivateFolder folders) {
        this.folders = folders;
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.memory = memory;
    }

    /**
     * The user's cache, in {@link CacheFolder}'s folder for pull request diffs ({@code PRDIFF_CACHE_DIR},
     * else {@code $XDG_CACHE_HOME/prdiff/pr-diffs}, else {@code ~/.cache/prdiff/pr-diffs});
     * {@code PRDIFF_CACHE_MAX_BYTES} bounds it. Null (no cache) when {@code PRDIFF_CACHE_DIR} is empty or no home
     * is known. {@code memory}, if not null, is consulted first; {@code folders} checks the folder at each use.
     */
    public static PullRequestDiskCache forUser(Map<String, String> env, PullRequestMemoryCache memory,
            PrivateFolder folders) {
        Path dir = CacheFolder.of(env, CacheFolder.PULL_REQUEST_DIFFS);
        if (dir == null) {
            return null;
        }
        long max = DEFAULT_MAX_BYTES;
        try {
            if (env.get("PRDIFF_CACHE_MAX_BYTES") != null) {
                max = Long.parseLong(env.get("PRDIFF_CACHE_MAX_BYTES"));
            }
        } catch (NumberFormatException e) {
            // An unreadable bound keeps the default.
        }
        return new PullRequestDiskCache(dir, max, memory, folders);
    }

    /**
     * The cached diff, from memory or disk; marks it recently used. On disk only from a folder no one else can
     * write to (checked now), a file of the user's own opened without following a link, that begins with its key.
     */
    public Optional<InputStream> open(Key key) {
        byte[] inMemory = memory == null ? null : memory.get(key);
        if (inMemory != null) {
            return Optional.of(new ByteArrayInputStream(inMemory));
        }
        if (!folders.checked(dir, false, false).usable()) {
            return Optional.empty();
        }
        Path file = dir.resolve(key.fileName());
        InputStream in = folders.open(file);
        if (in == null) {
            return Optional.empty(); // none, or not one this user downloaded
        }
        try {
            byte[] header = (key.text() + "\0").getBytes(StandardCharsets.UTF_8);
            if (!java.util.Arrays.equals(header, in.readNBytes(header.length))) {
                in.close();
                return Optional.empty(); // another key's entry under this name, or torn
            }
            DiskEntries.touch(file);
            return Optional.of(in);
        } catch (IOException e) {
            try {
                in.close();
            } catch (IOException closing) {
                // nothing was served
            }
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
        private boolean memoryFits = PullRequestDiskCache.this.memory != null;

        Entry(Key key) {
            this.key = key;
            if (key.text().indexOf('\0') >= 0 || !folders.checked(dir, true, false).usable()) {
                failed = true; // a key that cannot be written whole, or a folder others can change: nothing kept
                return;
            }
            try {
                tmp = Files.createTempFile(dir, ".partial-", ".tmp");
                out = Files.newOutputStream(tmp);
                out.write((key.text() + "\0").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                failed = true; // a cache that cannot be written is no reason to fail the diff
            }
        }

        public void write(byte[] b, int off, int len) {
            if (memoryFits) {
                if (copy.size() + len > PullRequestMemoryCache.MAX_ENTRY_BYTES) {
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
                PullRequestDiskCache.this.memory.put(key, copy.toByteArray());
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
        DiskEntries.evict(dir, "*.diff", maxBytes);
    }
}
