package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.regex.Pattern;

/** Checks on revision strings before git sees them. */
public final class Revisions {
    /**
     * Empty, option-like, or holding control characters: never a revision a person meant. {@code :path} and
     * {@code :N:path} name blobs in the index, and reading the index can start a repository's fsmonitor.
     */
    private static final Pattern UNSAFE = Pattern.compile("^$|^-|^:(?!/)|[\\x00-\\x1f\\x7f]");
    private static final Pattern FULL_OR_SHORT_SHA = Pattern.compile("[0-9a-fA-F]{4,64}");

    private Revisions() {}

    public static String requireSafe(String rev) {
        if (rev == null || UNSAFE.matcher(rev).find()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "invalid revision: '" + printable(rev) + "'");
        }
        return rev;
    }

    /** True for 4 to 64 hex digits, which prdiff always reads as an object id, never as a ref (see ObjectIds). */
    public static boolean isObjectId(String rev) {
        return ObjectIds.isObjectId(rev);
    }

    /** A commit id as given to --sha: 4 to 64 hex digits. */
    public static String requireSha(String sha, String option) {
        if (sha == null || !FULL_OR_SHORT_SHA.matcher(sha).matches()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, option + " must be a commit SHA (4 to 64 hex digits): '"
                    + printable(sha) + "'");
        }
        return sha.toLowerCase(java.util.Locale.ROOT);
    }

    private static String printable(String s) {
        return s == null ? "" : s.replaceAll("[\\x00-\\x1f\\x7f]", "?");
    }
}
