package dev.prdiff.app;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.git.Revisions;
import dev.prdiff.github.Gh;
import dev.prdiff.github.GitHubHosts;
import dev.prdiff.github.GitHubRepo;
import dev.prdiff.github.PullRequestFetch;
import dev.prdiff.github.PullRequestInfo;
import dev.prdiff.github.PullRequests;
import dev.prdiff.shape.DiffStat;
import dev.prdiff.shape.OutputShape;

import dev.prdiff.cache.PullRequestDiskCache;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The four shapes of a pull request diff. Live shapes ask GitHub through gh; pinned shapes (--sha) are computed
 * from local git objects as {@code base...SHA}, fetching the PR's refs into refs/prdiff/ when they are missing.
 */
final class PullRequestDiffs {
    private final DiffRequest request;
    private final Target.PullRequest target;
    private final PullRequests pr;
    private final Path dir;
    private final boolean hostChosenByGh;
    private LocalDiffs localDiffs;
    /** Whether this call fetched the pull request's refs already. */
    private boolean fetched;

    PullRequestDiffs(DiffRequest request, Target.PullRequest target) {
        this.request = request;
        this.target = target;
        this.dir = request.dir() != null ? request.dir() : Path.of("");
        RequestRules.baseShaNeedsSha(request);
        GitHubRepo repo = repo();
        if (request.dirGiven()) {
            // A -C/repo_path that is no repository is NOT_A_REPOSITORY, never another directory.
            try {
                localDiffs = new LocalDiffs(request.session().open(dir, request.timeoutOrDefault()),
                        request.contextLines());
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                    throw e;
                }
                throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "the directory given must be a local clone of "
                        + (repo != null ? repo.ghSpec() : "the pull request's repository") + ", or not be given: "
                        + e.getMessage(), e);
            }
        } else if (!Files.isDirectory(dir)) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "not a directory: " + dir.toAbsolutePath());
        }
        if (repo != null && repo.host() != null) {
            requireTrusted(repo.host(), target.repo() != null ? "the pull request URL" : "the repository "
                    + repo.ghSpec());
        }
        // Without a host, gh picks one (GH_HOST, a single logged-in host, github.com, the remotes): its answer is checked.
        this.hostChosenByGh = repo == null || repo.host() == null;
        Gh gh = new Gh(dir.toAbsolutePath(), request.timeoutOrDefault(), request.env(), Clock.systemUTC());
        this.pr = new PullRequests(gh, repo, target.number(), hostChosenByGh ? null : repo.host());
    }

    /** -R and the URL's repository, which must agree on host and name; a URL keeps its host, github.com too. */
    private GitHubRepo repo() {
        GitHubRepo fromOption = request.repo() == null ? null : GitHubRepo.parse(request.repo());
        GitHubRepo fromUrl = target.repo() == null ? null : GitHubRepo.parse(target.repo());
        if (fromOption != null && fromUrl != null) {
            String defaultHost = GitHubHosts.defaultHost(request.env());
            String optionHost = fromOption.host() != null ? GitHubHosts.normalize(fromOption.host()) : defaultHost;
            String urlHost = fromUrl.host() != null ? GitHubHosts.normalize(fromUrl.host()) : defaultHost;
            if (!optionHost.equals(urlHost) || !fromOption.fullName().equalsIgnoreCase(fromUrl.fullName())) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "the URL names " + urlHost + "/" + fromUrl.fullName()
                        + " but --repo says " + optionHost + "/" + fromOption.fullName());
            }
        }
        return fromUrl != null ? fromUrl : fromOption;
    }

    /**
     * UNTRUSTED_HOST unless the user chose {@code host}; the message says so when the clone's remotes did not count
     * because its git directory lies inside another repository's work tree.
     */
    private void requireTrusted(String host, String where) {
        try {
            GitHubHosts.requireTrusted(host, where, request.env(), this::remoteHosts);
        } catch (PrdiffException e) {
            Path outer = localDiffs == null ? null : localDiffs.git().enclosingWorkTree();
            if (e.code() != ErrorCode.UNTRUSTED_HOST || outer == null) {
                throw e;
            }
            throw new PrdiffException(ErrorCode.UNTRUSTED_HOST, e.getMessage() + ". The remotes of "
                    + localDiffs.git().gitDir() + " do not count: it lies inside the work tree of " + outer
                    + ", where a commit can put a repository", e);
        }
    }

    /** The hosts of the clone's git remotes, when there is a clone. */
    private Set<String> remoteHosts() {
        try {
            return GitHubHosts.ofRemotes(local().git());
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.NOT_A_REPOSITORY) {
                return Set.of();
            }
            throw e;
        }
    }

    boolean pinned() {
        return request.sha() != null;
    }

    PullRequestInfo info() {
        return pr.info();
    }

    /** The diff to {@code out}; {@code resolved} hears the range it was computed from, before it is written. */
    void diff(OutputStream out, Consumer<String> notices, Consumer<DiffEnvelope.Range> resolved) {
        if (request.since() != null) {
            DiffSpec since = sinceSpec(notices);
            writeLocal(since, out, notices, resolved, RangeWording.since("pull request #" + pr.number(), since));
            return;
        }
        if (pinned()) {
            DiffSpec spec = pinnedSpec(notices);
            if (request.log()) {
                Prdiff.log(local(), spec, false, request, out, notices);
                return;
            }
            writeLocal(spec, out, notices, resolved, RangeWording.pullRequestObjects(pr.number(), spec, true));
            return;
        }
        // gh api cannot name a host with a port (gh pr diff can): such a host goes without the head check and cache.
        boolean portHost = pr.repo() != null && pr.repo().host() != null && pr.repo().host().contains(":");
        PullRequestDiskCache cache = portHost ? null : PullRequestDiskCache.forUser(request.env(), request.memory(),
                request.session().folders());
        PullRequestInfo info = portHost ? null : pr.info();
        if (info != null) {
            announce(info, notices);
        }
        resolved.accept(new DiffEnvelope.Range(info == null ? null : info.baseSha(),
                info == null ? null : info.headSha(), null, RangeWording.livePullRequest(pr.number())));
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
            pr.gh().prDiff(pr.repo(), pr.number(), in -> {
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
        } catch (Gh.TooLarge refused) {
            PullRequestInfo current = info != null ? info : pr.info();
            DiffSpec spec = fromObjects(current, current.headSha(), current.baseSha(), notices, refused.getMessage());
            notices.accept("warning: GitHub refused the diff of pull request #" + pr.number()
                    + " (more than 300 files); computed from git objects as " + spec.range() + " in "
                    + local().git().workDir() + "; index lines may abbreviate hashes differently");
            writeLocal(spec, out, notices, resolved, RangeWording.pullRequestObjects(pr.number(), spec, false));
        }
    }

    /**
     * The diffstat of GitHub's diff (or of its selected, filtered files of one page), laid out as git diff --stat
     * lays it out; a binary file's sizes are not in a text diff, so its line reads Bin alone.
     */
    private void stat(DiffRequest request, PathSelection selection, InputStream diff, OutputStream out,
            Consumer<String> notices) throws IOException {
        DiffParser parser = new DiffParser(diff, false);
        List<String> touched = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        Map<FileEntry, FileSection> sections = new IdentityHashMap<>();
        List<FileEntry> entries = new ArrayList<>();
        for (FileSection s; (s = parser.next()) != null; ) {
            changed.add(s.oldPath());
            changed.add(s.newPath());
            if (selection == null || selection.takes(s, touched)) {
                FileEntry e = FileEntry.of(s.path(), s.additions(), s.deletions(), s.changeType().label(),
                        s.previousPath(), s.binary());
                entries.add(e);
                sections.put(e, s);
            }
        }
        if (selection != null) {
            selection.report(touched, () -> changed.stream().filter(java.util.Objects::nonNull).toList(),
                    request.strict(), request.timeoutOrDefault(), notices);
        }
        OutputShape.Shaped shaped = request.shape().list(entries);
        request.shape().report(shaped.outcome(), notices);
        List<DiffStat.File> files = new ArrayList<>();
        for (FileEntry e : shaped.files()) {
            FileSection s = sections.get(e);
            files.add(new DiffStat.File(s.oldPath(), s.newPath(), s.binary(), s.additions(), s.deletions(), null,
                    null));
        }
        out.write(DiffStat.render(files));
        if (files.stream().anyMatch(DiffStat.File::binary)) {
            notices.accept("warning: GitHub's diff does not carry the sizes of binary files, so their lines read"
                    + " 'Bin' where git diff --stat prints 'Bin OLD -> NEW bytes'; pin the head with --sha (MCP: sha)"
                    + " for git's own diffstat");
        }
    }

    /**
     * The request with .gitattributes at the head honoured by --skip-generated when the head commit is in the
     * local clone; otherwise (no clone, the head not fetched) it goes by names, and says so.
     */
    private DiffRequest marked(PullRequestInfo info, Consumer<String> notices) {
        if (!request.shape().limits().skipGenerated()) {
            return request;
        }
        String head = info != null ? info.headSha() : null;
        try {
            if (head != null && local().git().hasCommit(head)) {
                return GeneratedMarks.at(request, local().git(), head, null);
            }
        } catch (PrdiffException e) {
            if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                throw e;
            }
        }
        notices.accept("warning: generated files are recognised by name only: the head commit"
                + (head != null ? " " + head : "") + " is not in a local clone, so its .gitattributes"
                + " (linguist-generated) cannot be read; pin it with --sha (MCP: sha) to have them read");
        return request;
    }

    /** The whole diff, or only the selected files' sections, warning of each path that matched nothing. */
    private void copy(DiffRequest marked, InputStream diff, OutputStream out, Consumer<String> notices)
            throws IOException {
        PathSelection selection = selection();
        DiffRequest request = GeneratedMarks.askedFor(marked, selection);
        if (request.stat()) {
            stat(request, selection, diff, out, notices);
            return;
        }
        if (selection == null && request.shape().passesThrough(out)) {
            diff.transferTo(out);
            return;
        }
        // An inactive shape copies exactly the selected sections and reports nothing.
        List<String> touched = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        var outcome = request.shape().copy(diff, out, s -> {
            changed.add(s.oldPath());
            changed.add(s.newPath());
            return selection == null || selection.takes(s, touched);
        }, request.refetch());
        if (selection != null) {
            selection.report(touched, () -> changed.stream().filter(java.util.Objects::nonNull).toList(),
                    request.strict(), request.timeoutOrDefault(), notices);
        }
        request.shape().report(outcome, notices);
    }

    /**
     * The selected paths; typed in a clone's subfolder (the CLI) they are relative to it, as git's are. Without
     * a clone they are repo-relative.
     */
    private PathSelection selection() {
        if (!request.selectsFiles()) {
            return null;
        }
        Git git = null;
        if (request.pathsFromDir()) {
            try {
                git = local().git();
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                    throw e;
                }
            }
        }
        return Prdiff.selection(request, git);
    }

    private static PullRequestDiskCache.Key cacheKey(PullRequestInfo info) {
        if (info.webHost() == null || info.repo() == null || info.headSha() == null || info.baseSha() == null) {
            return null;
        }
        return new PullRequestDiskCache.Key(info.webHost(), info.repo(), info.number(), info.baseSha(), info.headSha());
    }

    FileList files(Consumer<String> notices) {
        if (request.since() != null) {
            return localFiles(sinceSpec(notices), notices);
        }
        if (pinned()) {
            return localFiles(pinnedSpec(notices), notices);
        }
        PullRequestInfo info = pr.info();
        Integer changed = info.changedFiles();
        if (changed != null && changed > PullRequests.FILES_ENDPOINT_CAP) {
            DiffSpec spec = fromObjects(info, info.headSha(), info.baseSha(), notices,
                    "GitHub lists at most " + PullRequests.FILES_ENDPOINT_CAP + " files");
            notices.accept("warning: pull request #" + pr.number() + " changes " + changed + " files; GitHub lists at most "
                    + PullRequests.FILES_ENDPOINT_CAP + ", so the list was computed from git objects");
            return localFiles(spec, notices);
        }
        var files = pr.files(requireTrustedAnswer(info));
        PathSelection selection = selection();
        if (selection != null) {
            var all = files;
            files = selection.filter(all);
            selection.report(Prdiff.paths(files), () -> Prdiff.paths(all).stream().filter(java.util.Objects::nonNull)
                    .toList(), request.strict(), request.timeoutOrDefault(), notices);
        }
        return new FileList(files, "pull request #" + pr.number(), info.baseSha(), info.headSha(), null, "github");
    }

    /**
     * When gh chose the host, the host the answer names must still be one the user chose, before anything is
     * fetched from its clone_url or its pages are read.
     */
    private String requireTrustedAnswer(PullRequestInfo info) {
        String host = pr.host(info);
        if (host != null && hostChosenByGh) {
            requireTrusted(host, "GitHub's answer for pull request #" + pr.number());
        }
        return host;
    }

    private FileList localFiles(DiffSpec spec, Consumer<String> notices) {
        var files = Prdiff.list(local(), spec, selection(), request, notices);
        return new FileList(files, spec.range(), spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), "git");
    }

    private void writeLocal(DiffSpec spec, OutputStream out, Consumer<String> notices,
            Consumer<DiffEnvelope.Range> resolved, String how) {
        resolved.accept(DiffEnvelope.Range.of(spec, how));
        Prdiff.write(local(), spec, selection(), request, out, notices);
    }

    /** base...SHA from local objects; GitHub is asked only for what the caller did not pin. */
    private DiffSpec pinnedSpec(Consumer<String> notices) {
        String head = Revisions.requireSha(request.sha(), "--sha");
        String base = request.baseSha() == null ? null : Revisions.requireSha(request.baseSha(), "--base-sha");
        Git git = local().git();
        if (request.noFetch()) {
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
        String key = base == null ? pinnedBaseKey(head) : null;
        String remembered = key == null ? null : request.memory().pinnedBase(key);
        if (remembered != null && git.hasCommits(head, remembered)) {
            return range(remembered, head, notices);
        }
        PullRequestInfo info = pr.info();
        DiffSpec spec = fromObjects(info, head, base != null ? base : info.baseSha(), notices, null);
        if (key != null && info.baseSha() != null) {
            request.memory().rememberPinnedBase(key, info.baseSha());
        }
        return spec;
    }

    /**
     * What a base GitHub gave for a pinned head is remembered under in the MCP server's memory: the named repository,
     * its host (or, when gh chooses the host, the directory whose remotes it may read), the number and the head as
     * given. Null (nothing remembered) without a memory or when gh resolves the repository itself from the remotes.
     */
    private String pinnedBaseKey(String head) {
        GitHubRepo repo = pr.repo();
        if (request.memory() == null || repo == null) {
            return null;
        }
        String host = hostChosenByGh ? "gh-chosen@" + dir.toAbsolutePath().normalize() : GitHubHosts.normalize(repo.host());
        return host + "\n" + repo.fullName().toLowerCase(java.util.Locale.ROOT) + "\n" + pr.number() + "\n"
                + head.toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The interdiff from the earlier head given as --since to the pinned head (--sha) or else the live one, from
     * objects; the earlier head is fetched with the pull request's refs when it is not local, which finds it only
     * while a ref on the remote still holds it.
     */
    private DiffSpec sinceSpec(Consumer<String> notices) {
        String old = Revisions.requireSha(request.since(), "--since");
        PullRequestInfo info = null;
        DiffSpec current;
        if (pinned()) {
            current = pinnedSpec(notices);
        } else {
            info = pr.info();
            announce(info, notices);
            current = fromObjects(info, info.headSha(), info.baseSha(), notices, "--since compares commits");
        }
        Git git = local().git();
        if (!git.hasCommit(old)) {
            if (request.noFetch()) {
                throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + old + " (--since) is not in the local"
                        + " object store of " + git.workDir() + " and --no-fetch forbids fetching it");
            }
            fetch(info != null ? info : pr.info(), notices);
            if (!git.hasCommit(old)) {
                throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "commit " + old + " (--since) is not in "
                        + git.workDir() + ", nor in pull request #" + pr.number() + "'s refs on the remote: GitHub"
                        + " keeps a pull request's current head only, so an earlier head that was force-pushed away"
                        + " is found only in a clone that fetched it before (or where another ref still holds it)");
            }
        }
        return Prdiff.since(local(), current, request, notices);
    }

    /** Names the pull request's live head and base (the notice {@link Prdiff#namesTheDiff} recognises). */
    private void announce(PullRequestInfo info, Consumer<String> notices) {
        notices.accept("pull request #" + pr.number() + " (head " + info.headSha() + ", base " + info.baseSha() + ")");
    }

    /** Fetches the pull request's head and base branch into refs/prdiff/, once per call. */
    private void fetch(PullRequestInfo info, Consumer<String> notices) {
        if (fetched) {
            return;
        }
        requireTrustedAnswer(info);
        notices.accept("fetching refs/pull/" + info.number() + "/head and " + info.baseRef() + " into refs/prdiff/");
        PullRequestFetch.fetch(local().git(), info, info.baseRef());
        fetched = true;
    }

    /** Makes sure both commits are local (fetching the PR's refs if allowed) and returns base...head. */
    private DiffSpec fromObjects(PullRequestInfo info, String head, String base, Consumer<String> notices, String why) {
        Git git = local(why).git();
        if (!git.hasCommits(head, base)) {
            if (request.noFetch()) {
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
                localDiffs = new LocalDiffs(request.session().open(dir, request.timeoutOrDefault()),
                        request.contextLines());
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY) {
                    throw e;
                }
                String repo = pr.repo() != null ? pr.repo().ghSpec() : "the pull request's repository";
                throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, (why != null ? why + "; " : "")
                        + "computing from git objects needs a local clone of " + repo
                        + ": run inside one or pass -C DIR (" + e.getMessage() + ")", e);
            }
        }
        return localDiffs;
    }
}
