package dev.prdiff.git;

import dev.prdiff.core.CacheFolder;
import dev.prdiff.core.PrivateFolder;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What lives as long as one command-line run or one MCP server: the environment git inherits, the workspace
 * (git's empty HOME, the trust config, scratch git directories: kept on disk for the user where the environment
 * keeps caches, checked at each use, else this session's own), the in-memory memo of answers about full object ids,
 * the store of answers on disk, and what the layers above keep for as long as it lives. An entry point makes one and
 * closes it at its end; nothing of one session is seen by another.
 */
public final class Session implements AutoCloseable {
    private final Map<String, String> env;
    private final boolean servesManyCalls;
    private final AnswerStore disk;
    private final PrivateFolder folders;
    /** Where the user's workspace is kept on disk; null when it is not (disk caches off, no home): chosen once. */
    private final Path diskRoot;
    /** The disk workspace last found usable, per path and identity (device and inode): another is checked anew. */
    private final Map<String, DiskWorkspace> diskWorkspaces = new ConcurrentHashMap<>();
    private PrivateWorkspace own;
    /** Roots a test trusts instead of the system's, or null (always, for prdiff's own entry points). */
    private final TlsRoots tlsRoots;
    /** What the layers above keep for as long as this session lives, one object per type ({@link #kept}). */
    private final Map<Class<?>, Object> kept = new ConcurrentHashMap<>();

    final Memo memo = new Memo();
    final OpenedRepositories opened;
    final RenamePasses renamePasses = new RenamePasses();
    /** The scratch git directory per object store and workspace kind (see {@link ScratchGitDir#forObjects}). */
    final Map<String, ScratchGitDir> scratchDirs = new ConcurrentHashMap<>();
    final TrustSettings trust = new TrustSettings(this);

    private Session(Map<String, String> env, boolean servesManyCalls, PrivateFolder folders, AnswerStore disk,
            TlsRoots tlsRoots) {
        this.env = Map.copyOf(env);
        this.tlsRoots = tlsRoots;
        this.servesManyCalls = servesManyCalls;
        this.folders = folders;
        this.disk = disk;
        this.diskRoot = CacheFolder.of(this.env, CacheFolder.GIT_WORKSPACE);
        this.opened = new OpenedRepositories(servesManyCalls);
    }

    /**
     * For one command-line call: it opens its repository once, and nothing it starts outlives it. {@code folders}
     * checks the cache folders (the disk workspace's and {@code disk}'s, which it checks with).
     */
    public static Session forOneCall(Map<String, String> env, PrivateFolder folders, AnswerStore disk) {
        return new Session(env, false, folders, disk, null);
    }

    /**
     * For a process that serves many calls (the MCP server): what discovery finds is kept for later calls while
     * nothing it read has changed, and work a call starts (a range's rename pass) may outlive it for the next.
     */
    public static Session forManyCalls(Map<String, String> env, PrivateFolder folders, AnswerStore disk) {
        return new Session(env, true, folders, disk, null);
    }

    /** As {@link #forOneCall}, trusting {@code roots} instead of the system's: only a test builds one, in-process. */
    public static Session forOneCall(Map<String, String> env, PrivateFolder folders, AnswerStore disk, TlsRoots roots) {
        return new Session(env, false, folders, disk, roots);
    }

    /** As {@link #forManyCalls}, trusting {@code roots} instead of the system's: only a test builds one, in-process. */
    public static Session forManyCalls(Map<String, String> env, PrivateFolder folders, AnswerStore disk, TlsRoots roots) {
        return new Session(env, true, folders, disk, roots);
    }

    /** The roots a test gave instead of the system's, or null. */
    public TlsRoots tlsRoots() {
        return tlsRoots;
    }

    /** The environment git (and gh) inherit, before prdiff strips what they must not see. */
    public Map<String, String> env() {
        return env;
    }

    /** Opens the repository containing {@code dir}; NOT_A_REPOSITORY if there is none. */
    public Git open(Path dir, Duration timeout) {
        return open(dir, timeout, null);
    }

    /**
     * As {@link #open(Path, Duration)}; when discovery runs a git process, {@code range}'s revisions (and for A...B
     * their merge bases) are resolved in that same process. Null for none.
     */
    public Git open(Path dir, Duration timeout, Git.RangeRevisions range) {
        return Git.open(this, dir, timeout, range);
    }

    /** The checks of the cache folders in this session's uses, and the notes of those refused. */
    public PrivateFolder folders() {
        return folders;
    }

    /** Whether this session serves many calls (the MCP server) rather than one command-line run. */
    public boolean servesManyCalls() {
        return servesManyCalls;
    }

    /**
     * The object of {@code type} this session keeps for a layer above (the MCP server's pull request diffs in
     * memory), made by {@code make} on first ask. It lives as long as the session; git knows nothing of it.
     */
    public <T> T kept(Class<T> type, Supplier<T> make) {
        return type.cast(kept.computeIfAbsent(type, t -> make.get()));
    }

    /** Where answers outlive the session (the user's disk caches), or {@link AnswerStore#NONE}. */
    AnswerStore disk() {
        return disk;
    }

    /**
     * The user's disk workspace, checked now; null when there is none or it is refused. The same folder (path and
     * inode) gives the same object, so a caller that kept one sees a replaced folder as another object.
     */
    DiskWorkspace diskWorkspace() {
        if (diskRoot == null) {
            return null;
        }
        PrivateFolder.Folder folder;
        try {
            folder = folders.checked(diskRoot, true, true);
        } catch (RuntimeException e) {
            return null;
        }
        if (!folder.usable()) {
            return null;
        }
        return diskWorkspaces.computeIfAbsent(diskRoot + "\0" + folder.fileKey(), k -> new DiskWorkspace(diskRoot, folders));
    }

    /**
     * The disk workspace that any of {@code paths} (a path, or a path's text; nulls skipped) is in, for a caller that
     * checks it at each use by {@code diskWorkspace() == it}: the one usable now, or, when it is refused now, one that
     * never is. Null when none of them is in it.
     */
    DiskWorkspace holding(Object... paths) {
        if (diskRoot == null) {
            return null;
        }
        for (Object p : paths) {
            if (p != null && Path.of(p.toString()).startsWith(diskRoot)) {
                DiskWorkspace kept = diskWorkspace();
                return kept != null ? kept : new DiskWorkspace(diskRoot, folders);
            }
        }
        return null;
    }

    /** Where the commands of a repository opened now run; {@code disk} is the disk workspace they use, if any. */
    Placement place(ScratchGitDir scratch, Map<String, String> repositoryEnv, Map<String, String> objectsEnv) {
        return new Placement(scratch, repositoryEnv, objectsEnv, holding(scratch.dir(), objectsEnv.get("HOME"),
                repositoryEnv.get("HOME"), repositoryEnv.get("GIT_CONFIG_GLOBAL")));
    }

    /**
     * Whether the next command may still run where {@code placement} says: it uses no disk workspace, or the one
     * usable now. The folder could be renamed away under a long-running server when a folder above it was writable
     * by others, and another put in its place.
     */
    boolean stillPlaced(Placement placement) {
        return placement.disk() == null || diskWorkspace() == placement.disk();
    }

    /**
     * {@code placement} moved off its disk workspace, refused now or replaced at its path: from then on its
     * commands run in this session's own scratch directory, HOME and trust config.
     */
    Placement movedOff(Placement placement, Duration timeout) {
        DiskWorkspace refused = placement.disk();
        Path home = privateWorkspace().emptyHome();
        ScratchGitDir scratch = refused.holds(placement.scratch().dir()) ? placement.scratch().writable()
                : placement.scratch();
        Map<String, String> repositoryEnv = GitEnvironment.rehomed(placement.repositoryEnv(), home);
        String global = repositoryEnv.get("GIT_CONFIG_GLOBAL");
        if (global != null && refused.holds(Path.of(global))) {
            repositoryEnv.put("GIT_CONFIG_GLOBAL", trust.configFile(timeout).toString());
        }
        return new Placement(scratch, repositoryEnv, GitEnvironment.objects(env, home), null);
    }

    /** This session's own workspace, made on first use (and again if it was removed meanwhile). */
    synchronized PrivateWorkspace privateWorkspace() {
        if (own == null || !own.exists()) {
            own = PrivateWorkspace.create();
        }
        return own;
    }

    /** HOME for git: the disk workspace's while it is usable and empty, else this session's own. */
    Path emptyHome() {
        DiskWorkspace kept = diskWorkspace();
        Path home = kept == null ? null : kept.emptyHome();
        return home != null ? home : privateWorkspace().emptyHome();
    }

    /** Removes this session's own workspace. */
    @Override
    public synchronized void close() {
        if (own != null) {
            own.delete();
            own = null;
        }
    }
}
