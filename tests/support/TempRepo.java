package support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A throwaway git repository built by real git, with the user's and system's config shut out and fixed
 * identities and dates, so every fixture is the same on every machine.
 * <p>
 * A test class shares one as a JUnit extension: {@code @RegisterExtension static final TempRepo repo =
 * TempRepo.init();} makes it when the class starts (its {@code @BeforeAll} then builds the history) and removes it
 * after the class's last test, whether or not the tests passed.
 */
public final class TempRepo implements AutoCloseable, AfterAllCallback {
    private final Path dir;
    private int tick;

    private TempRepo(Path dir) {
        this.dir = dir;
    }

    public static TempRepo init() {
        TempRepo repo = new TempRepo(TempDirs.create("prdiff-repo-"));
        repo.git("init", "-q", "-b", "main");
        return repo;
    }

    public Path dir() {
        return dir;
    }

    public TempRepo write(String path, String content) {
        return write(path, content.getBytes(StandardCharsets.UTF_8));
    }

    public TempRepo write(String path, byte[] content) {
        try {
            Path file = dir.resolve(path);
            Files.createDirectories(file.getParent());
            Files.write(file, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public TempRepo executable(String path, boolean on) {
        try {
            Files.setPosixFilePermissions(dir.resolve(path), PosixFilePermissions.fromString(on ? "rwxr-xr-x" : "rw-r--r--"));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the file from the work tree; the next {@link #commit} records it. */
    public TempRepo delete(String path) {
        try {
            Files.delete(dir.resolve(path));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Moves the file in the work tree; the next {@link #commit} records it. */
    public TempRepo move(String from, String to) {
        try {
            Files.createDirectories(dir.resolve(to).getParent());
            Files.move(dir.resolve(from), dir.resolve(to));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stages everything and commits; returns the new commit's full SHA. */
    public String commit(String message) {
        git("add", "-A");
        git("commit", "-q", "--allow-empty", "-m", message);
        return text("rev-parse", "HEAD").trim();
    }

    public TempRepo checkout(String... args) {
        List<String> all = new ArrayList<>(List.of("checkout", "-q"));
        all.addAll(List.of(args));
        git(all.toArray(String[]::new));
        return this;
    }

    public String text(String... args) {
        return new String(git(args), StandardCharsets.UTF_8);
    }

    /** Runs git in this repository, failing the test on a non-zero exit; returns stdout. */
    public byte[] git(String... args) {
        Proc.Result r = run(args);
        if (r.exit() != 0) {
            throw new AssertionError("git " + String.join(" ", args) + " exited " + r.exit() + ": " + r.stderr());
        }
        return r.stdout();
    }

    /**
     * The oracle: what git itself prints for a diff under a neutral configuration, the same settings prdiff
     * promises to reproduce.
     */
    public byte[] gitDiff(String... args) {
        return git(NeutralGit.diff(args));
    }

    public Proc.Result run(String... args) {
        return Proc.run(NeutralGit.argv(args), dir, env(), NeutralGit.TIMEOUT);
    }

    /** The neutral environment plus fixed identities and a date one minute later per git call. */
    private Map<String, String> env() {
        Map<String, String> env = NeutralGit.env();
        env.put("GIT_AUTHOR_NAME", "Fixture Author");
        env.put("GIT_AUTHOR_EMAIL", "author@example.com");
        env.put("GIT_COMMITTER_NAME", "Fixture Committer");
        env.put("GIT_COMMITTER_EMAIL", "committer@example.com");
        String date = (1_700_000_000L + 60L * tick++) + " +0000";
        env.put("GIT_AUTHOR_DATE", date);
        env.put("GIT_COMMITTER_DATE", date);
        return env;
    }

    @Override
    public void close() {
        deleteTree(dir);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    /** Deletes a temp directory and everything below it, as far as it can. */
    public static void deleteTree(Path root) {
        try {
            TempDirs.deleteTree(root);
        } catch (IOException ignored) {
            // best effort
        }
    }
}
