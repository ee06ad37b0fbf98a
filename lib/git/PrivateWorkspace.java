package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileTrees;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.core.PrivateFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * A session's own directory for git, readable only by the user and removed when the session closes (or, at the
 * latest, when the process exits): an empty HOME for every git process, the user's carried-over trust settings,
 * the scratch git directories diffs are computed in, and private indexes.
 */
final class PrivateWorkspace implements Workspace {
    private final Path root;
    private final Thread cleanup;

    private PrivateWorkspace(Path root, Thread cleanup) {
        this.root = root;
        this.cleanup = cleanup;
    }

    /** A new private directory under java.io.tmpdir, removed at exit unless {@link #delete}d before. */
    static PrivateWorkspace create() {
        Path root;
        try {
            root = PrivateFolder.newEntry(Path.of(System.getProperty("java.io.tmpdir")), "prdiff-", "", true);
        } catch (IOException | UnsupportedOperationException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create a private temporary directory: "
                    + e.getMessage(), e);
        }
        // Best effort at exit: a leftover scratch directory holds no secrets, only paths.
        Thread cleanup = new Thread(() -> FileTrees.deleteQuietly(root), "prdiff-private-dir-cleanup");
        try {
            Runtime.getRuntime().addShutdownHook(cleanup);
        } catch (IllegalStateException exiting) {
            // made while a signal was ending the process
            FileTrees.deleteQuietly(root);
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "prdiff is exiting", exiting);
        }
        return new PrivateWorkspace(root, cleanup);
    }

    /** Whether the directory is still there (the user may have removed it under a long-running server). */
    boolean exists() {
        return Files.isDirectory(root);
    }

    /** Removes the directory now, and its removal at exit. */
    void delete() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException exiting) {
            // the hook runs anyway
        }
        FileTrees.deleteQuietly(root);
    }

    /** A directory that exists and is empty: HOME and XDG_CONFIG_HOME for git, so no user file is found there. */
    @Override
    public Path emptyHome() {
        return PrivateFolder.made(root.resolve("home"));
    }

    /** A new config file of this session's own holding {@code config}. */
    @Override
    public Path configFile(String config) {
        try {
            Path file = PrivateFolder.newEntry(root, "trust-", ".gitconfig", false);
            Files.writeString(file, config, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot write a private git config: " + e.getMessage(), e);
        }
    }

    /** A new scratch directory of this session's own; {@code name} and {@code matches} serve the kept ones only. */
    @Override
    public Path scratch(String name, Filler fill, Predicate<Path> matches) {
        try {
            Path dir = PrivateFolder.newEntry(PrivateFolder.made(root.resolve("scratch")), "objects-", "", true);
            fill.fill(dir);
            return dir;
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot create a scratch git directory: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public boolean holds(Path path) {
        return path.startsWith(root);
    }

    /** A folder of this workspace for {@code purpose} (private indexes, git run outside any repository), made. */
    Path folder(String purpose) {
        return PrivateFolder.made(root.resolve(purpose));
    }
}
