package dev.prdiff.app;

import dev.prdiff.azure.AzureSource;
import dev.prdiff.git.Git;
import dev.prdiff.github.GitHubSource;
import dev.prdiff.source.PullRequestSource;

import java.nio.file.Path;
import java.util.function.Supplier;

/** Which source serves a pull request target: Azure DevOps when the target or the clone names Azure Repos, else GitHub. */
final class PullRequestSources {
    private PullRequestSources() {}

    /**
     * The source of {@code target} as {@code request} names it (-R, the environment, the timeout); {@code dir} is
     * where it runs, {@code clone} the local clone's git, opened on first use. Nothing is asked of the source yet.
     */
    static PullRequestSource of(Target.PullRequest target, Path dir, DiffRequest request, Supplier<Git> clone) {
        DiffRequest.Fetch fetch = request.fetch();
        AzureSource azure = AzureSource.of(new AzureSource.Wanted(target.number(), target.repo(), fetch.azure(),
                fetch.repo(), fetch.iteration(), fetch.sinceIteration(), request.context().env(),
                request.context().timeoutOrDefault(), request.context().session().tlsRoots()), clone);
        if (azure != null) {
            return azure;
        }
        return new GitHubSource(target.number(), target.repo(), request.fetch().repo(), dir,
                request.context().timeoutOrDefault(), request.context().env(), clone);
    }
}
