package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.source.DiffRefused;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The real gh CLI, which owns hosts, tokens and the user's login: prdiff never handles a token. gh runs with
 * no prompts, colour, pager or update notices, and without inherited GIT_* variables so that it resolves the
 * repository from the clone prdiff was pointed at.
 */
public final class Gh {
    static final String INSTALL_HINT = "install GitHub's CLI: the Debian/Ubuntu package 'gh' (apt-get install gh), "
            + "or see https://cli.github.com";

    private final Path dir;
    private final Duration timeout;
    private final Map<String, String> env;
    private final Clock clock;

    public Gh(Path dir, Duration timeout, Map<String, String> inherited, Clock clock) {
        this.dir = dir;
        this.timeout = timeout;
        this.env = environment(inherited);
        this.clock = clock;
    }

    static Map<String, String> environment(Map<String, String> inherited) {
        Map<String, String> env = new HashMap<>();
        inherited.forEach((k, v) -> {
            if (!k.startsWith("GIT_")) {
                env.put(k, v);
            }
        });
        env.put("GH_PROMPT_DISABLED", "1");
        env.put("GH_NO_UPDATE_NOTIFIER", "1");
        env.put("GH_PAGER", "cat");
        env.put("PAGER", "cat");
        env.put("NO_COLOR", "1");
        env.put("CLICOLOR", "0");
        env.remove("CLICOLOR_FORCE");
        env.remove("GH_FORCE_TTY");
        return env;
    }

    /** GET a REST path through {@code gh api --include}; a non-2xx answer becomes a coded error. */
    public ApiResponse get(String host, String path, String what) {
        List<String> args = new ArrayList<>(List.of("api", "--include", "--method", "GET"));
        if (host != null) {
            args.addAll(List.of("--hostname", host));
        }
        args.add(path);
        ApiResponse r = getRaw(args, what);
        if (!r.ok()) {
            throw GhErrors.fromResponse(r, what, clock);
        }
        return r;
    }

    /** Like {@link #get} but hands back non-2xx answers instead of failing. */
    ApiResponse getRaw(List<String> args, String what) {
        Subprocess.Captured c = installed(() -> Subprocess.capture(command("gh api", args)));
        ApiResponse r = ApiResponse.parse(c.stdout());
        if (r == null) {
            throw GhErrors.fromStderr(c.stderr(), c.exitCode(), what);
        }
        return r;
    }

    /** Runs {@code gh pr diff}, handing its stdout to the reader; on failure reads the PR endpoint to say why. */
    public void prDiff(GitHubRepo repo, long number, Subprocess.StdoutReader reader) {
        List<String> args = new ArrayList<>(List.of("pr", "diff", Long.toString(number), "--color", "never"));
        if (repo != null) {
            args.addAll(List.of("-R", repo.ghSpec()));
        }
        Subprocess.Result r = installed(() -> Subprocess.run(command("gh pr diff", args), reader, null));
        if (!r.ok()) {
            throw prDiffFailure(repo, number, r);
        }
    }

    private PrdiffException prDiffFailure(GitHubRepo repo, long number, Subprocess.Result r) {
        String stderr = r.stderr();
        String lower = stderr.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("http 406") || lower.contains("too_large") || lower.contains("maximum number of files")) {
            return new TooLarge(GhErrors.trim(stderr));
        }
        if (lower.contains("http 403") || lower.contains("http 429") || lower.contains("rate limit")) {
            // gh's stderr has no headers; the PR endpoint answers with the same limit and its reset time.
            String path = "repos/" + (repo == null ? "{owner}/{repo}" : repo.fullName()) + "/pulls/" + number;
            List<String> args = new ArrayList<>(List.of("api", "--include", "--method", "GET"));
            if (repo != null && repo.host() != null) {
                args.addAll(List.of("--hostname", repo.host()));
            }
            args.add(path);
            ApiResponse probe = getRaw(args, "gh pr diff " + number);
            if (!probe.ok()) {
                return GhErrors.fromResponse(probe, "gh pr diff " + number, clock);
            }
        }
        return GhErrors.fromStderr(stderr, r.exitCode(), "gh pr diff " + number);
    }

    /** A missing gh is PREREQUISITE with the package to install. */
    private static <T> T installed(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.PREREQUISITE) {
                throw new PrdiffException(ErrorCode.PREREQUISITE, "gh is not installed or not on PATH: " + INSTALL_HINT, e);
            }
            throw e;
        }
    }

    private Command command(String label, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("gh"));
        argv.addAll(args);
        return new Command(label, argv, dir, env, timeout);
    }

    /** GitHub refuses diffs of pull requests with more than 300 files (HTTP 406). */
    public static final class TooLarge extends DiffRefused {
        TooLarge(String ghMessage) {
            super("GitHub refused the diff: " + ghMessage, "more than 300 files");
        }
    }
}
