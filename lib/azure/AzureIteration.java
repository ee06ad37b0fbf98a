package dev.prdiff.azure;

/**
 * One iteration (a push to the pull request's source branch): its source and target commits, the common commit
 * Azure computed, and why it was made ({@code reason}: create, push, forcePush, rebase, …).
 */
public record AzureIteration(int id, String sourceCommit, String targetCommit, String commonCommit, String reason,
                             String author, String createdDate) {}
