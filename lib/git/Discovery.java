package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Git's repository discovery for a directory ({@code rev-parse --absolute-git-dir …}), which may resolve
 * revisions in the same process.
 *
 * <p>Which repositories git opens at all is up to the user's trust settings (see {@link TrustSettings}), and reading
 * them is a git process of its own. Most of the time they are not needed: discovery first runs with the strictest
 * settings there are (no safe.directory, safe.bareRepository=explicit), and whatever git opens under those it opens,
 * with the same answer, under any settings the user may have. Only when git refuses (a repository owned by someone
 * else, a bare repository found by discovery) are the user's settings read and discovery run again under them. A
 * directory that looks like a git directory itself is asked under the user's settings straight away: the strictest
 * would refuse it.
 */
final class Discovery {
    private static final List<String> PROBE = List.of("rev-parse", "--absolute-git-dir", "--git-path", "objects",
            "--git-path", "shallow", "--show-prefix", "--is-bare-repository", "--show-object-format");

    /** What discovery found, the environment git opened it under, and the answers to the revisions asked along. */
    record Found(Repository repository, Map<String, String> env, List<String> revisions) {}

    private Discovery() {}

    /**
     * Discovers the repository of {@code dir}; with {@code revisions} (rev-parse arguments), resolves them in the
     * same process when it can. {@link Found#revisions} is null when they were not resolved (the answer was kept
     * from earlier, or a revision failed: the caller resolves them its usual way and reports that failure).
     */
    static Found find(Session session, Path dir, Duration timeout, List<String> revisions) {
        boolean strictFirst = !looksLikeGitDir(dir);
        Map<String, String> env = strictFirst ? GitEnvironment.strictRepository(session.env(), session.emptyHome())
                : usersTrust(session, timeout);
        while (true) {
            Repository kept = session.opened.get(dir, env);
            if (kept != null) {
                return new Found(kept, env, null);
            }
            Subprocess.Captured r = Subprocess.capture(probe(dir, env, timeout, revisions));
            if (r.ok()) {
                return found(session, dir, env, r.text(), revisions.size());
            }
            if (!revisions.isEmpty() && !refusedByTrust(r.stderr())) {
                r = Subprocess.capture(probe(dir, env, timeout, List.of()));
                if (r.ok()) {
                    return found(session, dir, env, r.text(), 0);
                }
            }
            if (strictFirst && refusedByTrust(r.stderr())) {
                strictFirst = false;
                env = usersTrust(session, timeout);
                continue;
            }
            throw notARepository(dir, r.stderr());
        }
    }

    /** The repository environment under the user's own trust settings. */
    private static Map<String, String> usersTrust(Session session, Duration timeout) {
        return GitEnvironment.repository(session.env(), session.trust.configFile(timeout), session.emptyHome());
    }

    private static Command probe(Path dir, Map<String, String> env, Duration timeout, List<String> revisions) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(GitEnvironment.configArgs(GitEnvironment.DISCOVERY_CONFIG));
        argv.addAll(PROBE);
        if (!revisions.isEmpty()) {
            argv.add("--end-of-options");
            argv.addAll(revisions);
        }
        return new Command("git rev-parse", argv, dir, env, timeout);
    }

    private static Found found(Session session, Path dir, Map<String, String> env, String text, int revisionCount) {
        List<String> lines = Arrays.asList(text.split("\n"));
        if (lines.size() < Repository.PROBE_LINES) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "git rev-parse gave an unexpected answer in " + dir);
        }
        Repository repository = Repository.ofProbe(dir, lines);
        session.opened.put(dir, env, repository);
        List<String> answers = Git.revParseAnswers(lines.subList(Repository.PROBE_LINES, lines.size()));
        return new Found(repository, env, revisionCount == 0 ? null : List.copyOf(answers));
    }

    /** A bare repository or a .git directory: discovery under safe.bareRepository=explicit refuses both. */
    private static boolean looksLikeGitDir(Path dir) {
        return Files.isRegularFile(dir.resolve("HEAD")) && Files.isDirectory(dir.resolve("objects"));
    }

    private static boolean refusedByTrust(String stderr) {
        return ownedByAnother(stderr) || bareRefused(stderr);
    }

    private static boolean ownedByAnother(String stderr) {
        return stderr.contains("dubious ownership");
    }

    private static boolean bareRefused(String stderr) {
        return stderr.contains("safe.bareRepository") || stderr.contains("cannot use bare repository");
    }

    private static PrdiffException notARepository(Path dir, String stderr) {
        if (ownedByAnother(stderr)) {
            return new PrdiffException(ErrorCode.NOT_A_REPOSITORY, dir + " belongs to another user, so git refuses"
                    + " to open it; if you trust it, run: git config --global --add safe.directory " + dir);
        }
        if (bareRefused(stderr)) {
            return new PrdiffException(ErrorCode.NOT_A_REPOSITORY, dir + " is a bare repository found by discovery,"
                    + " which your safe.bareRepository setting forbids (" + Git.trim(stderr) + ")");
        }
        return new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "not a git repository: " + dir
                + (stderr.isBlank() ? "" : " (" + Git.trim(stderr) + ")"));
    }
}
