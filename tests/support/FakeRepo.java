package support;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One repository on the stand-in: a bare repository laid out like GitHub's ({@code refs/heads/*} plus
 * {@code refs/pull/N/head}), a work clone to build commits in, and the pull requests registered on it.
 */
public final class FakeRepo implements AutoCloseable {
    private final String owner;
    private final String name;
    private final long id;
    private final Path bare;
    private final Map<Integer, PullRequestFixture> pulls = new ConcurrentHashMap<>();
    private TempRepo work;

    FakeRepo(String owner, String name, long id, Path bare) {
        this.owner = owner;
        this.name = name;
        this.id = id;
        this.bare = bare;
        NeutralGit.run(null, "init", "-q", "--bare", "-b", "main", bare.toString());
    }

    public String owner() {
        return owner;
    }

    public String name() {
        return name;
    }

    public String fullName() {
        return owner + "/" + name;
    }

    public long id() {
        return id;
    }

    public Path bare() {
        return bare;
    }

    /** The URL git remotes use for this repository; fetches reach the stand-in through the proxy in ghEnv(). */
    public String cloneUrl() {
        return "http://" + GitHubStandIn.HOST + "/" + fullName() + ".git";
    }

    /** The clone commits are built in: empty, on branch main, with fixed identities and dates. */
    public synchronized TempRepo work() {
        if (work == null) {
            work = TempRepo.init();
        }
        return work;
    }

    /** Force-pushes every branch of the work clone, as a developer's push would. */
    public FakeRepo push() {
        work().git("push", "-q", "--force", bare.toString(), "refs/heads/*:refs/heads/*");
        return this;
    }

    /** Pushes, then records the pull request with both branch tips and creates {@code refs/pull/N/head}. */
    public PullRequestFixture openPullRequest(int number, String title, String baseRef, String headRef) {
        push();
        PullRequestFixture pr = new PullRequestFixture(number, title, baseRef, tip(baseRef), headRef, tip(headRef));
        NeutralGit.run(bare, "update-ref", "refs/pull/" + number + "/head", pr.headSha());
        pulls.put(number, pr);
        return pr;
    }

    /** After new commits on either branch: pushes and moves the recorded SHAs and the pull ref, as GitHub does. */
    public PullRequestFixture refresh(int number) {
        PullRequestFixture old = pull(number).orElseThrow(() -> new IllegalArgumentException("no PR " + number));
        return openPullRequest(number, old.title(), old.baseRef(), old.headRef());
    }

    /** A pull request from {@code headRef} (branched off main) that adds {@code fileCount} small files. */
    public PullRequestFixture openManyFilePullRequest(int number, String headRef, int fileCount) {
        TempRepo w = work();
        String back = w.text("rev-parse", "--abbrev-ref", "HEAD").trim();
        w.checkout("-b", headRef, "main");
        for (int i = 1; i <= fileCount; i++) {
            w.write(String.format("many/file-%04d.txt", i), "line " + i + "\n");
        }
        w.commit(fileCount + " files");
        w.checkout(back);
        return openPullRequest(number, fileCount + " files", "main", headRef);
    }

    public List<PullRequestFixture> pulls() {
        return List.copyOf(pulls.values());
    }

    public Optional<PullRequestFixture> pull(int number) {
        return Optional.ofNullable(pulls.get(number));
    }

    private String tip(String branch) {
        return NeutralGit.text(bare, "rev-parse", "--verify", "refs/heads/" + branch + "^{commit}");
    }

    @Override
    public synchronized void close() {
        if (work != null) {
            work.close();
        }
    }
}
