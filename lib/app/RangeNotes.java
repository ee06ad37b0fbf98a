package dev.prdiff.app;

import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.LocalDiffs;
import dev.prdiff.shape.Refetch;

import java.util.List;

/**
 * What a local answer leaves out, said in one line each so that no answer is silently empty: why a diff of
 * commits is empty, that the uncommitted changes are in it or not, and the untracked files it left out.
 */
final class RangeNotes {
    private static final int NAMES_SHOWN = 3;

    private RangeNotes() {}

    /**
     * Why a diff of commits is empty whatever its paths, or null when it is not (or compares the work tree). The
     * base and head are named as they were typed ({@code base...head}); a commit alone has a null base. The calls it
     * names are in {@code words}' form.
     */
    static String whyEmpty(LocalDiffs local, DiffSpec spec, String base, String head, boolean threeDot,
            Refetch words) {
        if (!local.sameTrees(spec)) {
            return null;
        }
        String headSha = spec.headSha();
        if (base == null) {
            return "warning: nothing to show: commit " + abbreviated(headSha) + " changes no file (an empty commit)";
        }
        if (spec.baseSha().equals(headSha)) {
            return "warning: nothing to show: " + base + " and " + head + " are the same commit ("
                    + abbreviated(headSha) + ")";
        }
        if (!threeDot) {
            return "warning: nothing to show: " + base + " and " + head + " hold the same tree";
        }
        if (headSha.equals(spec.mergeBaseSha())) {
            return "warning: nothing to show: " + head + " (" + abbreviated(headSha) + ") is an ancestor of " + base
                    + ", so " + base + "..." + head + " holds no change of its own; " + words.rangeCall(head, base)
                    + " shows what " + base + " added since, " + words.commitCall(head) + " its last commit";
        }
        return "warning: nothing to show: " + head + " holds the same tree as its merge base with " + base + " ("
                + abbreviated(spec.mergeBaseSha()) + "): its commits' changes undo each other";
    }

    /** That the uncommitted changes are in the answer, for prdiff with no TARGET on a dirty tree. */
    static String workTreeIncluded(String base, Refetch words) {
        return "uncommitted changes included (the tree has changes); " + words.rangeCall(base, null)
                + " shows the commits alone";
    }

    /** That they are not, for prdiff REV (REV...HEAD) on a dirty tree. */
    static String workTreeLeftOut(String rev) {
        return "uncommitted changes left out: " + rev + "...HEAD compares commits; prdiff with no TARGET includes"
                + " the work tree";
    }

    /**
     * The untracked files an answer without --untracked left out, or null when there are none; the option is named
     * where {@code words}' caller has it.
     */
    static String untrackedLeftOut(List<String> names, Refetch words) {
        if (names.isEmpty()) {
            return null;
        }
        String shown = String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())));
        if (names.size() > NAMES_SHOWN) {
            shown += " and " + (names.size() - NAMES_SHOWN) + " more";
        }
        String option = words.option("--untracked");
        return "untracked files left out: " + shown + (option == null ? "" : " (prdiff " + option + " includes them)");
    }

    private static String abbreviated(String sha) {
        return sha.substring(0, Math.min(7, sha.length()));
    }
}
