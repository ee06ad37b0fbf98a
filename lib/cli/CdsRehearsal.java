package dev.prdiff.cli;

import dev.prdiff.app.Sessions;
import dev.prdiff.core.FileTrees;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loading prdiff's classes ({@link CdsTraining}) is half of what a later start needs: the JDK classes and lambda
 * forms behind discovery, spawning git and parsing are only archived when something ran them. So the run that
 * writes the launcher's CDS archive, after the user's own command, runs prdiff's everyday commands once more on a
 * throwaway repository, with output off and disk caches in the throwaway directory: a later {@code --file} then
 * starts that code from the archive (about 20 ms less of each call). Nothing of it reaches the user's output, exit
 * code or caches, and any failure (no git on PATH) only leaves a smaller archive.
 */
final class CdsRehearsal {
    private CdsRehearsal() {}

    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(30);

    /** When this run writes the archive, rehearses the everyday commands in-process, output discarded. */
    static void runIfTraining(Map<String, String> env) {
        if (!CdsTraining.active()) {
            return;
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("prdiff-cds-");
            Path repo = throwawayRepository(dir, env);
            // Disk caches in the throwaway directory: their paths are rehearsed, and nothing is left in the user's.
            Map<String, String> quiet = new HashMap<>(env);
            quiet.remove("PRDIFF_CACHE_DIR");
            quiet.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
            String r = repo.toString();
            for (List<String> args : List.of(
                    List.of("-C", r, "main...feature", "--files-only"),
                    List.of("-C", r, "main...feature", "--file", "a.txt"),
                    List.of("-C", r, "main...feature", "--file", "d.txt"),
                    List.of("-C", r, "main...feature", "--file", "a.txt", "--json"),
                    List.of("-C", r, "main...feature", "--stat"),
                    List.of("-C", r, "main...feature"),
                    List.of("-C", repo.resolve(".git").toString(), "main...feature", "--file", "a.txt"),
                    List.of("-C", r))) {
                try (Sessions.OneCall session = Sessions.oneCall(quiet)) {
                    Cli.run(session, OutputStream.nullOutputStream(), new PrintStream(OutputStream.nullOutputStream()),
                            quiet, false, args.toArray(String[]::new));
                }
            }
        } catch (IOException | RuntimeException e) {
            // a smaller archive: later starts load the rest as they would without the rehearsal
        } finally {
            if (dir != null) {
                FileTrees.deleteQuietly(dir);
            }
        }
    }

    /**
     * main (a, b, c, then f) and feature from main's first commit (a edited, b renamed to d, c deleted, e added),
     * feature checked out with a edited in the work tree.
     */
    private static Path throwawayRepository(Path dir, Map<String, String> env) throws IOException {
        Path repo = dir.resolve("repo");
        Map<String, String> gitEnv = new HashMap<>();
        gitEnv.put("PATH", env.getOrDefault("PATH", "/usr/bin:/bin"));
        gitEnv.put("HOME", dir.toString());
        gitEnv.put("GIT_CONFIG_NOSYSTEM", "1");
        gitEnv.put("GIT_CONFIG_GLOBAL", "/dev/null");
        gitEnv.put("LC_ALL", "C");
        git(dir, gitEnv, null, "init", "-q", repo.toString());
        git(repo, gitEnv, history().getBytes(StandardCharsets.UTF_8), "fast-import", "--quiet");
        git(repo, gitEnv, null, "checkout", "-q", "feature");
        Files.writeString(repo.resolve("a.txt"), lines("work", 12));
        return repo;
    }

    private static String history() {
        StringBuilder s = new StringBuilder();
        String[] blobs = {lines("a", 12), lines("b", 12), lines("c", 12), lines("a2", 12), lines("e", 12), lines("f", 12)};
        for (int i = 0; i < blobs.length; i++) {
            s.append("blob\nmark :").append(i + 1).append("\ndata ").append(blobs[i].length()).append('\n')
                    .append(blobs[i]).append('\n');
        }
        commit(s, "main", 10, null, "M 100644 :1 a.txt\nM 100644 :2 b.txt\nM 100644 :3 c.txt\n");
        commit(s, "feature", 11, 10, "M 100644 :4 a.txt\nD b.txt\nM 100644 :2 d.txt\nD c.txt\nM 100644 :5 e.txt\n");
        commit(s, "main", 12, 10, "M 100644 :6 f.txt\n");
        return s.toString();
    }

    private static void commit(StringBuilder s, String branch, int mark, Integer parent, String changes) {
        s.append("commit refs/heads/").append(branch).append("\nmark :").append(mark)
                .append("\ncommitter prdiff <prdiff@example.invalid> 0 +0000\ndata 1\n.\n");
        if (parent != null) {
            s.append("from :").append(parent).append('\n');
        }
        s.append(changes).append('\n');
    }

    private static String lines(String prefix, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            s.append(prefix).append(' ').append(i).append('\n');
        }
        return s.toString();
    }

    private static void git(Path dir, Map<String, String> env, byte[] stdin, String... args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        Subprocess.Result result = Subprocess.run(new Command("git " + args[0], argv, dir, env, GIT_TIMEOUT),
                Subprocess.copyTo(OutputStream.nullOutputStream()), stdin);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("git " + args[0] + " failed: " + result.stderr());
        }
    }

}
