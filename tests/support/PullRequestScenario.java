package support;

import java.util.Map;

/**
 * The GitHub stand-in serving octo/demo with pull request #1: every shape of change on "feature", and a commit on
 * main after it forked, so base...head differs from base..head. {@code clone} holds main only (the PR head is not
 * local) and its origin is the stand-in, as a reviewer's clone would be. {@code env} points the real gh at it.
 */
public final class PullRequestScenario implements AutoCloseable {
    public final GitHubStandIn github;
    public final Map<String, String> env;
    public final FakeRepo origin;
    public final PullRequestFixture pr;
    public final TempRepo clone;

    private PullRequestScenario() {
        github = GitHubStandIn.start();
        env = github.ghEnv();
        origin = github.createRepo("octo", "demo");
        branchedHistory(origin.work());
        pr = origin.openPullRequest(1, "Every shape", "main", "feature");
        clone = TempRepo.init();
        clone.git("fetch", "-q", origin.bare().toString(), "main");
        clone.git("reset", "-q", "--hard", "FETCH_HEAD");
        clone.git("remote", "add", "origin", origin.cloneUrl());
    }

    public static PullRequestScenario start() {
        return new PullRequestScenario();
    }

    /** {@link Fixtures#everyShape} on "feature", then one more commit on main; leaves main checked out. */
    public static void branchedHistory(TempRepo repo) {
        Fixtures.everyShape(repo);
        repo.checkout("main");
        repo.write("main-only.txt", "main moves on\n");
        repo.commit("main moves on");
    }

    @Override
    public void close() {
        try {
            clone.close();
        } finally {
            github.close();
        }
    }
}
