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

    /**
     * 4 to 64 hex digits, either case. Loops, not patterns, here and in {@link Revisions}: the preparing thread
     * checks the range with them before its first git process, and a character class's first use sets up the
     * JDK's lambda machinery, which that thread otherwise leaves to the process start running beside it.
     */
    static boolean isObjectId(String rev) {
        return rev.length() >= 4 && rev.length() <= 64 && hexDigits(rev, true);
    }

    /** Every character a hex digit; upper-case ones only with {@code upperToo}. */
    private static boolean hexDigits(String s, boolean upperToo) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || upperToo && c >= 'A' && c <= 'F')) {
                return false;
            }
        }
        return true;
    }

    String commit(String prefix) {
        String hex = prefix.toLowerCase(Locale.ROOT);
        String whole = isWholeId(hex) ? wholeCommits(List.of(hex)).get(hex) : null;
        if (whole != null) {
            return whole;
        }
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
        return peeledCommits.get(0);
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
