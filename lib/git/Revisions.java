package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

/** Checks on revision strings before git sees them. */
public final class Revisions {
    private Revisions() {}

    public static String requireSafe(String rev) {
        if (rev == null || unsafe(rev)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "invalid revision: '" + printable(rev) + "'");
        }
        return rev;
    }

    /**
     * Empty, option-like, or holding control characters: never a revision a person meant. {@code :path} and
     * {@code :N:path} name blobs in the index, and reading the index can start a repository's fsmonitor.
     */
    private static boolean unsafe(String rev) {
        if (rev.isEmpty() || rev.startsWith("-") || rev.startsWith(":") && !rev.startsWith(":/")) {
            return true;
        }
        for (int i = 0; i < rev.length(); i++) {
            char c = rev.charAt(i);
            if (c <= 0x1f || c == 0x7f) {
                return true;
            }
        }
        return false;
    }

    /** True for 4 to 64 hex digits, which prdiff always reads as an object id, never as a ref (see ObjectIds). */
    public static boolean isObjectId(String rev) {
        return ObjectIds.isObjectId(rev);
    }

    /** A commit id as given to --sha: 4 to 64 hex digits. */
    public static String requireSha(String sha, String option) {
        if (sha == null || !ObjectIds.isObjectId(sha)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, option + " must be a commit SHA (4 to 64 hex digits): '"
                    + printable(sha) + "'");
        }
        return sha.toLowerCase(java.util.Locale.ROOT);
    }

    private static String printable(String s) {
        return s == null ? "" : s.replaceAll("[\\x00-\\x1f\\x7f]", "?");
    }
}
