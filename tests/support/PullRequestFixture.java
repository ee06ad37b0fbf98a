package support;

/** One pull request the stand-in serves, as GitHub records it: base branch tip and head commit at the last push. */
public record PullRequestFixture(int number, String title, String baseRef, String baseSha, String headRef, String headSha) {}
