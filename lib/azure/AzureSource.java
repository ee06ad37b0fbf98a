package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Git;
import dev.prdiff.git.TlsRoots;
import dev.prdiff.source.DiffRefused;
import dev.prdiff.source.PullRequestInfo;
import dev.prdiff.source.PullRequestSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An Azure DevOps pull request: the REST API for its metadata and iterations; its diff is always computed from the
 * chosen iteration's commits (Azure serves no diff), fetched with {@link AzureFetch}.
 */
public final class AzureSource implements PullRequestSource {
    private final AzurePullRequestRef ref;
    private final AzureRest rest;
    private final Integer iteration;
    private final Integer sinceIteration;
    private AzurePullRequest pr;
    private IterationChoice choice;

    AzureSource(AzurePullRequestRef ref, AzureRest rest, Integer iteration, Integer sinceIteration) {
        this.ref = ref;
        this.rest = rest;
        this.iteration = iteration;
        this.sinceIteration = sinceIteration;
    }

    /** What picks the Azure source: the target and options as a request names them. */
    public record Wanted(long number, String url, String azure, String repo, Integer iteration, Integer sinceIteration,
                         Map<String, String> env, Duration timeout, TlsRoots roots) {}

    /**
     * The Azure DevOps pull request {@code wanted} names, or null when it names none: an Azure Repos URL as the
     * target, --azure, a -R that names an Azure Repos repository ({@link AzureTargets#repoOption}), or else (no -R)
     * a clone whose remote is an Azure Repos one.
     */
    public static AzureSource of(Wanted wanted, Supplier<Git> clone) {
        AzureHosts hosts = AzureHosts.of(wanted.env());
        AzureRepo repo = null;
        if (wanted.url() != null && wanted.url().contains("://")) {
            AzurePullRequestRef ref = AzureTargets.pullRequestUrl(wanted.url(), hosts);
            if (ref == null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "not a pull request URL: " + wanted.url()
                        + " (expected https://HOST/OWNER/REPO/pull/N or an Azure Repos pull request; an Azure DevOps"
                        + " Server host must be listed in " + AzureHosts.ENV + ")");
            }
            if (wanted.azure() != null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "--azure cannot be combined with a pull request URL");
            }
            return make(ref, wanted);
        }
        AzureRepo fromOption = wanted.repo() == null ? null : AzureTargets.repoOption(wanted.repo(), hosts);
        if (wanted.azure() != null) {
            if (wanted.url() != null || wanted.repo() != null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT,
                        "--azure names the repository: pass the pull request's number only, without -R");
            }
            repo = AzureTargets.repository(wanted.azure(), hosts);
        } else if (fromOption != null) {
            if (wanted.url() != null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "-R " + wanted.repo() + " names an Azure Repos"
                        + " repository: pass the pull request's number only");
            }
            repo = fromOption;
        } else if (wanted.url() == null && wanted.repo() == null) {
            try {
                repo = AzureRemotes.of(clone.get(), hosts);
            } catch (PrdiffException e) {
                if (e.code() != ErrorCode.NOT_A_REPOSITORY && e.code() != ErrorCode.UNTRUSTED_REPOSITORY) {
                    throw e;
                }
            }
        }
        if (repo == null) {
            List<String> given = new ArrayList<>();
            if (wanted.iteration() != null) {
                given.add("--iteration (MCP: iteration)");
            }
            if (wanted.sinceIteration() != null) {
                given.add("--since-iteration (MCP: since_iteration)");
            }
            if (!given.isEmpty()) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, String.join(" and ", given)
                        + (given.size() == 1 ? " applies" : " apply") + " only to Azure DevOps pull requests, and"
                        + " pull request " + wanted.number() + " is not one (name it by its Azure Repos URL, -R or"
                        + " --azure, or run in a clone whose remote is Azure Repos)");
            }
            return null;
        }
        return make(new AzurePullRequestRef(repo, wanted.number()), wanted);
    }

    private static AzureSource make(AzurePullRequestRef ref, Wanted wanted) {
        AzureTls tls = wanted.roots() == null ? AzureTls.system()
                : new AzureTls(wanted.roots().context(), wanted.roots().gitCaFile(), wanted.roots().answeredBy());
        AzureRest rest = new AzureRest(AzureHosts.of(wanted.env()), new AzureCredentials(wanted.env(), wanted.timeout()),
                wanted.timeout(), tls);
        return new AzureSource(ref, rest, wanted.iteration(), wanted.sinceIteration());
    }

    @Override
    public String name() {
        return "Azure DevOps";
    }

    @Override
    public String id() {
        return "azure";
    }

    @Override
    public long number() {
        return ref.number();
    }

    @Override
    public String repository() {
        return ref.repo().display();
    }

    @Override
    public void requireTrustedHost() {
        rest.hosts().requireTrusted(ref.repo().host(), "the pull request");
    }

    /** The pull request and its chosen iteration, read once. */
    private synchronized IterationChoice load() {
        if (choice == null) {
            requireTrustedHost();
            AzurePullRequests api = new AzurePullRequests(rest);
            pr = api.pullRequest(ref);
            choice = IterationChoice.of(ref, api.iterations(ref), iteration, sinceIteration);
        }
        return choice;
    }

    @Override
    public PullRequestInfo info() {
        AzureIteration it = load().iteration();
        return new PullRequestInfo(ref.number(), pr.title(), pr.status(), pr.draft(),
                "completed".equalsIgnoreCase(pr.status()), ref.repo().pullRequestUrl(ref.number()), repository(),
                pr.author(), it.sourceCommit(), branch(pr.sourceRefName()), repository(), it.targetCommit(),
                branch(pr.targetRefName()), null, null, null, null, pr.description(), ref.repo().cloneUrl());
    }

    @Override
    public String choice() {
        return load().notice();
    }

    @Override
    public String earlierHead() {
        return sinceIteration == null ? null : load().since().sourceCommit();
    }

    private static String branch(String ref) {
        return ref != null && ref.startsWith("refs/heads/") ? ref.substring("refs/heads/".length()) : ref;
    }

    @Override
    public boolean hasServerDiff() {
        return false;
    }

    @Override
    public boolean infoBeforeDiff() {
        return true;
    }

    @Override
    public void diff(Subprocess.StdoutReader reader) {
        throw new DiffRefused("Azure DevOps serves no diff of a pull request", "Azure DevOps serves no diff");
    }

    @Override
    public Integer filesListedAtMost() {
        return null;
    }

    /** None: Azure lists no line counts, so the list is computed from the commits with git. */
    @Override
    public List<FileEntry> files(PullRequestInfo info) {
        return null;
    }

    @Override
    public void fetchCommits(PullRequestInfo info, Git git, Consumer<String> notices) {
        IterationChoice c = load();
        List<AzureIteration> wanted = new ArrayList<>(List.of(c.iteration()));
        if (c.since() != null) {
            wanted.add(c.since());
        }
        for (AzureIteration it : wanted) {
            AzureFetch.Fetched f = AzureFetch.fetch(git, rest, pr, it);
            notices.accept("fetched iteration " + it.id() + "'s commits " + f.via().words() + " into refs/prdiff/azure/"
                    + ref.number() + "/");
        }
    }

    @Override
    public String pinnedBaseKey(String head) {
        return "azure@" + ref.repo().host() + "\n" + ref.repo().display().toLowerCase(Locale.ROOT) + "\n"
                + ref.number() + "\n" + (iteration == null ? "" : iteration) + "\n" + head.toLowerCase(Locale.ROOT);
    }

    @Override
    public String earlierHeads() {
        return "Azure DevOps keeps every iteration's commits: pass --since-iteration M instead of a commit";
    }
}
