package dev.prdiff.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Objects;

/**
 * The one helper for prdiff's private folders: it makes them (0700, see {@link #make}, {@link #newEntry}) and says
 * whether a folder or file is this user's own and no one else's to change. The caches live where the
 * environment says ({@code XDG_CACHE_HOME}, {@code PRDIFF_CACHE_DIR}), which may be a folder that others can write
 * to; an entry put there by someone else could change what prdiff prints, and a scratch git directory put there
 * could run a program as the user. The user is the owner of {@code /proc/self} (Linux), else the owner of Java's
 * {@code user.home}; when neither is known, nothing is the user's own and nothing is kept.
 *
 * <p>The rule for a folder ({@link #folder}): every folder on its path, from {@code /} down, is owned by the user or
 * by root, and none is writable by group or others unless it is sticky (as {@code /tmp} is: there only an entry's
 * owner may rename or remove it, and the next folder down is the user's or root's); a link on the path counts as a
 * folder of its owner and is followed, and its target's path obeys the same rule; the folder itself is the
 * user's, a real directory, writable by no one else. Then only the user and root can change anything on that path
 * or in the folder, and a check made at a use still holds when the use reads the file.
 *
 * <p>Checked at every use: every call (a CLI run, an MCP tool call) is a new use (a call's end, or an MCP call's
 * start, calls {@link #newUse}), and within one the answer for a folder is remembered, so that the many git
 * commands and cache reads of a call do not each pay for the walk (about a millisecond in a fresh JVM). What is
 * remembered belongs to one instance, which a session owns; making folders ({@link #make}, {@link #newEntry}) needs
 * none.
 */
public final class PrivateFolder {
    private static final int TYPE_BITS = 0170000;
    private static final int REGULAR_FILE = 0100000;
    private static final int DIRECTORY = 0040000;
    private static final int LINK = 0120000;
    private static final int STICKY = 01000;
    private static final int GROUP_AND_OTHERS = 0077;
    private static final int GROUP_AND_OTHERS_WRITE = 0022;
    private static final int MAX_LINKS = 40;
    private volatile Object uid;
    private final java.util.concurrent.atomic.AtomicLong use = new java.util.concurrent.atomic.AtomicLong();
    /** Per folder (and whether it must be closed to others): the use it was found usable in, and how. */
    private final Map<String, Known> usable = new java.util.concurrent.ConcurrentHashMap<>();
    /** Per folder above a cache's: the use it was found to be one no one else can change in. */
    private final Map<Path, Long> safeAbove = new java.util.concurrent.ConcurrentHashMap<>();
    private final CacheNotes notes = new CacheNotes(this);

    private record Known(long use, Folder folder) {}

    /** The checks of one session (a CLI run, an MCP server): what it found usable in its current use. */
    public PrivateFolder() {}

    /** The notes of refused folders, which the calls running listen to. */
    public CacheNotes notes() {
        return notes;
    }

    /** A new use (a call) from now on: every folder is checked anew. */
    public void newUse() {
        use.incrementAndGet();
        if (usable.size() > 256 || safeAbove.size() > 256) {
            usable.clear();
            safeAbove.clear();
        }
    }

    /** A folder's state for a cache: usable, not there (yet), or refused with the reason, which names a folder. */
    public record Folder(boolean usable, String refusal, Object fileKey) {
        static final Folder MISSING = new Folder(false, null, null);
    }

    /** A directory, not a link, of this process's user, that no one else may enter. */
    public boolean privateDirectory(Path dir) {
        return is(dir, DIRECTORY, true);
    }

    /**
     * Whether {@code dir} (absolute) may hold a cache in this use, by the rule above; {@code closed}: only when no one
     * else may even enter it.
     */
    public Folder folder(Path dir, boolean closed) {
        Object user = uid();
        if (user == null) {
            return new Folder(false, "the user who runs prdiff is not known", null);
        }
        long now = use.get();
        String key = dir + (closed ? "\0closed" : "");
        Known known = usable.get(key);
        if (known != null && known.use() == now) {
            return known.folder();
        }
        Folder f = folder(dir.toAbsolutePath().normalize(), user, 0, closed, now);
        if (f.usable()) {
            usable.put(key, new Known(now, f));
        }
        return f;
    }

    private Folder folder(Path dir, Object user, int links, boolean closed, long use) {
        Path at = dir.getRoot();
        int names = dir.getNameCount();
        for (int i = -1; i < names; i++) {
            Path p = i < 0 ? at : at.resolve(dir.getName(i));
            boolean leaf = i == names - 1;
            Long safe = leaf ? null : safeAbove.get(p);
            if (safe != null && safe == use) {
                at = p;
                continue;
            }
            Map<String, Object> a;
            try {
                a = Files.readAttributes(p, "unix:uid,mode,ino,dev", LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return Folder.MISSING;
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
                return new Folder(false, "cannot read " + p + ": " + e.getMessage(), null);
            }
            Object owner = a.get("uid");
            int mode = (Integer) a.get("mode");
            boolean rootOwned = Integer.valueOf(0).equals(owner);
            if (!user.equals(owner) && !(rootOwned && !leaf)) {
                return new Folder(false, p + " belongs to another user (uid " + owner + ")", null);
            }
            if ((mode & TYPE_BITS) == LINK) {
                if (links == MAX_LINKS) {
                    return new Folder(false, "too many links on the path " + dir, null);
                }
                Path target;
                try {
                    target = p.toRealPath();
                } catch (NoSuchFileException e) {
                    return Folder.MISSING;
                } catch (IOException e) {
                    return new Folder(false, "cannot follow " + p + ": " + e.getMessage(), null);
                }
                Path rest = i == names - 1 ? target : target.resolve(dir.subpath(i + 1, names));
                return folder(rest, user, links + 1, closed, use);
            }
            if ((mode & TYPE_BITS) != DIRECTORY) {
                return new Folder(false, p + " is not a folder", null);
            }
            boolean othersWrite = (mode & GROUP_AND_OTHERS_WRITE) != 0;
            if (othersWrite && (leaf || (mode & STICKY) == 0)) {
                return new Folder(false, p + " is writable by others (mode " + Integer.toOctalString(mode & 07777) + ")",
                        null);
            }
            if (leaf) {
                if (closed && (mode & GROUP_AND_OTHERS) != 0) {
                    return new Folder(false, p + " is open to others (mode " + Integer.toOctalString(mode & 07777) + ")",
                            null);
                }
                return new Folder(true, null, a.get("dev") + ":" + a.get("ino"));
            }
            safeAbove.put(p, use);
            at = p;
        }
        throw new IllegalStateException("no folder in " + dir);
    }

    /**
     * Opens the user's own regular file {@code file} without following a link; null when it is none (missing,
     * another user's, a link, a FIFO, a folder). Java cannot ask an open file who owns it, so the file's identity
     * (device and inode) is read before and after the open and must be the same: the open file is that file unless
     * someone swapped it twice in between, which only the user can do in a folder {@link #folder} accepts.
     */
    public InputStream open(Path file) {
        SeekableByteChannel channel = opened(file);
        return channel == null ? null : Channels.newInputStream(channel);
    }

    /** The whole of {@link #open}'s file, or null; read from the channel itself, whose classes a start has loaded. */
    public byte[] read(Path file) {
        try (SeekableByteChannel channel = opened(file)) {
            if (channel == null) {
                return null;
            }
            long size = channel.size();
            if (size > Integer.MAX_VALUE - 16) {
                return null;
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) size + 1);
            while (channel.read(buffer) > 0 && buffer.hasRemaining()) {
                // until the end, or one byte past the size seen: a file that grew meanwhile is not a whole answer
            }
            return buffer.position() == size ? java.util.Arrays.copyOf(buffer.array(), (int) size) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private SeekableByteChannel opened(Path file) {
        Object before = ownRegularFile(file);
        if (before == null) {
            return null;
        }
        SeekableByteChannel channel = null;
        try {
            channel = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            if (before.equals(ownRegularFile(file))) {
                SeekableByteChannel opened = channel;
                channel = null;
                return opened;
            }
            return null;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        } finally {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    // nothing was read
                }
            }
        }
    }

    /** The identity (device, inode) of the user's own regular file at {@code file}, not a link; else null. */
    private Object ownRegularFile(Path file) {
        try {
            Object user = uid();
            Map<String, Object> a = Files.readAttributes(file, "unix:uid,mode,ino,dev", LinkOption.NOFOLLOW_LINKS);
            if (user == null || !user.equals(a.get("uid")) || ((Integer) a.get("mode") & TYPE_BITS) != REGULAR_FILE) {
                return null;
            }
            return Objects.toString(a.get("dev")) + ":" + a.get("ino");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    /**
     * {@code folder} as it may be used now, by {@link #folder}'s rule, checked at every use; with {@code make}, made
     * (0700) first when it is missing. A refused folder is told to the calls running ({@link CacheNotes}) and is not
     * used: the answer is computed as without a cache. {@code closed}: usable only when no one else may even enter it.
     */
    public Folder checked(Path folder, boolean make, boolean closed) {
        Folder f = folder(folder, closed);
        if (make && !f.usable() && f.refusal() == null) {
            try {
                make(folder);
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return f; // nothing kept; the answer stands
            }
            f = folder(folder, closed);
        }
        if (f.refusal() != null) {
            notes.refused(folder, f.refusal());
        }
        return f;
    }

    /** {@code dir}, made by {@link #make} if need be; INTERNAL_ERROR when it cannot be. */
    public static Path made(Path dir) {
        try {
            make(dir);
            return dir;
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Creates a new directory (mode 0700) or empty file (0600) under {@code parent} with a name no one else holds:
     * creation is exclusive, and a name that exists is never reused. Unlike {@code Files.createTemp*}, the names come
     * from {@link java.util.concurrent.ThreadLocalRandom}: those calls first load and seed {@code SecureRandom},
     * about 6 ms of every run's start, and an unguessable name adds nothing to exclusive creation with the owner's
     * mode.
     */
    public static Path newEntry(Path parent, String prefix, String suffix, boolean directory) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = parent.resolve(prefix
                    + Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + suffix);
            try {
                return directory ? Files.createDirectory(p, PosixFilePermissions.asFileAttribute(OWNER_DIR))
                        : Files.createFile(p, PosixFilePermissions.asFileAttribute(OWNER_FILE));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_DIR =
            PosixFilePermissions.fromString("rwx------");
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_FILE =
            PosixFilePermissions.fromString("rw-------");

    /**
     * Makes {@code dir} and any missing parents, closed to everyone but the user (0700), unless it is there; one
     * made meanwhile by a concurrent process, or anything else there, is left as it is for the caller to judge.
     */
    public static void make(Path dir) throws IOException {
        // Asked first: an exception, even one caught at once, costs a short-lived process its stack trace.
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
        } catch (FileAlreadyExistsException e) {
            // made meanwhile by a concurrent process, or something else is there
        }
    }

    private boolean is(Path path, int type, boolean ownerOnly) {
        try {
            Object user = uid();
            Map<String, Object> a = Files.readAttributes(path, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
            int mode = (Integer) a.get("mode");
            return user != null && user.equals(a.get("uid")) && (mode & TYPE_BITS) == type
                    && (!ownerOnly || (mode & GROUP_AND_OTHERS) == 0);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }

    private Object uid() {
        Object known = uid;
        if (known == null) {
            String home = System.getProperty("user.home", "");
            for (String owned : home.isEmpty() ? new String[] {"/proc/self"} : new String[] {"/proc/self", home}) {
                try {
                    known = Files.getAttribute(Path.of(owned), "unix:uid");
                    break;
                } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
                    // the next one, if any
                }
            }
            uid = known;
        }
        return known;
    }
}
