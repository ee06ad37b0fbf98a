package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A git failure for want of an object, said as {@link ErrorCode#OBJECTS_MISSING} instead of a bare GIT_FAILED. In a
 * partial clone that is the usual case: git fetches a missing blob from the clone's remote when it needs one, and
 * prdiff forbids that (GIT_NO_LAZY_FETCH: it runs nothing on a repository's behalf and contacts no remote the
 * repository names), so the user is told how to let git fetch them once.
 */
final class MissingObjects {
    /** git 2.x's words for an object it could not find or read, with the object's id. */
    private static final Pattern MISSING = Pattern.compile(
            "(?:unable to read|could not read|missing (?:blob|tree|commit) object) '?([0-9a-f]{40,64})",
            Pattern.CASE_INSENSITIVE);

    private MissingObjects() {}

    /** The error for {@code stderr} of a failed git command, or null when it is not about a missing object. */
    static PrdiffException of(String label, String stderr, ScratchGitDir scratch, java.nio.file.Path repository) {
        Matcher m = MISSING.matcher(stderr);
        if (!m.find()) {
            return null;
        }
        String id = m.group(1);
        String why = scratch.borrowsPartialClone()
                ? "this repository is a partial clone, whose missing objects git fetches from the clone's remote when"
                        + " it needs them, and prdiff never lets it (it contacts no remote a repository names). Let git"
                        + " fetch them once, for example by running the same diff with git itself in " + repository
                        + " (git diff A...B > /dev/null), then ask again"
                : "the repository's object store lacks it (a damaged or incomplete repository; git fsck names what is"
                        + " missing)";
        return new PrdiffException(ErrorCode.OBJECTS_MISSING, label + " cannot read object " + id + ": " + why);
    }
}
