package dev.prdiff.app;

import dev.prdiff.git.LocalDiffs;
import dev.prdiff.git.Revisions;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the user asked to diff: a range, a commit, one revision (git's shorthand), a pull request, or nothing
 * (auto-detection).
 */
public sealed interface Target {
    record Range(String base, String head, boolean threeDot) implements Target {}

    record Commit(String rev) implements Target {}

    /**
     * One revision, git's shorthand: hex digits (4 to 64, an object id as always) are that commit against its
     * first parent, as --commit; any other revision (a branch, tag, HEAD~3) is {@code REV...HEAD}.
     */
    record Rev(String rev) implements Target {}

    /**
     * {@code repo} is HOST/OWNER/REPO when the target was a GitHub URL, the whole URL for an Azure Repos one,
     * OWNER/REPO for OWNER/REPO#N, else null.
     */
    record PullRequest(long number, String repo) implements Target {}

    /**
     * No target: HEAD against a detected or given base, from their merge base; uncommitted changes included
     * when the tree is dirty (and no base was given) or {@code workTree} asks for them (--cached, --untracked).
     */
    record Auto(String base, LocalDiffs.WorkTree workTree) implements Target {
        public Auto(String base) {
            this(base, null);
        }
    }

    Pattern PR_NUMBER = Pattern.compile("#?(\\d+)");
    Pattern PR_URL = Pattern.compile("https?://([^/\\s]+)/([^/\\s]+)/([^/\\s]+)/pull/(\\d+)(?:[/?#].*)?");
    /** A URL without its scheme; the host must look like one (a dot or a port), so a branch name never does. */
    Pattern PR_URL_NO_SCHEME =
            Pattern.compile("(?!.*\\.\\.)([^/\\s]+[.:][^/\\s]+)/([^/\\s]+)/([^/\\s]+)/pull/(\\d+)(?:[/?#].*)?");
    /** An Azure Repos pull request page, {@code https://HOST/…/_git/REPO/pullrequest/N}, kept whole as the repo. */
    Pattern AZURE_PR_URL = Pattern.compile("https://[^/\\s]+/[^\\s?#]*/_git/[^/\\s?#]+/pullrequest/(\\d+)",
            Pattern.CASE_INSENSITIVE);
    /** GitHub's own short form, OWNER/REPO#N (as in issue references), with an optional HOST/ in front. */
    Pattern PR_REFERENCE = Pattern.compile("((?:[^/\\s#]+/)?[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+)#(\\d+)");

    /** The range a target stands for, when it is one: A...B, A..B, or a revision's REV...HEAD (not an object id). */
    static Range rangeOf(Target target) {
        if (target instanceof Range r) {
            return r;
        }
        return target instanceof Rev r && !Revisions.isObjectId(r.rev()) ? new Range(r.rev(), "HEAD", true) : null;
    }

    /**
     * A word split as a range at its first "..." or else its first "..", or null when it has neither; {@link #parse}
     * asks only once the word is none of a pull request's. Its revisions are not checked here.
     */
    static Range range(String target) {
        int three = target.indexOf("...");
        if (three >= 0) {
            return new Range(side(target.substring(0, three)), side(target.substring(three + 3)), true);
        }
        int two = target.indexOf("..");
        return two < 0 ? null : new Range(side(target.substring(0, two)), side(target.substring(two + 2)), false);
    }

    /** Reads the positional TARGET together with --commit and --base. */
    static Target parse(String target, String commit, String base) {
        return checked(parseUnchecked(target, commit, base));
    }

    /** {@code parsed}, once each revision it names is one git may be given (INVALID_INPUT otherwise). */
    public static <T extends Target> T checked(T parsed) {
        if (parsed instanceof Range r) {
            Revisions.requireSafe(r.base());
            Revisions.requireSafe(r.head());
        } else if (parsed instanceof Commit c) {
            Revisions.requireSafe(c.rev());
        } else if (parsed instanceof Rev r) {
            Revisions.requireSafe(r.rev());
        } else if (parsed instanceof Auto a && a.base() != null) {
            Revisions.requireSafe(a.base());
        }
        return parsed;
    }

    private static Target parseUnchecked(String target, String commit, String base) {
        RequestRules.oneTarget(target, commit, base);
        if (commit != null) {
            return new Commit(commit);
        }
        if (target == null) {
            return new Auto(base);
        }
        Matcher url = PR_URL.matcher(target);
        if (!url.matches()) {
            url = PR_URL_NO_SCHEME.matcher(target);
        }
        if (url.matches()) {
            String host = url.group(1);
            String repo = url.group(2) + "/" + url.group(3);
            return new PullRequest(prNumber(url.group(4)), host + "/" + repo); // the host is kept, github.com too
        }
        Matcher number = PR_NUMBER.matcher(target);
        if (number.matches()) {
            return new PullRequest(prNumber(number.group(1)), null);
        }
        Matcher azure = AZURE_PR_URL.matcher(target);
        if (azure.matches()) {
            // Which hosts are Azure's depends on the environment (PRDIFF_AZURE_HOSTS): the source checks it.
            return new PullRequest(prNumber(azure.group(1)), target);
        }
        if (target.startsWith("http://") || target.startsWith("https://")) {
            throw invalid("not a pull request URL: " + target + " (expected https://HOST/OWNER/REPO/pull/N)");
        }
        Matcher reference = PR_REFERENCE.matcher(target);
        if (reference.matches()) {
            return new PullRequest(prNumber(reference.group(2)), reference.group(1));
        }
        Range range = range(target);
        return range != null ? range : new Rev(target);
    }

    private static long prNumber(String digits) {
        try {
            long n = Long.parseLong(digits);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the error
        }
        throw invalid("pull request number must be a positive integer: " + digits);
    }

    /** An empty side of a range means HEAD, as in git. */
    private static String side(String rev) {
        return rev.isEmpty() ? "HEAD" : rev;
    }

    private static PrdiffException invalid(String message) {
        return new PrdiffException(ErrorCode.INVALID_INPUT, message);
    }
}
