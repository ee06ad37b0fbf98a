package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.Messages;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs git against one repository, hermetically. Commands that name only commits run "objects only": with the
 * git directory as both {@code --git-dir} and working directory and {@code core.bare=true}, so git has no work
 * tree, reads no index and no {@code .gitattributes} from a checkout. Work-tree commands run in the checkout.
 */
public final class Git {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final Path workDir;
    private final Path gitDir;
    private final Duration timeout;
    private final Map<String, String> env;

    private Git(Path workDir, Path gitDir, Duration timeout, Map<String, String> env) {
        this.workDir = workDir;
        this.gitDir = gitDir;
        this.timeout = timeout;
        this.env = env;
    }

    /** Opens the repository containing {@code dir}; NOT_A_REPOSITORY if there is none. */
    public static Git open(Path dir, Duration timeout) {
        return open(dir, timeout, System.getenv());
    }

    public static Git open(Path dir, Duration timeout, Map<String, String> inheritedEnv) {
        Path abs = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(abs)) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "not a directory: " + abs);
        }
        Map<String, String> env = GitEnvironment.hermetic(inheritedEnv);
        Command probe = new Command("git rev-parse", List.of("git", "rev-parse", "--absolute-git-dir"), abs, env, timeout);
        Subprocess.Captured found = Subprocess.capture(probe);
        if (!found.ok()) {
            throw new PrdiffException(ErrorCode.NOT_A_REPOSITORY, "not a git repository: " + abs
                    + (found.stderr().isBlank() ? "" : " (" + trim(found.stderr()) + ")"));
        }
        return new Git(abs, Path.of(found.text().strip()), timeout, env);
    }

    public Path workDir() {
        return workDir;
    }

    public Path gitDir() {
        return gitDir;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Resolves a revision to a full commit SHA, or fails with SHA_NOT_FOUND; never guesses. */
    public String commit(String rev) {
        Revisions.requireSafe(rev);
        Subprocess.Captured r = Subprocess.capture(objectsOnly("git rev-parse",
                List.of("rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}")));
        if (!r.ok()) {
            throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "no commit '" + rev + "' in " + workDir);
        }
        return r.text().strip();
    }

    /** True when the revision names a commit in the local object store. */
    public boolean hasCommit(String rev) {
        try {
            commit(rev);
            return true;
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.SHA_NOT_FOUND) {
                return false;
            }
            throw e;
        }
    }


    /** Runs a git command on objects only, streaming stdout to the reader; fails with GIT_FAILED on a non-zero exit. */
    public Subprocess.Result objects(Subprocess.StdoutReader reader, List<String> args) {
        return check(Subprocess.run(objectsOnly(label(args), args), reader, null), args);
    }

    public byte[] objectsOutput(List<String> args) {
        Subprocess.Captured r = Subprocess.capture(objectsOnly(label(args), args));
        check(new Subprocess.Result(r.exitCode(), r.stderr()), args);
        return r.stdout();
    }

    /** Runs a git command on objects only and returns its exit code and stderr without judging them. */
    public Subprocess.Captured objectsRaw(List<String> args) {
        return Subprocess.capture(objectsOnly(label(args), args));
    }

    /** Runs a git command in the checkout (work tree and index visible). */
    public Subprocess.Result checkout(Subprocess.StdoutReader reader, List<String> args) {
        return check(Subprocess.run(inCheckout(label(args), args), reader, null), args);
    }

    /** Runs a git command in the checkout and returns its exit code and stderr without judging them. */
    public Subprocess.Captured checkoutRaw(List<String> args) {
        return Subprocess.capture(inCheckout(label(args), args));
    }

    public Subprocess.Result objects(OutputStream sink, List<String> args) {
        return objects(in -> in.transferTo(sink), args);
    }

    private Subprocess.Result check(Subprocess.Result r, List<String> args) {
        if (!r.ok()) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, label(args) + " failed (exit " + r.exitCode() + ")"
                    + (r.stderr().isBlank() ? "" : ": " + trim(r.stderr())));
        }
        return r;
    }

    private Command objectsOnly(String label, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("git", "--git-dir=" + gitDir, "-c", "core.bare=true"));
        argv.addAll(GitEnvironment.configArgs());
        argv.addAll(args);
        return new Command(label, argv, gitDir, env, timeout);
    }

    private Command inCheckout(String label, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(GitEnvironment.configArgs());
        argv.addAll(args);
        return new Command(label, argv, workDir, env, timeout);
    }

    private static String label(List<String> args) {
        return "git " + args.get(0);
    }

    static String trim(String stderr) {
        return Messages.oneLine(stderr);
    }
}
