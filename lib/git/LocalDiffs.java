package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.SectionFilter;

import dev.prdiff.exec.Subprocess;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/** Resolves local targets (ranges, commits, the working tree) to {@link DiffSpec}s and computes their diffs. */
public final class LocalDiffs {
    private final Git git;
    /** git diff's -U for diff text, or none for git's default. */
    private final List<String> textOptions;

    public LocalDiffs(Git git) {
        this(git, null);
    }

    /** {@code contextLines}: lines of context around each change in diff text (git's -U), null for git's default. */
    public LocalDiffs(Git git, Integer contextLines) {
        this.git = git;
        this.textOptions = contextLines == null ? List.of() : List.of("--unified=" + contextLines);
    }

    public Git git() {
        return git;
    }

    /** "A...B" (from the merge base) or "A..B" (tree to tree). */
    public DiffSpec range(String base, String head, boolean threeDot) {
        List<String> shas = git.commits(base, head);
        String baseSha = shas.get(0);
        String headSha = shas.get(1);
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
        // git diff A...B is git diff MERGE-BASE B; given the one merge base, git need not walk the history to it
        // again on every call (on a deep history that walk is most of a small diff's time).
        List<String> revisions = bases.size() == 1 ? List.of(bases.get(0), headSha) : List.of(baseSha + "..." + headSha);
        return new DiffSpec(label, revisions, true, baseSha, headSha, bases.get(0), warnings);
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
        return workingTree(WorkTree.TRACKED);
    }

    /** What of the work tree a work-tree diff shows. */
    public enum WorkTree {
        /** Tracked files as they are in the work tree (git diff REV). */
        TRACKED,
        /** The index only (git diff --cached REV). */
        STAGED,
        /** The work tree, untracked files included as added (git add -N on a copy of the index). */
        UNTRACKED
    }

    /** The work tree (or index) against HEAD. */
    public DiffSpec workingTree(WorkTree mode) {
        git.requireChosen();
        String head = git.commit("HEAD");
        return workTreeSpec("HEAD", head, head, null, mode, List.of());
    }

    /**
     * The branch since it forked from {@code base}, uncommitted changes included: the work tree (or index)
     * against the merge base of {@code base} and HEAD, as {@code git diff $(git merge-base BASE HEAD)}.
     */
    public DiffSpec workTreeSince(String base, WorkTree mode) {
        git.requireChosen();
        DiffSpec committed = range(base, "HEAD", true);
        return workTreeSpec(committed.range(), committed.mergeBaseSha(), committed.baseSha(),
                committed.mergeBaseSha(), mode, committed.warnings());
    }

    private static DiffSpec workTreeSpec(String label, String from, String baseSha, String mergeBase, WorkTree mode,
            List<String> warnings) {
        String what = switch (mode) {
            case TRACKED -> " (working tree)";
            case STAGED -> " (staged changes)";
            case UNTRACKED -> " (working tree, untracked files included)";
        };
        return new DiffSpec(label + what, List.of(from), false, baseSha, null, mergeBase, warnings,
                mode == WorkTree.STAGED ? List.of("--cached") : List.of(), mode == WorkTree.UNTRACKED);
    }

    /** The whole diff, byte for byte what git diff prints. */
    public void write(DiffSpec spec, OutputStream out) {
        run(spec, textOptions, Subprocess.copyTo(out));
    }

    /**
     * Hands the diff to {@code reader}: whole when {@code paths} is null, else at least every section touching
     * them (only those where a pathspec provably gives the same sections, see {@link PathLimit}); the reader
     * picks the sections it wants. When a diff is known to hold nothing but sections touching them, it goes to
     * {@code onlyWanted} instead, if there is one.
     */
    public void read(DiffSpec spec, Set<String> paths, OnlyWanted onlyWanted, Subprocess.StdoutReader reader) {
        if (paths != null && spec.objectsOnly() && readLimited(spec, paths, onlyWanted, reader)) {
            return;
        }
        run(spec, textOptions, paths == null ? List.of() : pathLimit(spec, paths), reader);
    }

    /** Reads a diff whose every section touches a wanted path, as git printed it. */
    public interface OnlyWanted {
        /** {@code sectionPaths}: each section's old and new path (the same twice for one not renamed). */
        void read(InputStream diff, List<String> sectionPaths) throws IOException;
    }

    /** The most {@code --raw} record bytes {@link #readLimited} judges before it leaves the paths to the proof. */
    static final int RAW_LIMIT = 1 << 20;

    /**
     * Runs the diff limited to the wanted paths with {@code --raw} records ahead of its text, and hands the text
     * on only when {@link PathLimit#judge} finds the records are the whole diff's: one git process for a modified
     * file, or for an added, deleted or renamed one once the range's rename pairs are known (a renamed file's
     * partner is then named with it). False, with nothing handed on and the git stopped, when the judgement needs
     * the proof, or finds no limit gives the whole diff's sections (then kept for {@link #pathLimit}).
     */
    private boolean readLimited(DiffSpec spec, Set<String> paths, OnlyWanted onlyWanted, Subprocess.StdoutReader reader) {
        PathLimit limit = new PathLimit(git, spec.revisions());
        Set<String> tried = limit.untried(paths);
        List<String> options = limitedOptions();
        for (int widened = 0; tried != null && widened < 2; widened++) {
            Set<String> these = tried;
            try {
                run(spec, options, PathLimit.literal(these), in -> {
                    var buffered = new java.io.BufferedInputStream(in, 1 << 16);
                    List<RawNumstat.Change> records = RawNumstat.beforePatch(buffered, RAW_LIMIT);
                    var trial = limit.judge(paths, these, records);
                    if (trial.verdict() != PathLimit.Verdict.SAME) {
                        throw new NotTheWholeDiffs(trial);
                    }
                    List<String> sectionPaths = onlyWanted == null ? null : sectionPaths(records, paths);
                    if (sectionPaths != null) {
                        onlyWanted.read(buffered, sectionPaths);
                    } else {
                        reader.read(buffered);
                    }
                });
                return true;
            } catch (NotTheWholeDiffs e) {
                tried = e.trial.verdict() == PathLimit.Verdict.WIDEN && widened == 0 ? e.trial.widened() : null;
            }
        }
        return false;
    }

    /** {@link #readLimited}'s options: the --raw records ahead of the text. */
    private List<String> limitedOptions() {
        List<String> options = new ArrayList<>(List.of("--raw", "-z", "--patch"));
        options.addAll(textOptions);
        return options;
    }

    /** The old and new path of each record, or null when one touches no wanted path (a partner's own section). */
    private static List<String> sectionPaths(List<RawNumstat.Change> records, Set<String> wanted) {
        List<String> paths = new ArrayList<>(records.size() * 2);
        for (RawNumstat.Change c : records) {
            if (!PathLimit.touchesPathspec(c, wanted)) {
                return null;
            }
            paths.add(c.oldPath());
            paths.add(c.newPath());
        }
        return paths;
    }

    /** Stops a limited diff (killing its git) whose records are not, or not yet known to be, the whole diff's. */
    private static final class NotTheWholeDiffs extends RuntimeException {
        final transient PathLimit.Trial trial;

        NotTheWholeDiffs(PathLimit.Trial trial) {
            super(null, null, false, false);
            this.trial = trial;
        }
    }

    /**
     * The diffstat with its totals line, byte for byte what {@code git diff --stat} prints for the range into a
     * pipe (where git's width is 80 columns, whatever COLUMNS says).
     */
    public void stat(DiffSpec spec, OutputStream out) {
        run(spec, List.of("--stat=80"), Subprocess.copyTo(out));
    }

    /**
     * The diffstat of some of the changed files, byte for byte what {@code git diff --stat} prints for the range
     * and their literal pathspecs (both names of a rename, so git pairs them as in the whole diff); nothing for
     * none. Scaling and name widths follow the selected files alone, as git's do.
     */
    public void stat(DiffSpec spec, java.util.Collection<String> paths, OutputStream out) {
        if (paths.isEmpty()) {
            return;
        }
        run(spec, List.of("--stat=80"), PathLimit.literal(paths), Subprocess.copyTo(out));
    }

    /**
     * The commits of the range, newest first as git log lists them, one line each: {@link #LOG_FORMAT}. A range
     * lists the head's commits that the base lacks ({@code git log --first-parent BASE..HEAD}, also for A...B): a
     * merge stands for the commits it brought in, which are not listed (see {@link #logMerges}); {@code oneCommit}
     * lists the head alone; a work-tree diff lists HEAD's commits since the base. Computed from objects in the
     * scratch directory: no log.* or format.* setting, no signature check, no mailmap (authors are as recorded),
     * no notes, no replace refs.
     */
    public void log(DiffSpec spec, boolean oneCommit, OutputStream out) {
        log(spec, oneCommit, LogPage.ALL, false, out);
    }

    /**
     * A page of {@link #log}'s commits: {@code skip} of them left out from the newest, then at most {@code top}
     * (null: all the rest), of those touching {@code paths} (empty: any), as git log -- PATHS keeps them.
     */
    public record LogPage(int skip, Integer top, java.util.Collection<String> paths) {
        public static final LogPage ALL = new LogPage(0, null, List.of());
    }

    /**
     * As {@link #log(DiffSpec, boolean, OutputStream)}, of one page of the commits; {@code stat}: each commit's
     * line followed by a blank line and its diffstat, as {@code git log --stat --first-parent} prints them into a
     * pipe (a merge's against its first parent; with paths, of those paths alone).
     */
    public void log(DiffSpec spec, boolean oneCommit, LogPage page, boolean stat, OutputStream out) {
        List<String> args = new ArrayList<>(List.of("log", "--first-parent", "--no-use-mailmap",
                "--no-show-signature", "--no-notes", "--no-decorate", "--no-color", "--encoding=UTF-8", "--abbrev=7",
                "--date=iso-strict", "--format=" + LOG_FORMAT));
        if (stat) {
            args.add("--stat=80");
        }
        if (page.skip() > 0) {
            args.add("--skip=" + page.skip());
        }
        if (page.top() != null) {
            args.add("--max-count=" + page.top());
        }
        args.add("--end-of-options");
        args.addAll(logRevisions(spec, oneCommit));
        args.add("--");
        args.addAll(PathLimit.literal(page.paths()));
        git.objects(out, args);
    }

    /** How many commits {@link #log} lists of those touching {@code paths} (empty: any). */
    public int logCount(DiffSpec spec, boolean oneCommit, java.util.Collection<String> paths) {
        return count(List.of("--first-parent"), logRevisions(spec, oneCommit), paths);
    }

    /**
     * The merges {@link #log} lists (of the commits touching {@code paths}) and how many commits a plain
     * {@code git log} would list besides: those the merges brought in (for one merge commit, those its first
     * parent lacks).
     */
    public record LogMerges(int merges, int leftOut) {}

    /** {@link LogMerges} of the range: one rev-list when it has no merge, three when it has. */
    public LogMerges logMerges(DiffSpec spec, boolean oneCommit, java.util.Collection<String> paths) {
        List<String> listed = logRevisions(spec, oneCommit);
        int merges = count(List.of("--first-parent", "--merges"), listed, paths);
        if (merges == 0) {
            return new LogMerges(0, 0);
        }
        List<String> range = oneCommit ? List.of(listed.get(0), "^" + listed.get(0) + "^1") : listed;
        return new LogMerges(merges, count(List.of(), range, paths) - count(List.of("--first-parent"), range, paths));
    }

    private int count(List<String> options, List<String> revisions, java.util.Collection<String> paths) {
        List<String> args = new ArrayList<>(List.of("rev-list", "--count"));
        args.addAll(options);
        args.add("--end-of-options");
        args.addAll(revisions);
        args.add("--");
        args.addAll(PathLimit.literal(paths));
        return Integer.parseInt(new String(git.objectsOutput(args), java.nio.charset.StandardCharsets.US_ASCII).strip());
    }

    /** The head and what it excludes: its parents for one commit, else the base when there is one. */
    private List<String> logRevisions(DiffSpec spec, boolean oneCommit) {
        String head = spec.headSha() != null ? spec.headSha() : git.commit("HEAD");
        if (oneCommit) {
            return List.of(head, "^" + head + "^@");
        }
        return spec.baseSha() != null ? List.of(head, "^" + spec.baseSha()) : List.of(head);
    }

    /**
     * A commit's line in {@link #log}: at least 7 hex digits of its id (more only where 7 are ambiguous), the
     * author date in strict ISO 8601 with the author's offset, the author's name and email as recorded, the subject.
     */
    public static final String LOG_FORMAT = "%h %ad %an <%ae> %s";

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

    /**
     * The same names as {@link #changedPaths}, both sides of a rename, from git's comparison of trees alone: no
     * file's contents are compared, so this costs little however big the range.
     */
    public List<String> changedNames(DiffSpec spec) {
        return kept(git.session().memo.changedNames, commitsKey(spec, "names"), () -> {
            var out = new ByteArrayOutputStream();
            run(spec, List.of("--name-only", "-z", "--no-renames"),
                    Subprocess.keeping(out, Subprocess.CAPTURE_LIMIT, "git diff --name-only"));
            return List.copyOf(PathBytes.nulSeparated(out.toByteArray()));
        });
    }

    /** The most entries of a list kept in the session's memo ({@link Memo#fileLists}): bounds a server's memory. */
    static final int MAX_KEPT_FILES = 50_000;

    private static <T> List<T> kept(MemoryAnswers<List<T>> memo, List<Object> key, Supplier<List<T>> list) {
        List<T> known = memo.known(key);
        if (known != null) {
            return known;
        }
        List<T> answer = list.get();
        if (answer.size() <= MAX_KEPT_FILES) {
            memo.keep(key, answer);
        }
        return answer;
    }

    /**
     * The changed files with their line counts, in diff order, as git's --raw and --numstat report them. Between
     * commits named by full ids the list is kept for the session (see {@link Memo#fileLists}).
     */
    public List<FileEntry> files(DiffSpec spec) {
        return kept(git.session().memo.fileLists, commitsKey(spec, "files"), () -> List.copyOf(listedFiles(spec)));
    }

    private List<FileEntry> listedFiles(DiffSpec spec) {
        if (spec.objectsOnly()) {
            List<FileEntry> sharded = new ShardedNumstat(git, spec.revisions(), Runtime.getRuntime().availableProcessors())
                    .files(ShardedNumstat.MIN_FILES);
            if (sharded != null) {
                return sharded;
            }
        }
        return listed(spec, List.of());
    }

    /** A memo key for a range between commits named by full ids; null (nothing kept) for anything else. */
    private List<Object> commitsKey(DiffSpec spec, String what) {
        return spec.objectsOnly() && !spec.untracked() ? git.keyOf(spec.revisions(), what, spec.options()) : null;
    }

    /** As {@link #files(DiffSpec)}, for the entries touching the given paths only (git computes only those). */
    public List<FileEntry> files(DiffSpec spec, Set<String> paths) {
        List<String> limit = pathLimit(spec, paths);
        List<FileEntry> files = listed(spec, limit);
        return files.stream()
                .filter(f -> SectionFilter.selects(paths, f.name()) || SectionFilter.selects(paths, f.previousName()))
                .toList();
    }

    private List<FileEntry> listed(DiffSpec spec, List<String> pathspec) {
        var out = new ByteArrayOutputStream();
        run(spec, List.of("--raw", "--numstat", "-z"), pathspec,
                Subprocess.keeping(out, Subprocess.CAPTURE_LIMIT, "git diff --raw --numstat"));
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

    /**
     * The branch a reviewer would compare HEAD with, or null: the current branch's upstream when it is another
     * branch (an upstream of the same name is where the branch is pushed, not what it forked from); else the
     * remote's default branch (origin/HEAD, else origin/main, origin/master, origin/trunk); else a local main,
     * master or trunk. A local branch of the remote default's name wins only when it is ahead of the remote
     * one, so a stale local main is never the base.
     */
    public String defaultBase() {
        String branch = text(git.repositoryRaw(List.of("symbolic-ref", "--quiet", "--short", "HEAD")));
        if (branch != null) {
            String upstream = text(git.repositoryRaw(List.of("for-each-ref", "--format=%(upstream)",
                    "refs/heads/" + branch)));
            if (upstream != null && !upstream.endsWith("/" + branch) && git.hasCommit(upstream)) {
                return shortName(upstream);
            }
        }
        String remote = text(git.repositoryRaw(List.of("symbolic-ref", "--quiet", "refs/remotes/origin/HEAD")));
        if (remote == null || !git.hasCommit(remote)) {
            remote = null;
            for (String name : DEFAULT_BRANCHES) {
                if (git.hasCommit("refs/remotes/origin/" + name)) {
                    remote = "refs/remotes/origin/" + name;
                    break;
                }
            }
        }
        if (remote != null) {
            String local = "refs/heads/" + remote.substring("refs/remotes/origin/".length());
            if (git.hasCommit(local) && !git.commit(local).equals(git.commit(remote)) && isAncestor(remote, local)) {
                return shortName(local);
            }
            return shortName(remote);
        }
        for (String name : DEFAULT_BRANCHES) {
            if (git.hasCommit("refs/heads/" + name)) {
                return name;
            }
        }
        return null;
    }

    private static final List<String> DEFAULT_BRANCHES = List.of("main", "master", "trunk");

    /**
     * True when a diff of commits compares two commits holding the same tree, so it is empty whatever the paths;
     * false for a diff with the work tree or index, which this does not read.
     */
    public boolean sameTrees(DiffSpec spec) {
        if (!spec.objectsOnly() || spec.revisions().size() != 2) {
            return false;
        }
        var r = git.objectsRaw(List.of("rev-parse", "--end-of-options", spec.revisions().get(0) + "^{tree}",
                spec.revisions().get(1) + "^{tree}"));
        List<String> trees = r.ok() ? Git.revParseAnswers(List.of(r.text().strip().split("\n"))) : List.of();
        return trees.size() == 2 && trees.get(0).equals(trees.get(1));
    }

    /**
     * The work tree's untracked files that no ignore rule hides, as git status lists them (a folder holding only
     * such files is one name ending in /), from the top of the repository.
     */
    public List<String> untrackedNames() {
        var r = git.checkoutRaw(List.of("ls-files", "-z", "--others", "--exclude-standard", "--directory",
                "--no-empty-directory", "--", ":/"));
        if (!r.ok()) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "git ls-files failed: " + Git.trim(r.stderr()));
        }
        List<String> names = new ArrayList<>();
        for (String name : new String(r.stdout(), java.nio.charset.StandardCharsets.UTF_8).split("\0")) {
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    private static String shortName(String ref) {
        for (String prefix : List.of("refs/heads/", "refs/remotes/")) {
            if (ref.startsWith(prefix)) {
                return ref.substring(prefix.length());
            }
        }
        return ref;
    }

    private boolean isAncestor(String ancestor, String descendant) {
        var r = git.objectsRaw(List.of("merge-base", "--is-ancestor", git.commit(ancestor), git.commit(descendant)));
        return r.exitCode() == 0;
    }

    /** The first line a git call printed, or null when it failed or printed nothing. */
    private static String text(Subprocess.Captured r) {
        if (!r.ok()) {
            return null;
        }
        String t = r.text().strip();
        return t.isEmpty() || t.contains("\n") ? null : t;
    }

    private void run(DiffSpec spec, List<String> extra, Subprocess.StdoutReader reader) {
        run(spec, extra, List.of(), reader);
    }

    private void run(DiffSpec spec, List<String> extra, List<String> pathspec, Subprocess.StdoutReader reader) {
        List<String> args = args(spec, extra, pathspec);
        if (spec.objectsOnly()) {
            git.objects(reader, args);
        } else if (spec.untracked()) {
            withUntracked(env -> git.checkout(reader, args, env));
        } else {
            git.checkout(reader, args);
        }
    }

    private static List<String> args(DiffSpec spec, List<String> extra, List<String> pathspec) {
        List<String> options = new ArrayList<>(extra);
        options.addAll(spec.options());
        return GitEnvironment.diffArgs(options, spec.revisions(), pathspec);
    }

    /**
     * Runs {@code diff} on a copy of the index where the work tree's untracked files (those git status lists,
     * ignored ones left out) are recorded as intended additions, so they show as added files. Nothing is written
     * into the user's repository: not the index, and not the empty blob that git add -N writes, which goes to an
     * object directory of prdiff's own that borrows the repository's objects as an alternate.
     */
    private void withUntracked(java.util.function.Consumer<java.util.Map<String, String>> diff) {
        Path index = null;
        Path list = null;
        Path objects = null;
        try {
            Path dir = git.session().privateWorkspace().folder("index");
            index = PrivateFolder.newEntry(dir, "index-", "", false);
            list = PrivateFolder.newEntry(dir, "untracked-", "", false);
            objects = PrivateFolder.newEntry(dir, "objects-", "", true);
            Path userIndex = git.gitDir().resolve("index");
            if (Files.exists(userIndex)) {
                // Its time too: git re-reads a file changed in the second the index was written ("racily clean")
                // only when it sees that second as the index's.
                Files.copy(userIndex, index, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            } else {
                Files.delete(index);
            }
            java.util.Map<String, String> env = java.util.Map.of("GIT_INDEX_FILE", index.toString(),
                    "GIT_LITERAL_PATHSPECS", "1", "GIT_OBJECT_DIRECTORY", objects.toString(),
                    "GIT_ALTERNATE_OBJECT_DIRECTORIES", alternate(git.repository().objectsDir()));
            var untracked = git.checkoutRaw(List.of("ls-files", "-z", "--others", "--exclude-standard", "--", ":/"),
                    java.util.Map.of());
            if (!untracked.ok()) {
                throw new PrdiffException(ErrorCode.GIT_FAILED, "git ls-files failed: " + Git.trim(untracked.stderr()));
            }
            if (untracked.stdout().length > 0) {
                Files.write(list, untracked.stdout());
                var added = git.checkoutRaw(List.of("add", "--intent-to-add",
                        "--pathspec-from-file=" + list, "--pathspec-file-nul"), env);
                if (!added.ok()) {
                    throw new PrdiffException(ErrorCode.GIT_FAILED, "git add --intent-to-add on a copy of the index"
                            + " failed: " + Git.trim(added.stderr()));
                }
            }
            diff.accept(env);
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.INTERNAL_ERROR, "cannot copy the index: " + e.getMessage(), e);
        } finally {
            for (Path p : new Path[] {index, list}) {
                try {
                    if (p != null) {
                        Files.deleteIfExists(p);
                    }
                } catch (IOException ignored) {
                    // the private directory goes at exit
                }
            }
            if (objects != null) {
                dev.prdiff.core.FileTrees.deleteQuietly(objects);
            }
        }
    }

    /**
     * One entry of GIT_ALTERNATE_OBJECT_DIRECTORIES, where a colon separates entries: a path holding one (or
     * starting with a quote) is written in git's C-quoted form ({@link dev.prdiff.core.PathBytes#quoted}, in quotes
     * even when nothing in it needs escaping), which git unquotes.
     */
    static String alternate(Path objects) {
        String path = objects.toString();
        if (!path.contains(":") && !path.startsWith("\"")) {
            return path;
        }
        String quoted = dev.prdiff.core.PathBytes.quoted(path);
        return quoted.equals(path) ? "\"" + path + "\"" : quoted;
    }

    /**
     * What the pull request (or range) {@code current} changed since its earlier head {@code oldRev}: see
     * {@link Interdiff}.
     */
    public Interdiff since(DiffSpec current, String oldRev) {
        return Interdiff.since(this, current, oldRev);
    }

    List<String> mergeBases(String a, String b) {
        return git.mergeBases(a, b, () -> computeMergeBases(a, b));
    }

    private List<String> computeMergeBases(String a, String b) {
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
