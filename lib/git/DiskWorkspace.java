package dev.prdiff.git;

import dev.prdiff.core.CacheFolder;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.core.FileTrees;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * What prdiff gives git and no git process changes, kept for the user across prdiff processes in
 * {@code $XDG_CACHE_HOME/prdiff/git-v1} (else {@code ~/.cache/prdiff/git-v1}, see {@link CacheFolder}): an empty
 * HOME, a scratch git directory per object store ({@link ScratchGitDir}) and the carried-over trust settings as
 * config files named by their content. A process then makes and removes nothing of its own for a diff, where a
 * {@link PrivateWorkspace} costs about 4 ms of every start. Git reads the scratch directories' config and
 * attributes, so whoever could write there could run a program as the user: the folder is used only while it is
 * the user's own, closed to everyone else, on a path no one else can change ({@link PrivateFolder#folder}), checked
 * at every use (every call; each git command asks {@link Session#diskWorkspace}, see {@code Git}); else, or with the
 * disk caches off, the session's private workspace serves.
 */
final class DiskWorkspace implements Workspace {
    /** Scratch directories past this many are removed, least recently made first. */
    static final int MAX_SCRATCH = 256;

    private final Path root;
    private final PrivateFolder folders;
    private volatile Path emptyHome;

    DiskWorkspace(Path root, PrivateFolder folders) {
        this.root = root;
        this.folders = folders;
    }

    /** Whether {@code path} is in this kept directory. */
    @Override
    public boolean holds(Path path) {
        return path.startsWith(root);
    }

    /** The kept HOME, made on first use and checked once per session; null when something was put in it. */
    @Override
    public Path emptyHome() {
        Path home = emptyHome;
        if (home == null) {
            home = madeEmptyHome();
            emptyHome = home;
        }
        return home;
    }

    /** The kept HOME, made on first use; null when something was put in it, which git could read. */
    private Path madeEmptyHome() {
        Path home = root.resolve("home");
        try {
            PrivateFolder.make(home);
            if (!folders.privateDirectory(home)) {
                return null;
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(home)) {
                return entries.iterator().hasNext() ? null : home;
            }
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The scratch directory named {@code name}, filled by {@code fill} on first use: made whole under a temporary
     * name and renamed into place, so a concurrent process finds it whole or not at all. One found there is used only
     * when {@code matches} it (it holds its key, and nothing else). Null when it cannot be made or does not match.
     */
    @Override
    public Path scratch(String name, Filler fill, java.util.function.Predicate<Path> matches) {
        Path dir = root.resolve("scratch").resolve(name);
        if (ScratchGitDir.whole(dir)) {
            return matches.test(dir) ? dir : null;
        }
        Path tmp = null;
        try {
            Path parent = PrivateFolder.made(dir.getParent());
            tmp = PrivateFolder.newEntry(parent, ".new-", "", true);
            fill.fill(tmp);
            evictScratch(parent);
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
            return dir;
        } catch (IOException | RuntimeException e) {
            // made meanwhile by a concurrent process, else none
            return ScratchGitDir.whole(dir) && matches.test(dir) ? dir : null;
        } finally {
            if (tmp != null) {
                FileTrees.deleteQuietly(tmp);
            }
        }
    }

    /** Keeps fewer than {@link #MAX_SCRATCH} scratch directories before one more is added. */
    private static void evictScratch(Path parent) throws IOException {
        record Made(Path dir, long millis) {}
        List<Made> dirs = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, "[!.]*")) {
            for (Path dir : entries) {
                try {
                    dirs.add(new Made(dir, Files.getLastModifiedTime(dir).toMillis()));
                } catch (IOException e) {
                    // removed meanwhile
                }
            }
        }
        dirs.sort(Comparator.comparingLong(Made::millis));
        for (int i = 0; i <= dirs.size() - MAX_SCRATCH; i++) {
            FileTrees.deleteQuietly(dirs.get(i).dir());
        }
    }

    /**
     * A config file holding exactly {@code config}, named by its content; written (whole, then renamed into place)
     * when missing or not that content. Null when it cannot be written.
     */
    @Override
    public Path configFile(String config) {
        byte[] content = config.getBytes(StandardCharsets.UTF_8);
        Path file = root.resolve("trust").resolve(CacheFolder.entryName(config, "") + ".gitconfig");
        try {
            if (Arrays.equals(Files.readAllBytes(file), content)) {
                return file;
            }
        } catch (IOException e) {
            // not kept yet
        }
        Path tmp = null;
        try {
            Path parent = PrivateFolder.made(file.getParent());
            tmp = PrivateFolder.newEntry(parent, ".new-", "", false);
            Files.write(tmp, content);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
            return file;
        } catch (IOException e) {
            return null;
        } finally {
            if (tmp != null) {
                FileTrees.deleteQuietly(tmp);
            }
        }
    }
}
