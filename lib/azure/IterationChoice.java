package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.List;

/**
 * Which iteration a request means: the one it names, else the latest, with a notice naming it and how to ask for
 * another. {@code since} is an earlier iteration for an interdiff, or null.
 */
public record IterationChoice(AzureIteration iteration, AzureIteration since, String notice) {
    /** {@code wanted} and {@code sinceWanted} are null when not asked for. */
    public static IterationChoice of(AzurePullRequestRef ref, List<AzureIteration> all, Integer wanted, Integer sinceWanted) {
        if (all.isEmpty()) {
            throw new PrdiffException(ErrorCode.NOT_FOUND, "pull request " + ref.number() + " in " + ref.repo().display()
                    + " has no iterations yet");
        }
        AzureIteration latest = all.get(all.size() - 1);
        AzureIteration chosen = wanted == null ? latest : find(ref, all, wanted);
        AzureIteration since = sinceWanted == null ? null : find(ref, all, sinceWanted);
        if (since != null && since.id() >= chosen.id()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--since-iteration " + since.id()
                    + " must be earlier than the iteration shown (" + chosen.id() + ")");
        }
        String notice = wanted == null
                ? "pull request " + ref.number() + ": iteration " + latest.id() + " of " + all.size()
                        + " (the latest); pass --iteration N for another"
                : "pull request " + ref.number() + ": iteration " + chosen.id() + " of " + all.size();
        return new IterationChoice(chosen, since, notice);
    }

    private static AzureIteration find(AzurePullRequestRef ref, List<AzureIteration> all, int id) {
        return all.stream().filter(i -> i.id() == id).findFirst().orElseThrow(() -> new PrdiffException(
                ErrorCode.NOT_FOUND, "iteration " + id + " not found for pull request " + ref.number() + " in "
                + ref.repo().display() + " (it has " + all.size() + "); omit the iteration to get the latest",
                java.util.Map.of("not_found", "iteration"), null));
    }
}
