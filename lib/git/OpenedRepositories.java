package dev.prdiff.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What git's discovery said about a directory (its {@code rev-parse} probe), kept for a session so that a
 * long-lived server does not start one git per call to learn what has not changed. An answer is reused only
 * while a stamp of everything discovery read still matches: the {@code .git} entry of the top level, the git
 * directory, its config and that of the common directory (a linked worktree's), their owners (safe.directory), and the absence of {@code .git} in every directory
 * between the one asked about and the top level. A bare repository is kept only when asked about at its own git
 * directory: there discovery reads that directory's {@code .git} (absent, or it would be a work tree), whether the
 * directory is a git directory (HEAD, objects, refs, commondir) and its config (core.bare, the format and its
 * extensions), so those and the directory itself (its inode and owner: safe.directory) are the stamp.
 * Refs are never cached here: revisions are resolved per call.
 */
final class OpenedRepositories {
    /** What discovery found and the stamp it was found under. */
    record Probe(Repository repository, List<String> stamp) {}

    private final Map<List<Object>, Probe> byDir = new ConcurrentHashMap<>();
    /** Whether the session serves many calls; a command-line call opens its repository once and keeps nothing. */
    private final boolean keeping;

    OpenedRepositories(boolean keeping) {
        this.keeping = keeping;
    }

    /** What discovery found for {@code dir} under {@code env}, or null when nothing is kept or it is stale. */
    Repository get(Path dir, Map<String, String> env) {
        Probe p = byDir.get(List.of(dir, env));
        if (p == null) {
            return null;
        }
        List<String> now = stamp(dir, p.repository());
        if (now == null || !now.equals(p.stamp())) {
            byDir.remove(List.of(dir, env));
            return null;
        }
        return p.repository();
    }

    /** Keeps a probe's answer when it is one this stamp can vouch for: a work tree asked from inside it, or a bare
     * repository asked at its git directory. Nothing is kept for a session of one call. */
    void put(Path dir, Map<String, String> env, Repository repository) {
        if (!keeping) {
            return;
        }
        List<String> stamp = stamp(dir, repository);
        if (stamp != null) {
            byDir.put(List.of(dir, env), new Probe(repository, stamp));
        }
    }

    /** Null when the probe describes something this stamp does not cover (a directory inside a git directory). */
    private static List<String> stamp(Path dir, Repository repository) {
        Path gitDir = repository.gitDir();
        String prefix = repository.prefix();
        if (repository.bare()) {
            return dir.equals(gitDir) ? bareStamp(gitDir) : null;
        }
        if (dir.startsWith(gitDir)) {
            return null;
        }
        Path top = dir;
        for (String part : prefix.split("/")) {
            if (!part.isEmpty()) {
                if (Files.exists(top.resolve(".git"), LinkOption.NOFOLLOW_LINKS) || top.getParent() == null) {
                    return null;
                }
                top = top.getParent();
            }
        }
        Path common = repository.objectsDir().getParent();
        return attributes(List.of(top, top.resolve(".git"), gitDir, gitDir.resolve("config"),
                gitDir.resolve("commondir"), common == null ? gitDir : common.resolve("config")));
    }

    private static List<String> bareStamp(Path gitDir) {
        return attributes(List.of(gitDir, gitDir.resolve(".git"), gitDir.resolve("config"), gitDir.resolve("HEAD"),
                gitDir.resolve("commondir"), gitDir.resolve("objects"), gitDir.resolve("refs")));
    }

    private static List<String> attributes(List<Path> paths) {
        return paths.stream().map(OpenedRepositories::attributes).toList();
    }

    private static String attributes(Path p) {
        try {
            PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.fileKey() + " " + a.lastModifiedTime().toMillis() + " " + a.size() + " " + a.owner() + " "
                    + a.isSymbolicLink();
        } catch (IOException | UnsupportedOperationException e) {
            return "absent";
        }
    }
}
