package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The hermetic oracle: a bare clone of a repository, diffed by git with an empty environment (PATH, an empty HOME,
 * no system or global config, no system attributes). A bare clone has no work tree, no index and no config but
 * what clone writes, so what it prints depends only on the objects. Independent of prdiff's own code.
 */
public final class BareOracle implements AutoCloseable {
    /** One {@code --raw --numstat} record: status letter, paths, counts (-1 for binary). */
    public record Change(char status, String oldPath, String path, long additions, long deletions) {}

    private final Path root;
    private final Path gitDir;
    private final Map<String, String> env;

    private BareOracle(Path root) {
        this.root = root;
        this.gitDir = root.resolve("oracle.git");
        this.env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", root.resolve("empty-home").toString());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_ATTR_NOSYSTEM", "1");
    }

    /** {@code git clone --bare repo}, run in the empty environment too. */
    public static BareOracle cloneOf(Path repo) {
        try {
            BareOracle o = new BareOracle(TempDirs.create("prdiff-oracle-"));
            Files.createDirectories(o.root.resolve("empty-home"));
            o.git(o.root, "clone", "--bare", "-q", repo.toString(), o.gitDir.toString());
            return o;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code git diff --no-ext-diff REVS [-- PATHSPEC]}. */
    public byte[] diff(List<String> revs, List<String> pathspec) {
        List<String> args = new ArrayList<>(List.of("diff", "--no-ext-diff"));
        args.addAll(revs);
        if (!pathspec.isEmpty()) {
            args.add("--");
            args.addAll(pathspec);
        }
        return git(gitDir, args.toArray(String[]::new));
    }

    public String diffText(List<String> revs, List<String> pathspec) {
        return new String(diff(revs, pathspec), StandardCharsets.UTF_8);
    }

    /** {@code git diff --no-ext-diff --raw --numstat -z REVS}, read record by record. */
    public List<Change> changes(List<String> revs) {
        List<String> args = new ArrayList<>(List.of("diff", "--no-ext-diff", "--raw", "--numstat", "-z"));
        args.addAll(revs);
        String[] f = new String(git(gitDir, args.toArray(String[]::new)), StandardCharsets.UTF_8).split("\0", -1);
        List<String[]> raw = new ArrayList<>();
        int i = 0;
        for (; i < f.length && f[i].startsWith(":"); i++) {
            char status = f[i].split(" ")[4].charAt(0);
            boolean two = status == 'R' || status == 'C';
            raw.add(new String[] {String.valueOf(status), f[i + 1], two ? f[i + 2] : f[i + 1]});
            i += two ? 2 : 1;
        }
        List<Change> out = new ArrayList<>();
        for (String[] r : raw) {
            String[] counts = f[i].split("\t", 3);
            i += counts[2].isEmpty() ? 3 : 1;
            long adds = counts[0].equals("-") ? -1 : Long.parseLong(counts[0]);
            long dels = counts[1].equals("-") ? -1 : Long.parseLong(counts[1]);
            out.add(new Change(r[0].charAt(0), r[1], r[2], adds, dels));
        }
        return out;
    }

    /** Any git command in the bare clone, for answers other than diffs ({@code git log}); returns stdout. */
    public byte[] run(String... args) {
        return git(gitDir, args);
    }

    /** {@code git show NAME}, for NAME as SHA:PATH: a file's bytes or a folder's listing. */
    public byte[] show(String name) {
        return git(gitDir, "show", name);
    }

    /** {@code git grep ARGS} with its exit code (1: nothing matched) and output, never failing the test itself. */
    public Proc.Result grep(String... args) {
        List<String> all = new ArrayList<>(List.of("grep"));
        all.addAll(List.of(args));
        return Proc.run(NeutralGit.argv(all.toArray(String[]::new)), gitDir, env, NeutralGit.TIMEOUT);
    }

    private byte[] git(Path dir, String... args) {
        Proc.Result r = Proc.run(NeutralGit.argv(args), dir, env, NeutralGit.TIMEOUT);
        if (r.exit() != 0) {
            throw new IllegalStateException("oracle git " + String.join(" ", args) + ": " + r.describe());
        }
        return r.stdout();
    }

    @Override
    public void close() {
        TempRepo.deleteTree(root);
    }
}
