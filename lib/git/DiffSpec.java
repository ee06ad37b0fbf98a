package dev.prdiff.git;

import java.util.List;

/**
 * A diff git can compute, with the commits it was resolved to.
 *
 * @param range       how it reads to a person, e.g. "main...HEAD" or "HEAD (working tree)"
 * @param revisions   the revision arguments for git diff, always full SHAs
 * @param objectsOnly true when only commits are named, so no work tree or index may be read
 * @param warnings    things the caller should know, e.g. several merge bases
 * @param options     git diff options the range needs before its revisions ({@code --cached}), usually none
 * @param untracked   the work tree's untracked files count as added (computed on a copy of the index)
 */
public record DiffSpec(
        String range,
        List<String> revisions,
        boolean objectsOnly,
        String baseSha,
        String headSha,
        String mergeBaseSha,
        List<String> warnings,
        List<String> options,
        boolean untracked) {

    public DiffSpec {
        revisions = List.copyOf(revisions);
        warnings = List.copyOf(warnings);
        options = List.copyOf(options);
    }

    public DiffSpec(String range, List<String> revisions, boolean objectsOnly, String baseSha, String headSha,
            String mergeBaseSha, List<String> warnings) {
        this(range, revisions, objectsOnly, baseSha, headSha, mergeBaseSha, warnings, List.of(), false);
    }

    /** The range with the full SHAs it was computed from, so an answer can be reproduced exactly. */
    public String described() {
        StringBuilder shas = new StringBuilder();
        if (baseSha != null) {
            shas.append("base ").append(baseSha);
        }
        if (headSha != null) {
            shas.append(shas.isEmpty() ? "" : ", ").append("head ").append(headSha);
        }
        if (mergeBaseSha != null) {
            shas.append(", merge base ").append(mergeBaseSha);
        }
        return shas.isEmpty() ? range : range + " (" + shas + ")";
    }
}
