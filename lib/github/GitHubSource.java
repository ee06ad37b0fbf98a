package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Git;
import dev.prdiff.source.PullRequestInfo;
import dev.prdiff.source.PullRequestSource;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A GitHub pull request through gh: its REST answers, {@code gh pr diff}, and its refs fetched with gh as the
 * credential helper. A host is asked only once the user chose it ({@link GitHubHosts}).
 */
public final class GitHubSource implements PullRequestSource {
    private final PullRequests pr;
    private final boolean fromUrl;
    private final Path dir;
    private final Map<String, String> env;
    private final Supplier<Git> clone;
    /**
     * Without a host, gh picks one (GH_HOST, a single logged-in host, github.com, the remotes): its answer is
     * checked.
     */
    private final boolean hostChosenByGh;

    /**
     * @param urlRepo  HOST/OWNER/REPO of a pull request URL, OWNER/REPO of OWNER/REPO#N, else null
     * @param repo     -R (OWNER/REPO or HOST/OWNER/REPO), else null; it must agree with {@code urlRepo}
     * @param dir      where gh runs, so that it can resolve the repository from the clone's remotes
     * @param clone    the local clone's git, opened on first use; NOT_A_REPOSITORY when there is none
     */
    public GitHubSource(long number, String urlRepo, String repo, Path dir, Duration timeout,
            Map<String, String> env, Supplier<Git> clone) {
        GitHubRepo named = repo(urlRepo, repo, env);
        this.fromUrl = urlRepo != null;
        this.dir = dir;
        this.env = env;
        this.clone = clone;
        this.hostChosenByGh = named == null || named.host() == null;
        Gh gh = new Gh(dir.toAbsolutePath(), timeout, env, Clock.systemUTC());
        this.pr = new PullRequests(gh, named, number, hostChosenByGh ? null : named.host());
    }

    /** -R and the URL's repository, which must agree on host and name; a URL keeps its host, github.com too. */
    private static GitHubRepo repo(String urlRepo, String repo, Map<String, String> env) {
        GitHubRepo fromOption = repo == null ? null : GitHubRepo.parse(repo);
        GitHubRepo fromUrl = urlRepo == null ? null : GitHubRepo.parse(urlRepo);
        if (fromOption != null && fromUrl != null) {
            String defaultHost = GitHubHosts.defaultHost(env);
            String optionHost = fromOption.host() != null ? GitHubHosts.normalize(fromOption.host()) : defaultHost;
            String urlHost = fromUrl.host() != null ? GitHubHosts.normalize(fromUrl.host()) : defaultHost;
            if (!optionHost.equals(urlHost) || !fromOption.fullName().equalsIgnoreCase(fromUrl.fullName())) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "the URL names " + urlHost + "/" + fromUrl.fullName()
                        + " but --repo says " + optionHost + "/" + fromOption.fullName());
            }
        }
        return fromUrl != null ? fromUrl : fromOption;
    }

    @Override
    public String name() {
        return "GitHub";
    }

    @Override
    public String id() {
        return "github";
    }

    @Override
    public long number() {
        return pr.number();
    }

    @Override
    public String repository() {
        return pr.repo() == null ? null : pr.repo().ghSpec();
    }

    @Override
    public void requireTrustedHost() {
        GitHubRepo repo = pr.repo();
        if (repo != null && repo.host() != null) {
            requireTrusted(repo.host(), fromUrl ? "the pull request URL" : "the repository " + repo.ghSpec());
        }
    }

    @Override
    public PullRequestInfo info() {
        return pr.info();
    }

    @Override
    public boolean hasServerDiff() {
        return true;
    }

    /** gh api cannot name a host with a port (gh pr diff can). */
    @Override
    public boolean infoBeforeDiff() {
        return pr.repo() == null || pr.repo().host() == null || !pr.repo().host().contains(":");
    }

    @Override
    public void diff(Subprocess.StdoutReader reader) {
        pr.gh().prDiff(pr.repo(), pr.number(), reader);
    }

    @Override
    public Integer filesListedAtMost() {
        return PullRequests.FILES_ENDPOINT_CAP;
    }

    @Override
    public List<FileEntry> files(PullRequestInfo info) {
        return pr.files(requireTrustedAnswer(info));
    }

    /** Fetches refs/pull/N/head and the base branch into refs/prdiff/. */
    @Override
    public void fetchCommits(PullRequestInfo info, Git git, Consumer<String> notices) {
        requireTrustedAnswer(info);
        notices.accept("fetching refs/pull/" + info.number() + "/head and " + info.baseRef() + " into refs/prdiff/");
        PullRequestFetch.fetch(git, info, info.baseRef());
    }

    /**
     * The named repository, its host (or, when gh chooses the host, the directory whose remotes it may read), the
     * number and the head as given; null when gh resolves the repository itself from the remotes.
     */
    @Override
    public String pinnedBaseKey(String head) {
        GitHubRepo repo = pr.repo();
        if (repo == null) {
            return null;
        }
        String host = hostChosenByGh ? "gh-chosen@" + dir.toAbsolutePath().normalize()
                : GitHubHosts.normalize(repo.host());
        return host + "\n" + repo.fullName().toLowerCase(Locale.ROOT) + "\n" + pr.number() + "\n"
                + head.toLowerCase(Locale.ROOT);
    }

    @Override
    public String earlierHeads() {
        return "GitHub keeps a pull request's current head only, so an earlier head that was force-pushed away"
                + " is found only in a clone that fetched it before (or where another ref still holds it)";
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

    /**
     * UNTRUSTED_HOST unless the user chose {@code host}; the message says so when the clone's remotes did not count
     * because its git directory lies inside another repository's work tree.
     */
    private void requireTrusted(String host, String where) {
        try {
            GitHubHosts.requireTrusted(host, where, env, this::remoteHosts);
        } catch (PrdiffException e) {
            Git git = e.code() == ErrorCode.UNTRUSTED_HOST ? cloneOrNull() : null;
            Path outer = git == null ? null : git.enclosingWorkTree();
            if (outer == null) {
                throw e;
            }
            throw new PrdiffException(ErrorCode.UNTRUSTED_HOST, e.getMessage() + ". The remotes of "
                    + git.gitDir() + " do not count: it lies inside the work tree of " + outer
                    + ", where a commit can put a repository", e);
        }
    }

    /** The hosts of the clone's git remotes, when there is a clone. */
    private Set<String> remoteHosts() {
        Git git = cloneOrNull();
        return git == null ? Set.of() : GitHubHosts.ofRemotes(git);
    }

    private Git cloneOrNull() {
        try {
            return clone.get();
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.NOT_A_REPOSITORY) {
                return null;
            }
            throw e;
        }
    }
}
