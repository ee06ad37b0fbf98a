package support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Map;

/**
 * The GitHub stand-in serving octo/demo with pull request #1: every shape of change on "feature", and a commit on
 * main after it forked, so base...head differs from base..head. {@code clone} holds main only (the PR head is not
 * local) and its origin is the stand-in, as a reviewer's clone would be. {@code env} points the real gh at it.
 * <p>
 * A test class shares one as a JUnit extension: {@code @RegisterExtension static final PullRequestScenario scenario =
 * PullRequestScenario.shared();} starts it before the class's {@code @BeforeAll} methods (which may then open more
 * pull requests) and closes it after the class's last test. It starts then rather than when the class loads because
 * the stand-in needs the real gh: without gh the whole class is skipped. A single test starts its own with
 * {@link #start()} in try-with-resources.
 */
public final class PullRequestScenario implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
    // Set once, when the scenario starts; null before that.
    public GitHubStandIn github;
    public Map<String, String> env;
    public FakeRepo origin;
    public PullRequestFixture pr;
    public TempRepo clone;

    private PullRequestScenario() {}

    /** Starts one now; skips the calling test when gh is missing. */
    public static PullRequestScenario start() {
        PullRequestScenario scenario = new PullRequestScenario();
        try {
            scenario.open();
        } catch (RuntimeException | Error e) {
            scenario.close();
            throw e;
        }
        return scenario;
    }

    /** One for a {@code @RegisterExtension} static field: it starts in the class's beforeAll, not here. */
    public static PullRequestScenario shared() {
        return new PullRequestScenario();
    }

    private void open() {
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

    /** {@link Fixtures#everyShape} on "feature", then one more commit on main; leaves main checked out. */
    public static void branchedHistory(TempRepo repo) {
        Fixtures.everyShape(repo);
        repo.checkout("main");
        repo.write("main-only.txt", "main moves on\n");
        repo.commit("main moves on");
    }

    /** A start that fails part way leaves the rest to {@link #afterAll}, which JUnit runs all the same. */
    @Override
    public void beforeAll(ExtensionContext context) {
        open();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    /** Closes what has started, if anything: without gh, nothing has; when the start failed, part of it has. */
    @Override
    public void close() {
        try {
            if (clone != null) {
                clone.close();
            }
        } finally {
            if (github != null) {
                github.close();
            }
        }
    }
}
