package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.NearNames;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;

import java.util.ArrayList;
import java.util.List;

/**
 * The error for a revision that names no commit and is not hex digits: REF_NOT_FOUND with the near ref names and
 * the default branch when no ref has its name (mian, or main where the default branch is trunk), SHA_NOT_FOUND
 * when the ref exists and its suffix names no commit (HEAD~99 in a short history).
 */
final class MissingRef {
    private static final List<String> DEFAULT_BRANCHES = List.of("main", "master", "trunk");

    private MissingRef() {}

    static PrdiffException error(Git git, String given) {
        String name = refPart(given);
        if (!name.equals(given) && !name.isEmpty() && git.repositoryRaw(List.of("rev-parse", "--verify", "--quiet",
                "--end-of-options", name + "^{commit}")).ok()) {
            return new PrdiffException(ErrorCode.SHA_NOT_FOUND, "no commit '" + given + "' in " + git.workDir()
                    + ": " + name + " exists, but what follows it names no commit");
        }
        List<String> refs = git.refNames();
        List<String> near = new ArrayList<>(NearNames.near(name, refs, 3));
        String defaultBranch = defaultBranch(git, refs);
        StringBuilder message = new StringBuilder("no branch, tag or commit '" + given + "' in " + git.workDir());
        if (!near.isEmpty()) {
            message.append("; did you mean ").append(String.join(" or ", near)).append('?');
        }
        if (defaultBranch != null && !near.contains(defaultBranch)) {
            message.append(near.isEmpty() ? "; the default branch is " : " The default branch is ")
                    .append(defaultBranch).append(near.isEmpty() ? "" : ".");
        }
        return new PrdiffException(ErrorCode.REF_NOT_FOUND, message.toString());
    }

    /** The ref name a revision starts with: up to its first ~, ^, @{ or :. */
    static String refPart(String rev) {
        int end = rev.length();
        for (String stop : List.of("~", "^", "@{", ":")) {
            int at = rev.indexOf(stop);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return rev.substring(0, end);
    }

    /** The remote's default branch (origin/HEAD), else the first of main, master, trunk that is a branch. */
    private static String defaultBranch(Git git, List<String> refs) {
        Subprocess.Captured r = git.repositoryRaw(List.of("symbolic-ref", "--quiet", "--short",
                "refs/remotes/origin/HEAD"));
        if (r.ok() && !r.text().isBlank()) {
            return r.text().strip();
        }
        for (String name : DEFAULT_BRANCHES) {
            for (String candidate : List.of(name, "origin/" + name)) {
                if (refs.contains(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
