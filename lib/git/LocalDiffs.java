package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.SectionFilter;

import dev.prdiff.exec.Subprocess;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Resolves local targets (ranges, commits, the working tree) to {@link DiffSpec}s and computes their diffs. */
public final class LocalDiffs {
    private final Git git;

    public LocalDiffs(Git git) {
        this.git = git;
    }

    public Git git() {
        return git;
    }

    /** "A...B" (from the merge base) or "A..B" (tree to tree). */
    public DiffSpec range(String base, String head, boolean threeDot) {
        String baseSha = git.commit(base);
        String headSha = git.commit(head);
        String label = base + (threeDot ? "..." : "..") + head;
        if (!threeDot) {
            return new DiffSpec(label, List.of(baseSha, headSha), true, baseSha, headSha, null, List.of());
        }
        List<String> bases = mergeBases(baseSha, headSha);
        if (bases.isEmpty()) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, label + ": no merge base between " + base + " and " + head);
        }
        List<String> warnings = bases.size() > 1
                ? List.of(label + " has " + bases.size() + " merge bases; git uses " + bases.get(0)
                        + " (others: " + String.join(", ", bases.subList(1, bases.size())) + ")")
                : List.of();
        return new DiffSpec(label, List.of(baseSha + "..." + headSha), true, baseSha, headSha, bases.get(0), warnings);
    }

    /** A commit against its first parent, or a root commit against the empty tree. */
    public DiffSpec commit(String rev) {
        String sha = git.commit(rev);
        String parent = git.firstParent(sha);
        String from = parent != null ? parent : emptyTree();
        String label = sha.startsWith(rev) ? "commit " + sha : rev + " (commit " + sha + ")";
        return new DiffSpec(label, List.of(from, sha), true, parent, sha, null, List.of());
    }

    /** Tracked changes in the work tree and index against HEAD. */
    public DiffSpec workingTree() {
        String head = git.commit("HEAD");
        return new DiffSpec("HEAD (working tree)", List.of(head), false, head, null, null, List.of());
    }

    /** The whole diff, byte for byte what git diff prints. */
    public void write(DiffSpec spec, OutputStream out) {
        run(spec, List.of(), in -> in.transferTo(out));
    }

    /**
     * Only the sections touching the given repo-relative paths (or lying below one, for a directory), byte for
     * byte as in the whole diff. Between commits git computes just those files (see {@link PathLimit}); otherwise
     * they are cut from the whole diff. Returns the old and new paths of the sections written.
     */
    public List<String> writeFiles(DiffSpec spec, Set<String> paths, OutputStream out) {
        List<String> written = new ArrayList<>();
        run(spec, List.of(), pathLimit(spec, paths), in -> SectionFilter.copy(in, paths, out, s -> {
            if (SectionFilter.touches(paths, s)) {
                written.add(s.oldPath());
                written.add(s.newPath());
            }
        }));
        return written;
    }

    /** Every path the diff changes, old and new names of renames alike. */
    public List<String> changedPaths(DiffSpec spec) {
        List<String> paths = new ArrayList<>();
        for (FileEntry f : files(spec)) {
            paths.add(f.path());
            if (f.previousPath() != null) {
                paths.add(f.previousPath());
            }
        }
        return paths;
    }

    /** The changed files with their line counts, in diff order, as git's --raw and --numstat report them. */
    public List<FileEntry> files(DiffSpec spec) {
        return listed(spec, List.of());
    }

    /** As {@link #files(DiffSpec)}, for the entries touching the given paths only (git computes only those). */
    public List<FileEntry> files(DiffSpec spec, Set<String> paths) {
        List<String> limit = pathLimit(spec, paths);
        List<FileEntry> files = listed(spec, limit);
        return files.stream()
                .filter(f -> SectionFilter.selects(paths, f.path()) || SectionFilter.selects(paths, f.previousPath()))
                .toList();
    }

    private List<FileEntry> listed(DiffSpec spec, List<String> pathspec) {
        var out = new ByteArrayOutputStream();
        run(spec, List.of("--raw", "--numstat", "-z"), pathspec, in -> in.transferTo(out));
        return RawNumstat.parse(out.toByteArray());
    }

    /** A pathspec for only these paths where it provably gives the same sections, else none (the whole diff). */
    private List<String> pathLimit(DiffSpec spec, Set<String> paths) {
        if (!spec.objectsOnly()) {
            return List.of();
        }
        List<String> limit = new PathLimit(git, spec.revisions()).pathspec(paths);
        return limit == null ? List.of() : limit;
    }

    /** True when tracked files differ from HEAD in the work tree or index. */
    public boolean isDirty() {
        var r = git.checkoutRaw(List.of("diff", "--quiet", "HEAD", "--"));
        if (r.exitCode() > 1) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "git diff --quiet failed: " + Git.trim(r.stderr()));
        }
        return r.exitCode() == 1;
    }

    /** The first of main, master, origin/HEAD that exists, else null. */
    public String defaultBase() {
        for (String candidate : List.of("main", "master", "origin/HEAD")) {
            String ref = candidate.equals("origin/HEAD") ? "refs/remotes/origin/HEAD" : "refs/heads/" + candidate;
            if (git.hasCommit(ref)) {
                return candidate;
            }
        }
        return null;
    }

    private void run(DiffSpec spec, List<String> extra, Subprocess.StdoutReader reader) {
        run(spec, extra, List.of(), reader);
    }

    private void run(DiffSpec spec, List<String> extra, List<String> pathspec, Subprocess.StdoutReader reader) {
        List<String> args = new ArrayList<>(List.of("diff"));
        args.addAll(GitEnvironment.DIFF_OPTIONS);
        args.addAll(extra);
        args.add("--end-of-options");
        args.addAll(spec.revisions());
        args.add("--");
        args.addAll(pathspec);
        if (spec.objectsOnly()) {
            git.objects(reader, args);
        } else {
            git.checkout(reader, args);
        }
    }

    private List<String> mergeBases(String a, String b) {
        var r = git.objectsRaw(List.of("merge-base", "--all", a, b));
        if (r.exitCode() > 1) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "git merge-base failed: " + Git.trim(r.stderr()));
        }
        String text = r.text().strip();
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    private String emptyTree() {
        return new String(git.objectsOutput(List.of("hash-object", "-t", "tree", "/dev/null")), StandardCharsets.US_ASCII)
                .strip();
    }
}
