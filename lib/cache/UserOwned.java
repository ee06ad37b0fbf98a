package dev.prdiff.cache;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Whether a cache's file or folder is this user's own. The caches live where the environment says
 * ({@code XDG_CACHE_HOME}, {@code PRDIFF_CACHE_DIR}), which may be a folder that others can write to; an entry put
 * there by someone else could change what prdiff prints for the commits it names. So an entry answers only when this
 * process's user made it: a regular file, not a link, owned by that user (no one can give away a file to another
 * user, and git's objects are never involved). The user is the owner of {@code /proc/self} (Linux), else the
 * owner of Java's {@code user.home}; when neither is known, nothing is the user's own and nothing is kept.
 */
public final class UserOwned {
    private static final int TYPE_BITS = 0170000;
    private static final int REGULAR_FILE = 0100000;
    private static final int DIRECTORY = 0040000;
    private static final int GROUP_AND_OTHERS = 0077;
    private static volatile Object uid;

    private UserOwned() {}

    /** A regular file, not a link, of this process's user; false when it is none, or cannot be read. */
    public static boolean file(Path file) {
        return is(file, REGULAR_FILE, false);
    }

    /** A directory, not a link, of this process's user, that no one else may enter. */
    public static boolean privateDirectory(Path dir) {
        return is(dir, DIRECTORY, true);
    }

    /**
     * Makes {@code dir} (and its parents) unless it is there, itself closed to everyone but the user (0700); one
     * made meanwhile by a concurrent process, or anything else there, is left as it is for the caller to judge.
     */
    public static void makePrivateDirectory(Path dir) throws IOException {
        // Asked first: an exception, even one caught at once, costs a short-lived process its stack trace.
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.createDirectories(dir.toAbsolutePath().getParent());
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            // made meanwhile by a concurrent process
        }
    }

    private static boolean is(Path path, int type, boolean ownerOnly) {
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

    private static Object uid() {
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
