package dev.prdiff.azure;

/** A pull request of an Azure Repos repository, by its number. */
public record AzurePullRequestRef(AzureRepo repo, long number) {}
