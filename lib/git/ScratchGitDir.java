package dev.prdiff.git;

import dev.prdiff.core.CacheFolder;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.core.PrdiffException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * A private git directory with no config, refs, index, hooks or attributes of its own, which borrows one
 * repository's object store through {@code objects/info/alternates}. Git run here sees the repository's
 * objects and nothing of its setup: its diffs are those of a bare clone in an empty environment. Kept for the
 * user across processes ({@link DiskWorkspace}) where it can be, since nothing git reads there changes; a shallow
 * repository's (its boundary is copied in, and moves) and one that objects are written into ({@link #writable})
 * are the session's own ({@link PrivateWorkspace}).
 */
final class ScratchGitDir {
    private final Session session;
    private final Path dir;
    private final Path borrowedObjects;
    private final String objectFormat;
    private final boolean kept;
    /** Counts changes of the copied shallow boundary, so that answers about the graph can be keyed by it. */
    private volatile long shallowGeneration;
    private volatile ScratchGitDir writable;

    private ScratchGitDir(Session session, Path dir, Path borrowedObjects, String objectFormat, boolean kept) {
        this.session = session;
        this.dir = dir;
        this.borrowedObjects = borrowedObjects;
        this.objectFormat = objectFormat;
        this.kept = kept;
    }

    /** Whether the borrowed object store is a partial clone's: git marks the packs it fetched with a filter so. */
    boolean borrowsPartialClone() {
        try (java.nio.file.DirectoryStream<Path> promisors = Files.newDirectoryStream(borrowedObjects.resolve("pack"),
                "*.promisor")) {
            return promisors.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The scratch directory for a repository's object store, made on first use and kept for the session (and,
     * unless the repository is shallow, for the user's later processes in the session's disk workspace).
     */
    static ScratchGitDir forObjects(Session session, Path objects, String objectFormat, Path shallowFile) {
        if (objects.toString().indexOf('\n') >= 0 || objects.toString().startsWith("\"")) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "cannot borrow objects from a path with a newline"
                    + " or a leading quote: " + objects);
        }
        boolean shallow = shallowFile != null && Files.isRegularFile(shallowFile);
        DiskWorkspace keptDir = shallow ? null : session.diskWorkspace();
        String key = objects + "\0" + objectFormat + (keptDir == null ? "\0private" : "\0kept");
        Map<String, ScratchGitDir> made = session.scratchDirs;
        ScratchGitDir scratch = made.get(key);
        if (!usable(scratch)) {
            synchronized (made) {
                scratch = made.get(key);
                if (!usable(scratch)) {
                    scratch = create(session, objects, objectFormat, keptDir);
                    made.put(key, scratch);
                }
            }
        }
        if (!scratch.kept) {
            scratch.syncShallow(shallowFile);
        }
        return scratch;
    }

    /** Made, and not removed since (by the user, or past the kept directories' bound). */
    private static boolean usable(ScratchGitDir scratch) {
        return scratch != null && whole(scratch.dir);
    }

    /** Whether a scratch directory is at {@code dir}: a kept one is filled under another name and moved in whole. */
    static boolean whole(Path dir) {
        return Files.isRegularFile(dir.resolve("HEAD"));
    }

    Path dir() {
        return dir;
    }

    long shallowGeneration() {
        return shallowGeneration;
    }

    Path borrowedObjects() {
        return borrowedObjects;
    }

    /**
     * Where objects may be written: this directory when it is the process's own, else a directory of the
     * process's own for the same object store (with no shallow boundary, as the kept one has none).
     */
    ScratchGitDir writable() {
        if (!kept) {
            return this;
        }
        synchronized (this) {
            if (!usable(writable)) {
                writable = create(session, borrowedObjects, objectFormat, null);
            }
            return writable;
        }
    }

    private static ScratchGitDir create(Session session, Path objects, String objectFormat, DiskWorkspace keptDir) {
        String config = config(objectFormat);
        String name = CacheFolder.entryName(objects + "\0" + objectFormat, "");
        if (keptDir != null) {
            Path dir = keptDir.scratch(name, made -> fill(made, objects, config),
                    found -> holdsExactly(found, objects, config));
            if (dir != null) {
                return new ScratchGitDir(session, dir, objects, objectFormat, true);
            }
        }
        Path dir = session.privateWorkspace().scratch(name, made -> fill(made, objects, config), found -> false);
        return new ScratchGitDir(session, dir, objects, objectFormat, false);
    }

    /**
     * Whether {@code dir} is what {@link #fill} makes for {@code objects} and {@code config}: its key (the borrowed
     * store, the object format) is in its files, so a directory found under a name is used only when it is that
     * name's; and nothing else is at its top (no {@code info/}, {@code hooks/}, {@code packed-refs}).
     */
    static boolean holdsExactly(Path dir, Path objects, String config) {
        try {
            return text(dir.resolve("HEAD")).equals(HEAD) && text(dir.resolve("config")).equals(config)
                    && text(dir.resolve("objects/info/alternates")).equals(objects + "\n")
                    && names(dir).equals(java.util.Set.of("HEAD", "config", "objects", "refs"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static java.util.Set<String> names(Path dir) throws IOException {
        java.util.Set<String> names = new java.util.HashSet<>();
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                names.add(p.getFileName().toString());
            }
        }
        return names;
    }

    private static final String HEAD = "ref: refs/heads/prdiff-none\n";

    private static void fill(Path dir, Path objects, String config) throws IOException {
        // An unborn HEAD: a bare repository reads .gitattributes from HEAD's tree (git 2.43+), and there is none.
        Files.writeString(dir.resolve("HEAD"), HEAD);
        PrivateFolder.made(dir.resolve("refs/heads"));
        PrivateFolder.made(dir.resolve("objects/info"));
        Files.writeString(dir.resolve("objects/info/alternates"), objects + "\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("config"), config);
    }

    /**
     * No commit-graph: it is a cache of parents and trees that git trusts when it walks history and checks only
     * in {@code git commit-graph verify}, and the borrowed object store's own would be read through the alternate.
     */
    private static String config(String objectFormat) {
        if (objectFormat.equals("sha1")) {
            return "[core]\n\trepositoryformatversion = 0\n\tbare = true\n\tcommitGraph = false\n";
        }
        if (!objectFormat.matches("[a-z0-9]+")) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "unknown object format: " + objectFormat);
        }
        return "[core]\n\trepositoryformatversion = 1\n\tbare = true\n\tcommitGraph = false\n[extensions]\n\tobjectformat = " + objectFormat + "\n";
    }

    /**
     * A shallow clone's boundary is data, not setup: without it git would look for parents that were never
     * fetched. Copied (atomically) so merge bases and first parents match git's in that clone.
     */
    private synchronized void syncShallow(Path shallowFile) {
        Path target = dir.resolve("shallow");
        try {
            if (shallowFile != null && Files.isRegularFile(shallowFile)) {
                byte[] boundary = Files.readAllBytes(shallowFile);
                if (Files.isRegularFile(target) && java.util.Arrays.equals(boundary, Files.readAllBytes(target))) {
                    return;
                }
                Path tmp = PrivateFolder.newEntry(dir, "shallow-", ".tmp", false);
                Files.write(tmp, boundary);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                shallowGeneration++;
            } else if (Files.deleteIfExists(target)) {
                shallowGeneration++;
            }
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot copy the shallow boundary: " + e.getMessage(), e);
        }
    }
}
