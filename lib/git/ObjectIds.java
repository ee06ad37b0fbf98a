package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An object id is an object id: 4 to 64 hex digits name the one commit (or tag of a commit) whose id starts
 * with them. Refs are never consulted, so a branch or tag named like a SHA (say, fetched from a fork) cannot
 * redirect a pinned diff. Looked up in the scratch git directory, which has no refs at all.
 */
final class ObjectIds {
    private final Git git;

    ObjectIds(Git git) {
        this.git = git;
    }

    /** 40 or 64 lower-case hex digits. (A loop: String.matches compiles its pattern on every call.) */
    static boolean isFullId(String id) {
        return (id.length() == 40 || id.length() == 64) && hexDigits(id, false);
    }

    /** 4 to 64 hex digits, either case. */
    static boolean isObjectId(String rev) {
        return rev.length() >= 4 && rev.length() <= 64 && hexDigits(rev, true);
    }

    /**
     * How many hex digits start {@code rev} when a suffix follows them ({@code ~N}, {@code ^N}, {@code ^{...}},
     * {@code :path}): 4 to 64, else -1. Those digits are an object id as bare hex is, so that {@code f49c8f8~0}
     * is never a tag named f49c8f8.
     */
    static int hexBeforeSuffix(String rev) {
        int n = 0;
        while (n < rev.length() && n <= 64 && hexDigit(rev.charAt(n), true)) {
            n++;
        }
        return n >= 4 && n <= 64 && n < rev.length() && "~^:".indexOf(rev.charAt(n)) >= 0 ? n : -1;
    }

    /** Hex digits alone or before a suffix: an object id, never a ref, decides what {@code rev} names. */
    static boolean startsWithObjectId(String rev) {
        return isObjectId(rev) || hexBeforeSuffix(rev) > 0;
    }

    /** Every character a hex digit; upper-case ones only with {@code upperToo}. */
    private static boolean hexDigits(String s, boolean upperToo) {
        for (int i = 0; i < s.length(); i++) {
            if (!hexDigit(s.charAt(i), upperToo)) {
                return false;
            }
        }
        return true;
    }

    private static boolean hexDigit(char c, boolean upperToo) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || upperToo && c >= 'A' && c <= 'F';
    }

    String commit(String prefix) {
        String hex = prefix.toLowerCase(Locale.ROOT);
        String whole = isWholeId(hex) ? wholeCommits(List.of(hex)).get(hex) : null;
        return whole != null ? whole : unique(prefix)[1];
    }

    /**
     * {@code rev} with its leading hex digits (see {@link #hexBeforeSuffix}) replaced by the whole id of the one
     * commit, or tag of a commit, whose id starts with them: git then applies the suffix to that object, as it would
     * to the object the digits name when no ref has their name.
     */
    String withWholeId(String rev) {
        int n = hexBeforeSuffix(rev);
        if (n < 0) {
            return rev;
        }
        String hex = rev.substring(0, n).toLowerCase(Locale.ROOT);
        String whole = isWholeId(hex) ? wholeCommits(List.of(hex)).get(hex) : null;
        return (whole != null ? whole : unique(rev.substring(0, n))[0]) + rev.substring(n);
    }

    /** {id, the commit it peels to} of the one commit or tag of a commit whose id starts with {@code prefix}. */
    private String[] unique(String prefix) {
        String hex = prefix.toLowerCase(Locale.ROOT);
        List<String> commits = new ArrayList<>();
        List<String> peeledCommits = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String[] object : typed(candidates(hex))) {
            String peeled = object[1].equals("commit") ? object[0] : object[1].equals("tag") ? peel(object[0]) : null;
            if (peeled != null) {
                commits.add(object[0]);
                peeledCommits.add(peeled);
            } else {
                others.add(object[0] + " (" + object[1] + ")");
            }
        }
        if (commits.size() > 1) {
            throw new PrdiffException(ErrorCode.AMBIGUOUS_SHA, "'" + prefix + "' is the start of " + commits.size()
                    + " commit ids: " + String.join(", ", commits) + "; give more digits",
                    Map.of("candidates", commits), null);
        }
        if (commits.isEmpty()) {
            throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "no commit whose id starts with " + hex + " in "
                    + git.workDir() + (others.isEmpty() ? "" : "; only " + String.join(", ", others))
                    + refHint(prefix));
        }
        return new String[] {commits.get(0), peeledCommits.get(0)};
    }

    static boolean isWholeId(String rev) {
        return (rev.length() == 40 || rev.length() == 64) && isObjectId(rev);
    }

    /**
     * The given whole ids (40 or 64 digits) that name a commit, each mapped to its id, from one cat-file and no
     * {@code --disambiguate}: cat-file names at most one object for each (40 digits in a sha256 repository are a
     * prefix, and cat-file expands one that is unique). Missing, ambiguous, tag and other ids are left out, for
     * the long way that lists every candidate, peels tags and words the error.
     */
    Map<String, String> wholeCommits(List<String> ids) {
        Map<String, String> commits = new java.util.HashMap<>();
        List<String[]> typed = typed(ids.stream().map(id -> id.toLowerCase(Locale.ROOT)).toList());
        if (typed.size() == ids.size()) {
            for (int i = 0; i < ids.size(); i++) {
                String[] object = typed.get(i);
                if (object[0].startsWith(ids.get(i).toLowerCase(Locale.ROOT)) && object[1].equals("commit")) {
                    commits.put(ids.get(i), object[0]);
                }
            }
        }
        return commits;
    }

    private List<String> candidates(String hex) {
        String out = new String(git.objectsOutput(List.of("rev-parse", "--disambiguate=" + hex)),
                StandardCharsets.US_ASCII).strip();
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    /** [id, type] for each candidate, from one cat-file. */
    private List<String[]> typed(List<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        byte[] stdin = (String.join("\n", ids) + "\n").getBytes(StandardCharsets.US_ASCII);
        Subprocess.Captured r = git.objectsRaw(List.of("cat-file", "--batch-check=%(objectname) %(objecttype)"), stdin);
        git.check(r.result(), List.of("cat-file"));
        List<String[]> typed = new ArrayList<>();
        for (String line : r.text().split("\n")) {
            String[] parts = line.split(" ");
            if (parts.length == 2) {
                typed.add(parts);
            }
        }
        return typed;
    }

    private String peel(String id) {
        Subprocess.Captured r = git.objectsRaw(List.of("rev-parse", "--verify", "--quiet", "--end-of-options",
                id + "^{commit}"));
        return r.ok() ? r.text().strip() : null;
    }

    /** Says so when the user probably meant a ref that happens to look like hex. */
    private String refHint(String name) {
        Subprocess.Captured r = git.repositoryRaw(List.of("rev-parse", "--verify", "--quiet", "--symbolic-full-name",
                "--end-of-options", name));
        String ref = r.ok() ? r.text().strip() : "";
        return ref.startsWith("refs/") ? " (hex digits are always an object id; to mean the ref, write " + ref + ")" : "";
    }
}
