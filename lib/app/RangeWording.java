package dev.prdiff.app;

import dev.prdiff.git.DiffSpec;

/** The envelope's {@code range.how}: how the range was chosen, in plain words. */
final class RangeWording {

    private RangeWording() {}

    /** A local target's range, as {@link RepositoryDiffs} chose it. */
    static String local(Target target, DiffSpec spec) {
        if (target instanceof Target.Range r) {
            return r.threeDot() ? threeDot(spec) : "two-dot range " + spec.range() + " (tree to tree)";
        }
        if (target instanceof Target.Commit || target instanceof Target.Rev && spec.mergeBaseSha() == null) {
            return commit(spec);
        }
        if (target instanceof Target.Rev) {
            return threeDot(spec);
        }
        if (target instanceof Target.Auto a) {
            String chosen = a.base() == null ? "default range: " : "--base range: ";
            if (spec.objectsOnly()) {
                return chosen + threeDot(spec);
            }
            if (spec.mergeBaseSha() == null) {
                return workTree(spec) + " against HEAD (no base branch found)";
            }
            String committed = spec.range().substring(0, spec.range().indexOf(" ("));
            return chosen + workTree(spec) + " against the merge base of " + committed;
        }
        return spec.range();
    }

    /** A pull request's live diff, as its source computes it ({@code source}: "GitHub"). */
    static String livePullRequest(long number, String source) {
        return "pull request #" + number + " head (" + source + "'s diff)";
    }

    /** A pull request diffed from git objects: pinned with --sha, or the source's diff refused or capped. */
    static String pullRequestObjects(long number, DiffSpec spec, boolean pinned) {
        return "pull request #" + number + (pinned ? " at sha " : " head ") + spec.headSha()
                + ", computed from git objects as " + spec.range();
    }

    /** --since: what the range's head changed since an earlier head. */
    static String since(String described, DiffSpec spec) {
        return "changes since " + spec.baseSha() + " of " + described;
    }

    private static String threeDot(DiffSpec spec) {
        return "three-dot range " + spec.range() + " (from the merge base)";
    }

    private static String commit(DiffSpec spec) {
        return "commit " + spec.headSha() + (spec.baseSha() == null ? " against the empty tree (a root commit)"
                : " against its first parent");
    }

    private static String workTree(DiffSpec spec) {
        String label = spec.range();
        if (label.endsWith("(staged changes)")) {
            return "staged changes";
        }
        return label.endsWith("(working tree, untracked files included)") ? "working tree with untracked files"
                : "working tree";
    }
}
