package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.Messages;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs git for one repository in three places. Revisions are resolved in the user's repository, where nothing
 * may run. Diffs of commits are computed in a {@link ScratchGitDir} that borrows the repository's objects and
 * has none of its config, index, work tree, hooks or attributes. Work-tree diffs run in the checkout, never in one
 * whose git directory lies inside another repository's work tree ({@link #enclosingWorkTree}).
 */
public final class Git {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final Repository repository;
    private final Path workDir;
    private final Path gitDir;
    /** {@link #enclosingWorkTree}, once asked; {@link #gitDir} itself when there is none. */
    private volatile Path enclosing;
    /**
     * Where this git's commands run, as the session last said: commands on objects in the kept scratch directory
     * until objects are written ({@link #writeObjects}), and off the user's disk workspace once it is refused.
     */
    private volatile Placement placement;
    private final Duration timeout;
    private final Map<String, String> inheritedEnv;
    private final Session session;
    private final Map<String, String> resolved = new ConcurrentHashMap<>();

    private Git(Session session, Repository repository, ScratchGitDir scratch, Duration timeout,
            Map<String, String> repositoryEnv, Map<String, String> objectsEnv) {
        this.session = session;
        this.repository = repository;
        this.workDir = repository.workDir();
        this.gitDir = repository.gitDir();
        this.timeout = timeout;
        this.inheritedEnv = session.env();
        this.placement = session.place(scratch, repositoryEnv, objectsEnv);
    }

    /** Where the next git command runs: asked of the session before each one ({@link Session#stillPlaced}). */
    private Placement placed() {
        Placement p = placement;
        if (session.stillPlaced(p)) {
            return p;
        }
        synchronized (this) {
            if (!session.stillPlaced(placement)) {
                placement = session.movedOff(placement, timeout);
            }
            return placement;
        }
    }

    /**
     * Opens the repository containing {@code dir} in {@code session} ({@link Session#open}); NOT_A_REPOSITORY if there
     * is none. When discovery runs a git process, {@code range}'s revisions (and for A...B their merge bases) are
     * resolved in that same process, so that {@link #commits} and the merge bases are then answered without one.
     * Null for none.
     */
    static Git open(Session session, Path dir, Duration timeout, RangeRevisions range) {
        Path abs = dir.toAbsolutePath().normalize();
        if (!Files.exists(abs)) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "no such directory: " + abs);
        }
        if (!Files.isDirectory(abs)) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "not a directory: " + abs);
        }
        List<String> early = range == null ? List.of() : range.arguments();
        Discovery.Found found = Discovery.find(session, abs, timeout, early);
        Repository repository = found.repository();
        ScratchGitDir scratch = ScratchGitDir.forObjects(session, repository.objectsDir(), repository.objectFormat(),
                repository.shallowFile());
        Git git = new Git(session, repository, scratch, timeout, found.env(),
                GitEnvironment.objects(session.env(), session.emptyHome()));
        if (found.revisions() != null) {
            git.take(range, found.revisions());
        }
        return git;
    }

    /**
     * A range's two revisions, which one rev-parse can resolve together with the discovery: {@code A^{commit}
     * ...B^{commit}} prints B, A and ^ each merge base (computed, as everything about history here, without the
     * repository's commit-graph or grafts). Object ids (before a suffix too) are left to {@link ObjectIds}, and
     * revisions with their own dots or a leading colon (a message search) to the usual path.
     */
    public record RangeRevisions(String base, String head, boolean threeDot) {
        List<String> arguments() {
            if (!foldable(base) || !foldable(head)) {
                return List.of();
            }
            return threeDot ? List.of(base + "^{commit}..." + head + "^{commit}")
                    : List.of(base + "^{commit}", head + "^{commit}");
        }

        private static boolean foldable(String rev) {
            try {
                Revisions.requireSafe(rev);
            } catch (PrdiffException e) {
                return false;
            }
            return !ObjectIds.startsWithObjectId(rev) && !rev.contains("..") && !rev.startsWith(":");
        }
    }

    /** Keeps what rev-parse answered for {@code range}; an answer of any other shape is left unused. */
    private void take(RangeRevisions range, List<String> answers) {
        if (range.threeDot()) {
            if (answers.size() < 3 || !ObjectIds.isFullId(answers.get(0)) || !ObjectIds.isFullId(answers.get(1))) {
                return;
            }
            List<String> bases = new ArrayList<>();
            for (String a : answers.subList(2, answers.size())) {
                if (!a.startsWith("^") || !ObjectIds.isFullId(a.substring(1))) {
                    return;
                }
                bases.add(a.substring(1));
            }
            String head = answers.get(0);
            String base = answers.get(1);
            resolved.put(range.base(), base);
            resolved.put(range.head(), head);
            session.memo.mergeBases.keep(MemoryAnswers.key(placement.scratch(), List.of(base, head)),
                    List.copyOf(bases));
        } else if (answers.size() == 2 && ObjectIds.isFullId(answers.get(0)) && ObjectIds.isFullId(answers.get(1))) {
            resolved.put(range.base(), answers.get(0));
            resolved.put(range.head(), answers.get(1));
        }
    }

    public Path workDir() {
        return workDir;
    }

    public Path gitDir() {
        return gitDir;
    }

    /** The session this repository was opened in. */
    Session session() {
        return session;
    }

    /** What discovery found. */
    public Repository repository() {
        return repository;
    }

    /**
     * The work tree of another repository that this repository's git directory lies in, where a commit can put it
     * (see {@link NestedGitDir}); null for a repository of the user's own. Such a repository is nobody's choice: git
     * never runs in its checkout ({@link #checkout}), and its remotes lend their hosts no trust.
     */
    public Path enclosingWorkTree() {
        Path e = enclosing;
        if (e == null) {
            Path found = NestedGitDir.enclosingWorkTree(gitDir);
            e = found == null ? gitDir : found;
            enclosing = e;
        }
        return e == gitDir ? null : e;
    }

    /** UNTRUSTED_REPOSITORY for a repository inside another's work tree: its config would run in the checkout. */
    void requireChosen() {
        Path outer = enclosingWorkTree();
        if (outer != null) {
            throw new PrdiffException(ErrorCode.UNTRUSTED_REPOSITORY, gitDir + " is a git directory inside the work"
                    + " tree of " + outer + ", where a commit can put one whose config and attributes run programs;"
                    + " prdiff runs no git in its work tree or index (uncommitted changes, --cached, --untracked)."
                    + " Name commits instead: a base (--base REF; MCP base), a range (BASE...HEAD; MCP base and head)"
                    + " or a commit (--commit REV; get_commit_diff)");
        }
    }

    /**
     * Where {@link #workDir()} lies below the work tree's top level, as git's --show-prefix says ("pkg/cmd/", or
     * "" at the top, in a bare repository or inside .git): paths a person types there are relative to it.
     */
    public String prefix() {
        return repository.prefix();
    }

    /** The work tree's top level, or null in a bare repository. */
    public Path topLevel() {
        return repository.topLevel();
    }

    /** True for a repository without a work tree. */
    public boolean isBare() {
        return repository.bare();
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * Resolves a revision to a full commit SHA, or fails with SHA_NOT_FOUND (REF_NOT_FOUND for a name no ref has,
     * with the near ones); never guesses. A revision of 4 to
     * 64 hex digits is an object id, and so are such digits before a suffix ({@code ~1}, {@code ^{commit}}): refs
     * never shadow them (see {@link ObjectIds}).
     */
    public String commit(String rev) {
        return commit(rev, true);
    }

    /** As {@link #commit(String)}; a name no ref has is explained (near refs, the default branch) when asked. */
    private String commit(String rev, boolean explain) {
        Revisions.requireSafe(rev);
        String cached = resolved.get(rev);
        if (cached != null) {
            return cached;
        }
        String sha = ObjectIds.isObjectId(rev) ? new ObjectIds(this).commit(rev)
                : commitFromRef(new ObjectIds(this).withWholeId(rev), rev, explain);
        resolved.put(rev, sha);
        resolved.putIfAbsent(sha, sha); // the commit's own id names it: a caller that passes it on needs no git call
        return sha;
    }

    /**
     * Several revisions in one rev-parse where none is hex, whole ids in one cat-file; any failure falls back to
     * one at a time.
     */
    public List<String> commits(String... revs) {
        resolveWholeIdsTogether(revs);
        List<String> pending = new ArrayList<>();
        for (String rev : revs) {
            Revisions.requireSafe(rev);
            if (!ObjectIds.startsWithObjectId(rev) && !resolved.containsKey(rev)) {
                pending.add(rev);
            }
        }
        if (pending.size() > 1) {
            List<String> args = new ArrayList<>(List.of("rev-parse", "--end-of-options"));
            pending.forEach(rev -> args.add(rev + "^{commit}"));
            Subprocess.Captured r = repositoryRaw(args);
            List<String> shas = r.ok() ? revParseAnswers(List.of(r.text().strip().split("\n"))) : List.of();
            if (shas.size() == pending.size() && shas.stream().allMatch(ObjectIds::isFullId)) {
                for (int i = 0; i < shas.size(); i++) {
                    resolved.put(pending.get(i), shas.get(i));
                }
            }
        }
        List<String> shas = new ArrayList<>();
        for (String rev : revs) {
            shas.add(commit(rev));
        }
        return shas;
    }

    /** rev-parse's answers to its revisions: git 2.39 echoes --end-of-options first when not --verify'ing one. */
    static List<String> revParseAnswers(List<String> lines) {
        return !lines.isEmpty() && lines.get(0).equals("--end-of-options") ? lines.subList(1, lines.size()) : lines;
    }

    /** {@code rev} resolved in the repository, its refs included; {@code given} is the revision as it was written. */
    private String commitFromRef(String rev, String given, boolean explain) {
        Subprocess.Captured r = repositoryRaw(List.of("rev-parse", "--verify", "--quiet", "--end-of-options",
                rev + "^{commit}"));
        if (!r.ok()) {
            throw explain ? MissingRef.error(this, given)
                    : new PrdiffException(ErrorCode.REF_NOT_FOUND, "no commit '" + given + "' in " + workDir);
        }
        return r.text().strip();
    }

    /** Branches, remote branches and tags by their short names, as git for-each-ref lists them, without origin/HEAD. */
    public List<String> refNames() {
        Subprocess.Captured r = repositoryRaw(List.of("for-each-ref", "--format=%(refname:short)",
                "refs/heads", "refs/remotes", "refs/tags"));
        List<String> refs = new ArrayList<>();
        if (r.ok()) {
            for (String line : r.text().split("\n")) {
                if (!line.isBlank() && !line.endsWith("/HEAD")) {
                    refs.add(line);
                }
            }
        }
        return refs;
    }

    /** The merge bases of two commits, kept for the session when both are full ids (see {@link Memo}). */
    List<String> mergeBases(String a, String b, java.util.function.Supplier<List<String>> compute) {
        return session.memo.mergeBases.get(keyOf(List.of(a, b)), () -> List.copyOf(compute.get()));
    }

    /** A {@link MemoryAnswers} key for full ids in this repository's object store, else null. */
    List<Object> keyOf(List<String> ids, Object... more) {
        return MemoryAnswers.key(placement.scratch(), ids, more);
    }

    /**
     * Answers of one kind kept on disk for the user (the session's {@link AnswerStore}) and the key for {@code ids}
     * there: the ids, this git's build (its path, size and time: a newer git may pair renames otherwise) and
     * {@code what}. Null when an id is not a full id or the repository is shallow (its boundary moves merge bases),
     * or when the user's disk caches are off.
     */
    OnDisk onDisk(String kind, List<String> ids, String what) {
        AnswerStore store = session.disk();
        if (store == AnswerStore.NONE || keyOf(ids) == null
                || Files.exists(placement.scratch().dir().resolve("shallow"))) {
            return null;
        }
        String build = build(program(placement.objectsEnv().get("PATH")));
        return build == null ? null : new OnDisk(store,
                new AnswerStore.Key(kind, what + "\n" + build + "\n" + String.join(" ", ids)));
    }

    /** The real path of the git that {@code path} finds; null when there is none. */
    static Path program(String path) {
        try {
            return Path.of(Subprocess.onPath("git", path)).toRealPath();
        } catch (java.io.IOException | PrdiffException | java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /**
     * A git {@link #program}, named for keys of answers kept on disk: its real path, size and modification time, so
     * that another build of git keys apart. Null for none.
     */
    static String build(Path program) {
        try {
            return program == null ? null
                    : program + " " + Files.size(program) + " " + Files.getLastModifiedTime(program).toMillis();
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** Where an answer is kept on disk, and its key. */
    record OnDisk(AnswerStore answers, AnswerStore.Key key) {
        byte[] get() {
            return answers.get(key);
        }

        void put(byte[] answer) {
            answers.put(key, answer);
        }
    }

    /** Whether the commit's tree holds a .gitattributes, kept for the session when it is a full id. */
    boolean hasAttributesFiles(String commit, java.util.function.BooleanSupplier compute) {
        return session.memo.attributesFiles.get(keyOf(List.of(commit)), compute::getAsBoolean);
    }

    private void resolveWholeIdsTogether(String... revs) {
        List<String> whole = new ArrayList<>();
        for (String rev : revs) {
            if (ObjectIds.isWholeId(rev) && !resolved.containsKey(rev)) {
                whole.add(rev);
            }
        }
        if (whole.size() > 1) {
            resolved.putAll(new ObjectIds(this).wholeCommits(whole));
        }
    }

    /** True when every revision names a commit in the local object store; whole ids are asked in one cat-file. */
    public boolean hasCommits(String... revs) {
        resolveWholeIdsTogether(revs);
        for (String rev : revs) {
            if (!hasCommit(rev)) {
                return false;
            }
        }
        return true;
    }

    /** True when the revision names a commit in the local object store. */
    public boolean hasCommit(String rev) {
        try {
            commit(rev, false); // a probe: no git calls to explain a miss
            return true;
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.SHA_NOT_FOUND || e.code() == ErrorCode.REF_NOT_FOUND) {
                return false;
            }
            throw e;
        }
    }

    /** The first parent of a commit as its object records it, or null for a root (or shallow-boundary) commit. */
    public String firstParent(String sha) {
        Subprocess.Captured r = objectsRaw(List.of("rev-parse", "--verify", "--quiet", "--end-of-options",
                sha + "^1^{commit}"));
        return r.ok() ? r.text().strip() : null;
    }

    /** Runs a git command on objects only, streaming stdout to the reader; fails with GIT_FAILED on a non-zero exit. */
    public Subprocess.Result objects(Subprocess.StdoutReader reader, List<String> args) {
        return check(Subprocess.run(inScratch(label(args), args), reader, null), args);
    }

    /** As {@link #objects(Subprocess.StdoutReader, List)}, returning the exit code and stderr without judging them. */
    Subprocess.Result objectsUnchecked(Subprocess.StdoutReader reader, List<String> args) {
        return Subprocess.run(inScratch(label(args), args), reader, null);
    }

    public Subprocess.Result objects(OutputStream sink, List<String> args) {
        return objects(Subprocess.copyTo(sink), args);
    }

    public byte[] objectsOutput(List<String> args) {
        Subprocess.Captured r = objectsRaw(args);
        check(r.result(), args);
        return r.stdout();
    }

    /** Runs a git command on objects only and returns its exit code and stderr without judging them. */
    public Subprocess.Captured objectsRaw(List<String> args) {
        return Subprocess.capture(inScratch(label(args), args));
    }

    Subprocess.Captured objectsRaw(List<String> args, byte[] stdin) {
        return Subprocess.capture(inScratch(label(args), args), Subprocess.CAPTURE_LIMIT, stdin);
    }

    /** As {@link #objectsRaw(List, byte[])}, with variables added to git's environment (a private index file). */
    Subprocess.Captured objectsRaw(List<String> args, byte[] stdin, Map<String, String> extraEnv) {
        Command command = inScratch(label(args), args);
        Map<String, String> env = new java.util.HashMap<>(command.env());
        env.putAll(extraEnv);
        return Subprocess.capture(new Command(command.label(), command.argv(), command.workDir(), env,
                command.timeout()), Subprocess.CAPTURE_LIMIT, stdin);
    }

    /** Runs a read-only git command in the user's repository (refs, names); nothing there can start a program. */
    public Subprocess.Captured repositoryRaw(List<String> args) {
        Map<String, String> env = placed().repositoryEnv();
        List<String> argv = new ArrayList<>(List.of("git", "--git-dir=" + gitDir));
        argv.addAll(GitEnvironment.configArgs(GitEnvironment.REPOSITORY_CONFIG));
        argv.addAll(args);
        return Subprocess.capture(new Command(label(args), argv, gitDir, env, timeout));
    }

    /**
     * Runs a git command in the checkout (work tree and index visible); UNTRUSTED_REPOSITORY, with nothing run, in a
     * repository inside another's work tree ({@link #enclosingWorkTree}).
     */
    public Subprocess.Result checkout(Subprocess.StdoutReader reader, List<String> args) {
        return checkout(reader, args, Map.of());
    }

    /** As {@link #checkout(Subprocess.StdoutReader, List)}, with variables added to git's environment. */
    public Subprocess.Result checkout(Subprocess.StdoutReader reader, List<String> args, Map<String, String> env) {
        return check(Subprocess.run(inCheckout(label(args), args, env), reader, null), args);
    }

    /** Runs a git command in the checkout and returns its exit code and stderr without judging them. */
    public Subprocess.Captured checkoutRaw(List<String> args) {
        return checkoutRaw(args, Map.of());
    }

    public Subprocess.Captured checkoutRaw(List<String> args, Map<String, String> env) {
        return Subprocess.capture(inCheckout(label(args), args, env));
    }

    /**
     * Fetches from {@code url} into the user's repository without running anything of its setup: git fetches
     * into the scratch directory (the repository's refs serve as "haves" through the alternate), the pack is
     * moved into the repository's object store, and then {@code refs} are pointed at what was fetched.
     *
     * @param extraConfig -c settings for the fetch, for example the credential helper
     * @param refspecs    "+SRC:DST" with DST under refs/prdiff/
     */
    public void fetch(String url, List<String> extraConfig, List<String> refspecs) {
        fetch(url, extraConfig, refspecs, Map.of());
    }

    /**
     * As {@link #fetch(String, List, List)}, with variables added to the fetch's environment: how a credential
     * helper of prdiff's own gets its secret, which must never be on a command line.
     */
    public void fetch(String url, List<String> extraConfig, List<String> refspecs, Map<String, String> extraEnv) {
        writeObjects();
        Map<String, String> env = new java.util.HashMap<>(GitEnvironment.fetch(inheritedEnv));
        env.putAll(extraEnv);
        new ScratchFetch(this, placement.scratch(), timeout).fetch(url, extraConfig, refspecs, env);
    }

    /**
     * From now on this git's commands on objects run in a scratch directory of the session's own, where they may
     * write objects (a fetch's pack, an interdiff's replayed trees) and find them again: never in the one kept
     * for the user, which every prdiff process reads.
     */
    synchronized void writeObjects() {
        placement = placement.writable();
    }

    Subprocess.Result check(Subprocess.Result r, List<String> args) {
        if (!r.ok()) {
            PrdiffException missing = MissingObjects.of(label(args), r.stderr(), placement.scratch(), workDir);
            if (missing != null) {
                throw missing;
            }
            throw new PrdiffException(ErrorCode.GIT_FAILED, label(args) + " failed (exit " + r.exitCode() + ")"
                    + (r.stderr().isBlank() ? "" : ": " + trim(r.stderr())));
        }
        return r;
    }

    private Command inScratch(String label, List<String> args) {
        Placement p = placed();
        List<String> argv = new ArrayList<>(List.of("git", "--git-dir=" + p.scratch().dir(), "--no-replace-objects"));
        argv.addAll(args);
        return new Command(label, argv, p.scratch().dir(), p.objectsEnv(), timeout);
    }

    private Command inCheckout(String label, List<String> args, Map<String, String> extraEnv) {
        requireChosen();
        Map<String, String> env = placed().repositoryEnv();
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(GitEnvironment.configArgs(GitEnvironment.DIFF_CONFIG));
        argv.addAll(args);
        if (!extraEnv.isEmpty()) {
            env = new java.util.HashMap<>(env);
            env.putAll(extraEnv);
        }
        return new Command(label, argv, workDir, env, timeout);
    }

    static String label(List<String> args) {
        return "git " + args.get(0);
    }

    static String trim(String stderr) {
        return Messages.oneLine(stderr);
    }
}
