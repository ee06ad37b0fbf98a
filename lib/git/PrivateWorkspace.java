package dev.prdiff.git;

import dev.prdiff.core.PrivateFolder;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileTrees;
import dev.prdiff.core.PrdiffException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's own directory for git, readable only by the user and removed at exit: an empty HOME for every
 * git process, the user's carried-over trust settings, and the scratch git directories diffs are computed in.
 */
final class PrivateWorkspace {
    private static PrivateWorkspace instance;

    private final Path root;

    private PrivateWorkspace(Path root) {
        this.root = root;
    }

    static synchronized PrivateWorkspace get() {
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
            instance = new PrivateWorkspace(root);
        }
        return instance;
    }

    /** A directory that exists and is empty: HOME and XDG_CONFIG_HOME for git, so no user file is found there. */
    Path emptyHome() {
        return PrivateFolder.made(root.resolve("home"));
    }

    Path resolve(String name) {
        return root.resolve(name);
    }

    private static Path create() {
        try {
            return PrivateFolder.newEntry(Path.of(System.getProperty("java.io.tmpdir")), "prdiff-", "", true);
        } catch (IOException | UnsupportedOperationException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create a private temporary directory: "
                    + e.getMessage(), e);
        }
    }
}
