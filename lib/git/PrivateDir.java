package dev.prdiff.git;

import dev.prdiff.cache.UserOwned;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileTrees;
import dev.prdiff.core.PrdiffException;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * This process's own directory for git, readable only by the user and removed at exit: an empty HOME for every
 * git process, the user's carried-over trust settings, and the scratch git directories diffs are computed in.
 */
final class PrivateDir {
    private static PrivateDir instance;

    private final Path root;

    private PrivateDir(Path root) {
        this.root = root;
    }

    static synchronized PrivateDir get() {
        if (instance == null || !Files.isDirectory(instance.root)) {
            Path root = create();
            // Best effort at exit: a leftover scratch directory holds no secrets, only paths.
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> FileTrees.deleteQuietly(root),
                        "prdiff-private-dir-cleanup"));
            } catch (IllegalStateException exiting) {
                // made while a signal was ending the process
                FileTrees.deleteQuietly(root);
                throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "prdiff is exiting", exiting);
            }
            instance = new PrivateDir(root);
        }
        return instance;
    }

    /** A directory that exists and is empty: HOME and XDG_CONFIG_HOME for git, so no user file is found there. */
    Path emptyHome() {
        return ensureDir(root.resolve("home"));
    }

    Path resolve(String name) {
        return root.resolve(name);
    }

    /** {@code dir}, made (0700, with its missing parents) by {@link UserOwned#makePrivateDirectory} if need be. */
    static Path ensureDir(Path dir) {
        try {
            UserOwned.makePrivateDirectory(dir);
            return dir;
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Path create() {
        try {
            return newEntry(Path.of(System.getProperty("java.io.tmpdir")), "prdiff-", "", true);
        } catch (IOException | UnsupportedOperationException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create a private temporary directory: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Creates a new directory (mode 0700) or empty file (0600) under {@code parent} with a name no one else holds:
     * creation is exclusive, and a name that exists is never reused. Unlike {@code Files.createTemp*}, the names come
     * from {@link ThreadLocalRandom}: those calls first load and seed {@code SecureRandom}, about 6 ms of every run's
     * start, and an unguessable name adds nothing to exclusive creation with the owner's mode.
     */
    static Path newEntry(Path parent, String prefix, String suffix, boolean directory) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = parent.resolve(prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + suffix);
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

    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
}
