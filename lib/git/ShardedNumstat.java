package dev.prdiff.git;

import dev.prdiff.core.FileEntry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The file list of a big range on several cores. One {@code --raw -M} pass gives the changes in diff order and
 * git's rename pairs; then numstat runs in parallel processes: the files that are not renames split by directory
 * into shards (with renames off, so nothing pairs across a shard), and every rename pair in one process of its
 * own, whose pairing must equal the whole listing's. Anything that does not line up is no answer (null), and the
 * caller lists the range in one process as before.
 */
public final class ShardedNumstat {
    /** Below this many changed files one process is as fast. */
    public static final int MIN_FILES = 256;

    private final Git git;
    private final List<String> revisions;
    private final int shards;

    public ShardedNumstat(Git git, List<String> revisions, int shards) {
        this.git = git;
        this.revisions = revisions;
        this.shards = shards;
    }

    /** The list, or null when the range is smaller than {@code minFiles} or the shards did not line up. */
    public List<FileEntry> files(int minFiles) {
        if (shards < 2) {
            return null;
        }
        List<Object> sizeKey = git.keyOf(revisions, minFiles);
        if (git.session().memo.smallRanges.known(sizeKey) != null) {
            return null;
        }
        List<RawNumstat.Change> whole = RawNumstat.changes(git.objectsOutput(diff(List.of("--raw", "-z"), List.of())));
        if (whole.size() < minFiles) {
            git.session().memo.smallRanges.keep(sizeKey, Boolean.TRUE);
            return null;
        }
        Set<String> renameSides = new HashSet<>();
        List<String> pairPaths = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        for (RawNumstat.Change c : whole) {
            if (c.paired()) {
                renameSides.add(c.oldPath());
                renameSides.add(c.newPath());
                pairPaths.add(c.oldPath());
                pairPaths.add(c.newPath());
            } else {
                plain.add(c.newPath());
            }
        }
        // Threads of this call's own: a cancel or a failed shard interrupts the rest, which kills their git.
        ExecutorService pool = Executors.newFixedThreadPool(shards + 1, r -> {
            Thread t = new Thread(r, "prdiff-numstat-shard");
            t.setDaemon(true);
            return t;
        });
        Map<String, FileEntry> byPath = new HashMap<>();
        try {
            List<Future<List<FileEntry>>> runs = new ArrayList<>();
            for (List<String> shard : split(plain, shards)) {
                runs.add(pool.submit(() -> numstat(List.of("--no-renames"), shard)));
            }
            Future<List<FileEntry>> renames = pairPaths.isEmpty() ? null
                    : pool.submit(() -> numstat(List.of(), PathLimit.literal(pairPaths)));
            for (Future<List<FileEntry>> run : runs) {
                for (FileEntry e : result(run)) {
                    boolean renameHalf = renameSides.contains(e.path())
                            && (e.status().equals("added") || e.status().equals("deleted"));
                    if (!renameHalf) {
                        byPath.put(e.path(), e);
                    }
                }
            }
            for (FileEntry e : renames == null ? List.<FileEntry>of() : result(renames)) {
                byPath.put(e.path() + "\0" + e.previousPath(), e);
            }
        } finally {
            pool.shutdownNow();
        }
        List<FileEntry> files = new ArrayList<>(whole.size());
        for (RawNumstat.Change c : whole) {
            FileEntry e = byPath.remove(c.paired() ? c.newPath() + "\0" + c.oldPath() : c.newPath());
            if (e == null) {
                return null; // a pairing or a path that did not line up
            }
            files.add(e);
        }
        return byPath.isEmpty() ? files : null;
    }

    private static List<FileEntry> result(Future<List<FileEntry>> run) {
        return GitTasks.result(run, "git diff --numstat");
    }

    private List<FileEntry> numstat(List<String> options, List<String> pathspec) {
        List<String> args = new ArrayList<>(List.of("--raw", "--numstat", "-z"));
        args.addAll(options);
        return RawNumstat.parse(git.objectsOutput(diff(args, pathspec)));
    }

    private List<String> diff(List<String> options, List<String> pathspec) {
        return GitEnvironment.diffArgs(options, revisions, pathspec);
    }

    /**
     * Directory prefixes (as literal pathspecs) that split the paths into {@code n} shards of about the same
     * number of files: the top-level names, and any one holding more than a shard's share split into its own
     * children, then packed largest first into the emptiest shard.
     */
    static List<List<String>> split(List<String> paths, int n) {
        TreeMap<String, Integer> units = count(paths, "");
        int share = Math.max(1, paths.size() / n);
        boolean refined = true;
        while (refined) {
            refined = false;
            for (var unit : List.copyOf(units.entrySet())) {
                if (unit.getValue() > share && hasChildren(paths, unit.getKey())) {
                    units.remove(unit.getKey());
                    units.putAll(count(paths, unit.getKey() + "/"));
                    refined = true;
                }
            }
        }
        List<List<String>> shards = new ArrayList<>();
        int[] sizes = new int[n];
        for (int i = 0; i < n; i++) {
            shards.add(new ArrayList<>());
        }
        units.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).forEach(unit -> {
            int emptiest = 0;
            for (int i = 1; i < n; i++) {
                emptiest = sizes[i] < sizes[emptiest] ? i : emptiest;
            }
            shards.get(emptiest).add(":(literal)" + unit.getKey());
            sizes[emptiest] += unit.getValue();
        });
        shards.removeIf(List::isEmpty);
        return shards;
    }

    /** Files per next path component under {@code prefix}: "a/b/c" under "a/" counts for "a/b". */
    private static TreeMap<String, Integer> count(List<String> paths, String prefix) {
        TreeMap<String, Integer> units = new TreeMap<>();
        for (String p : paths) {
            if (p.startsWith(prefix)) {
                int slash = p.indexOf('/', prefix.length());
                units.merge(slash < 0 ? p : p.substring(0, slash), 1, Integer::sum);
            }
        }
        return units;
    }

    private static boolean hasChildren(List<String> paths, String unit) {
        String dir = unit + "/";
        return paths.stream().anyMatch(p -> p.startsWith(dir));
    }
}
