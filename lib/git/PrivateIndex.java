package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A throwaway index file in prdiff's private directory holding one commit's tree, for git commands in the scratch
 * git directory that read or write an index (check-attr --cached, update-index, write-tree). Deleted on close.
 */
final class PrivateIndex implements AutoCloseable {
    private final Git git;
    private final Path file;
    private final Map<String, String> env;

    private PrivateIndex(Git git, Path file) {
        this.git = git;
        this.file = file;
        this.env = Map.of("GIT_INDEX_FILE", file.toString());
    }

    /** A new index of {@code commit}'s tree; {@code purpose} names its file, for whoever lists the folder. */
    static PrivateIndex of(Git git, String commit, String purpose) {
        Path file;
        try {
            file = PrivateFolder.newEntry(git.session().privateWorkspace().folder("index"), purpose + "-", "", false);
            Files.delete(file); // read-tree writes it; an empty file is not an index
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot make a private index: " + e.getMessage(), e);
        }
        PrivateIndex index = new PrivateIndex(git, file);
        try {
            index.run(List.of("read-tree", commit), null);
        } catch (RuntimeException e) {
            index.close();
            throw e;
        }
        return index;
    }

    /** Runs a git command on objects with this index, failing as {@link Git#check} does. */
    Subprocess.Captured run(List<String> args, byte[] stdin) {
        Subprocess.Captured r = git.objectsRaw(args, stdin, env);
        git.check(r.result(), args);
        return r;
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the private directory goes at exit
        }
    }
}
