package dev.prdiff.app;

import dev.prdiff.cache.PullRequestDiskCache;
import dev.prdiff.cache.PullRequestMemoryCache;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.git.Revisions;
import dev.prdiff.git.Session;
import dev.prdiff.source.DiffRefused;
import dev.prdiff.source.PullRequestInfo;
import dev.prdiff.source.PullRequestSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The four shapes of a pull request diff. Live shapes are the source's own diff (GitHub's, through gh); pinned
 * shapes (--sha), interdiffs and the diffs of a source that serves none are computed from local git objects as
 * {@code base...SHA}, the source fetching the pull request's commits when they are missing. It knows the source
 * only as a {@link PullRequestSource}.
 */
final class PullRequestDiffs {
    private final DiffRequest request;
    private final PullRequestSource pr;
    private final Path dir;
    private LocalDiffs localDiffs;
    /** Whether this call fetched the pull request's refs already. */
    private boolean fetched;

    PullRequestDiffs(DiffRequest request, Target.PullRequest target) {
        this.request = request;
        this.dir = request.context().dirOrHere();
        RequestRules.baseShaNeedsSha(request);
        RequestRules.oneEarlierHead(request);
        this.pr = PullRequestSources.of(target, dir, request, () -> local().git());
        if (request.context().dirGiven()) {
            // A -C/repo_path that is no repository is NOT_A_REPOSITORY, never another directory.
            try {
                localDiffs = open();
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                    throw e;
                }
                throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "the directory given must be a local clone of "
                        + (pr.repository() != null ? pr.repository() : "the pull request's repository")
                        + ", or not be given: " + e.getMessage(), e);
            }
        } else if (!Files.isDirectory(dir)) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "not a directory: " + dir.toAbsolutePath());
        }
        pr.requireTrustedHost();
    }

    /** Whether the source serves a diff of its own (GitHub); else every diff is computed from the commits. */
    boolean servesItsOwnDiff() {
        return pr.hasServerDiff();
    }

    boolean pinned() {
        return request.fetch().sha() != null;
    }

    /**
     * The pull request's metadata; counts the source leaves out are computed from its commits in the clone, as git
     * counts them ({@code rev-list --count base..head}, and the numstat of {@code merge-base...head}). Without a
     * clone, or with --no-fetch and the commits missing, they stay null.
     */
    PullRequestInfo info() {
        PullRequestInfo info = pr.info();
        if (!info.lacksCounts() || info.headSha() == null || info.baseSha() == null) {
            return info;
        }
        DiffSpec spec;
        try {
            Git git = local().git();
            if (request.fetch().noFetch() && !git.hasCommits(info.headSha(), info.baseSha())) {
                return info;
            }
            spec = fromObjects(info, info.headSha(), info.baseSha(), notice -> {}, null);
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.NOT_A_REPOSITORY) {
                return info;
            }
            throw e;
        }
        long additions = 0;
        long deletions = 0;
        var files = local().files(spec);
        for (var f : files) {
            additions += f.additions();
            deletions += f.deletions();
        }
        return info.withCounts(files.size(), local().logCount(spec, false, java.util.List.of()),
                (int) Math.min(Integer.MAX_VALUE, additions), (int) Math.min(Integer.MAX_VALUE, deletions));
    }

    /** The diff to {@code out}; {@code resolved} hears the range it was computed from, before it is written. */
    void diff(OutputStream out, Consumer<String> notices, Consumer<DiffEnvelope.Range> resolved) {
        if (earlierHead() != null) {
            DiffSpec since = sinceSpec(notices);
            writeLocal(since, out, notices, resolved, RangeWording.since("pull request #" + pr.number(), since));
            return;
        }
        if (pinned()) {
            DiffSpec spec = pinnedSpec(notices);
            if (request.shape().log()) {
                AnswerWriter.log(local(), spec, false, selection(), request, out, notices);
                return;
            }
            writeLocal(spec, out, notices, resolved, RangeWording.pullRequestObjects(pr.number(), spec, true));
            return;
        }
        if (!pr.hasServerDiff()) {
            PullRequestInfo info = pr.info();
            announce(info, notices);
            sayChoice(notices);
            DiffSpec spec = fromObjects(info, info.headSha(), info.baseSha(), notices, null);
            if (request.shape().log()) {
                AnswerWriter.log(local(), spec, false, selection(), request, out, notices);
                return;
            }
            writeLocal(spec, out, notices, resolved, RangeWording.pullRequestObjects(pr.number(), spec, false));
            return;
        }
        // A source that cannot name the head first serves its diff without the head check and cache.
        boolean infoFirst = pr.infoBeforeDiff();
        PullRequestDiskCache cache = !infoFirst ? null : PullRequestDiskCache.forUser(request.context().env(),
                memory(), request.context().session().folders());
        PullRequestInfo info = !infoFirst ? null : pr.info();
        if (info != null) {
            announce(info, notices);
        }
        resolved.accept(new DiffEnvelope.Range(info == null ? null : info.baseSha(),
                info == null ? null : info.headSha(), null, RangeWording.livePullRequest(pr.number(), pr.name())));
        PullRequestDiskCache.Key key = info == null || cache == null ? null : cacheKey(info);
        if (key != null) {
            Optional<InputStream> cached = cache.open(key);
            if (cached.isPresent()) {
                notices.accept("pull request #" + pr.number() + ": the diff of head " + info.headSha()
                        + " was read from prdiff's cache (downloaded once for that head; set PRDIFF_CACHE_DIR= to turn the cache off)");
                try (InputStream in = cached.get()) {
                    copy(marked(info, notices), in, out, notices);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return;
            }
        }
        DiffRequest marked = marked(info, notices);
        try (PullRequestDiskCache.Entry entry = key == null ? null : cache.begin(key)) {
            pr.diff(in -> {
                InputStream source = entry == null ? in : entry.tee(in);
                copy(marked, source, out, notices);
                if (entry != null) {
                    source.transferTo(OutputStream.nullOutputStream());
                }
            });
            // The head may have moved while the diff downloaded; then the copy is not the one the key names.
            if (entry != null && info.headSha().equals(pr.info().headSha())) {
                entry.commit();
            }
        } catch (DiffRefused refused) {
            PullRequestInfo current = info != null ? info : pr.info();
            DiffSpec spec = fromObjects(current, current.headSha(), current.baseSha(), notices, refused.getMessage());
            notices.accept("warning: " + pr.name() + " refused the diff of pull request #" + pr.number()
                    + " (" + refused.reason() + "); computed from git objects as " + spec.range() + " in "
                    + local().git().workDir() + "; index lines may abbreviate hashes differently");
            writeLocal(spec, out, notices, resolved, RangeWording.pullRequestObjects(pr.number(), spec, false));
        }
    }

    /**
     * The request with .gitattributes at the head honoured by --skip-generated when the head commit is in the
     * local clone; otherwise (no clone, the head not fetched) it goes by names, and says so.
     */
    private DiffRequest marked(PullRequestInfo info, Consumer<String> notices) {
        DiffRequest asked = tabbed(info);
        if (!asked.shape().output().limits().skipGenerated()) {
            return asked;
        }
        String head = info != null ? info.headSha() : null;
        try {
            if (head != null && local().git().hasCommit(head)) {
                return GeneratedMarks.at(asked, local().git(), head, null);
            }
        } catch (PrdiffException e) {
            if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                throw e;
            }
        }
        notices.accept("warning: generated files are recognised by name only: the head commit"
                + (head != null ? " " + head : "") + " is not in a local clone, so its .gitattributes"
                + " (linguist-generated) cannot be read; pin it with " + asked.shape().refetch().option("--sha")
                + " to have them read");
        return asked;
    }

    /** Side by side, the head's .editorconfig tab widths when the head commit is in the local clone. */
    private DiffRequest tabbed(PullRequestInfo info) {
        String head = info != null ? info.headSha() : null;
        if (head == null || !request.shape().output().limits().layout().readsEditorConfig()) {
            return request;
        }
        try {
            return local().git().hasCommit(head) ? EditorConfigTabs.at(request, local().git(), head) : request;
        } catch (PrdiffException e) {
            if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                throw e;
            }
            return request;
        }
    }

    /** The whole diff as the source served it, or only the selected files' sections, or its diffstat. */
    private void copy(DiffRequest request, InputStream diff, OutputStream out, Consumer<String> notices)
            throws IOException {
        AnswerWriter.served(pr.name(), diff, selection(), request, out, notices);
    }

    /**
     * The selected paths; typed in a clone's subfolder (the CLI) they are relative to it, as git's are. Without
     * a clone they are repo-relative.
     */
    private PathSelection selection() {
        if (!request.selection().any()) {
            return null;
        }
        Git git = null;
        if (request.selection().pathsFromDir()) {
            try {
                git = local().git();
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                    throw e;
                }
            }
        }
        return PathSelection.of(request, git);
    }

    private static PullRequestDiskCache.Key cacheKey(PullRequestInfo info) {
        if (info.webHost() == null || info.repo() == null || info.headSha() == null || info.baseSha() == null) {
            return null;
        }
        return new PullRequestDiskCache.Key(info.webHost(), info.repo(), info.number(), info.baseSha(), info.headSha());
    }

    FileList files(Consumer<String> notices) {
        if (earlierHead() != null) {
            return localFiles(sinceSpec(notices), notices);
        }
        if (pinned()) {
            return localFiles(pinnedSpec(notices), notices);
        }
        PullRequestInfo info = pr.info();
        Integer changed = info.changedFiles();
        Integer cap = pr.filesListedAtMost();
        if (changed != null && cap != null && changed > cap) {
            DiffSpec spec = fromObjects(info, info.headSha(), info.baseSha(), notices,
                    pr.name() + " lists at most " + cap + " files");
            notices.accept("warning: pull request #" + pr.number() + " changes " + changed + " files; " + pr.name()
                    + " lists at most " + cap + ", so the list was computed from git objects");
            return localFiles(spec, notices);
        }
        var files = pr.files(info);
        if (files == null) {
            sayChoice(notices);
            return localFiles(fromObjects(info, info.headSha(), info.baseSha(), notices, null), notices);
        }
        PathSelection selection = selection();
        if (selection != null) {
            var all = files;
            files = selection.filter(all);
            selection.report(PathSelection.paths(files), () -> PathSelection.paths(all).stream()
                    .filter(java.util.Objects::nonNull).toList(), request.selection().strict(),
                    request.context().timeoutOrDefault(), notices);
        }
        return new FileList(files, "pull request #" + pr.number(), info.baseSha(), info.headSha(), null, pr.id());
    }

    private FileList localFiles(DiffSpec spec, Consumer<String> notices) {
        var files = AnswerWriter.listed(local(), spec, selection(), request, notices);
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    private void writeLocal(DiffSpec spec, OutputStream out, Consumer<String> notices,
            Consumer<DiffEnvelope.Range> resolved, String how) {
        resolved.accept(DiffEnvelope.Range.of(spec, how));
        AnswerWriter.fromObjects(local(), spec, selection(), request, out, notices);
    }

    /** base...SHA from local objects; GitHub is asked only for what the caller did not pin. */
    private DiffSpec pinnedSpec(Consumer<String> notices) {
        String head = Revisions.requireSha(request.fetch().sha(), "--sha");
        String pinnedBase = request.fetch().baseSha();
        String base = pinnedBase == null ? null : Revisions.requireSha(pinnedBase, "--base-sha");
        Git git = local().git();
        if (request.fetch().noFetch()) {
            // Nothing would be fetched, so GitHub has nothing to add about a missing commit.
            for (String sha : base == null ? new String[] {head} : new String[] {head, base}) {
                if (!git.hasCommit(sha)) {
                    throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + sha + " is not in the local object store of "
                            + git.workDir() + " and --no-fetch forbids fetching it");
                }
            }
        }
        if (base != null && git.hasCommits(head, base)) {
            return range(base, head, notices);
        }
        PullRequestMemoryCache memory = memory();
        String key = base == null && memory != null ? pr.pinnedBaseKey(head) : null;
        String remembered = key == null ? null : memory.pinnedBase(key);
        if (remembered != null && git.hasCommits(head, remembered)) {
            return range(remembered, head, notices);
        }
        PullRequestInfo info = pr.info();
        DiffSpec spec = fromObjects(info, head, base != null ? base : info.baseSha(), notices, null);
        if (key != null && info.baseSha() != null) {
            memory.rememberPinnedBase(key, info.baseSha());
        }
        return spec;
    }

    /**
     * The pull request diffs and pinned bases an MCP server keeps in memory, across its calls: agents read a pull
     * request file by file. A command-line run keeps none.
     */
    private PullRequestMemoryCache memory() {
        Session session = request.context().session();
        return session.servesManyCalls() ? session.kept(PullRequestMemoryCache.class, PullRequestMemoryCache::new)
                : null;
    }

    /**
     * The interdiff from the earlier head given as --since to the pinned head (--sha) or else the live one, from
     * objects; the earlier head is fetched with the pull request's refs when it is not local, which finds it only
     * while a ref on the remote still holds it.
     */
    private DiffSpec sinceSpec(Consumer<String> notices) {
        String old = Revisions.requireSha(earlierHead(), "--since");
        PullRequestInfo info = null;
        DiffSpec current;
        if (pinned()) {
            current = pinnedSpec(notices);
        } else {
            info = pr.info();
            announce(info, notices);
            sayChoice(notices);
            current = fromObjects(info, info.headSha(), info.baseSha(), notices, "--since compares commits");
        }
        Git git = local().git();
        if (!git.hasCommit(old)) {
            if (request.fetch().noFetch()) {
                throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + old + " (--since) is not in the local"
                        + " object store of " + git.workDir() + " and --no-fetch forbids fetching it");
            }
            fetch(info != null ? info : pr.info(), notices);
            if (!git.hasCommit(old)) {
                throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + old + " (--since) is not in "
                        + git.workDir() + ", nor in pull request #" + pr.number() + "'s refs on the remote: "
                        + pr.earlierHeads());
            }
        }
        return EarlierHead.since(local(), current, old, notices);
    }

    /** --since, or the earlier head the source names (Azure DevOps' --since-iteration), or null. */
    private String earlierHead() {
        return request.fetch().since() != null ? request.fetch().since() : pr.earlierHead();
    }

    /** What the source chose among the pull request's versions (Azure DevOps' iteration), when it says. */
    private void sayChoice(Consumer<String> notices) {
        String choice = pr.choice();
        if (choice != null) {
            notices.accept(choice);
        }
    }

    /** Names the pull request's live head and base (the notice {@link Prdiff#namesTheDiff} recognises). */
    private void announce(PullRequestInfo info, Consumer<String> notices) {
        notices.accept("pull request #" + pr.number() + " (head " + info.headSha() + ", base " + info.baseSha() + ")");
    }

    /** Fetches the pull request's commits into the clone, once per call. */
    private void fetch(PullRequestInfo info, Consumer<String> notices) {
        if (fetched) {
            return;
        }
        pr.fetchCommits(info, local().git(), notices);
        fetched = true;
    }

    /** Makes sure both commits are local (fetching the PR's refs if allowed) and returns base...head. */
    private DiffSpec fromObjects(PullRequestInfo info, String head, String base, Consumer<String> notices, String why) {
        Git git = local(why).git();
        if (!git.hasCommits(head, base)) {
            if (request.fetch().noFetch()) {
                throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + (git.hasCommit(head) ? base : head)
                        + " is not in the local object store of " + git.workDir() + " and --no-fetch forbids fetching it");
            }
            fetch(info, notices);
            if (!git.hasCommit(head)) {
                throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + head + " is not in " + git.workDir()
                        + ", nor in pull request #" + info.number() + "'s refs on the remote");
            }
        }
        return range(base, head, notices);
    }

    private DiffSpec range(String base, String head, Consumer<String> notices) {
        DiffSpec spec = local().range(base, head, true);
        notices.accept("range " + spec.described() + ", pull request #" + pr.number() + " from git objects");
        spec.warnings().forEach(w -> notices.accept("warning: " + w));
        return spec;
    }

    private LocalDiffs local() {
        return local(null);
    }

    /** The clone's git, opened on first use; {@code why} explains to the user what needed a clone. */
    private LocalDiffs local(String why) {
        if (localDiffs == null) {
            try {
                localDiffs = open();
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                    throw e;
                }
                // pr is null while PullRequestSources looks for an Azure Repos remote in the clone
                String repo = pr != null && pr.repository() != null ? pr.repository() : "the pull request's repository";
                throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, (why != null ? why + "; " : "")
                        + "computing from git objects needs a local clone of " + repo
                        + ": run inside one or pass -C DIR (" + e.getMessage() + ")", e);
            }
        }
        return localDiffs;
    }

    private LocalDiffs open() {
        return new LocalDiffs(request.context().session().open(dir, request.context().timeoutOrDefault()),
                request.shape().contextLines());
    }
}
