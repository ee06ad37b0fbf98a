package dev.prdiff.azure;

/**
 * What the REST API says of a pull request: its branches (full ref names) and the commits of its last merge
 * attempt ({@code mergeCommit} is null until Azure has made one), who opened it, whether it is a draft, and its
 * description (null when it has none).
 */
public record AzurePullRequest(AzurePullRequestRef ref, String title, String status, String sourceRefName,
                               String targetRefName, String sourceCommit, String targetCommit, String mergeCommit,
                               String author, boolean draft, String description) {}
