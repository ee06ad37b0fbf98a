package project;

import org.junit.jupiter.api.Test;
import support.Proc;
import support.RepoRoot;
import support.TempDirs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bench/workload builds the benchmark history deterministically: the same parameters give the same SHAs in any
 * cache, so every run of bench/run measures the same objects. The SHAs are pinned here: a change to
 * bench/Workload.java that changes them must also bump the cache key's version in bench/workload.
 */
class BenchWorkloadTest {
    static final String MAIN = "3955ca06d5bc9432c25b29345cdd9b09a1ed0969";
    static final String FEATURE = "e1fe194076f1989d3ba674e313329f9cb9a9ea8a";

    @Test
    void aTinyWorkloadHasTheSameShasInTwoCachesAndTheShapeAsked() throws IOException {
        Path first = TempDirs.create("prdiff-bench-a");
        Path second = TempDirs.create("prdiff-bench-b");
        try {
            Path repo = build(first);
            assertEquals(MAIN + "\n" + FEATURE + "\n", git(repo, "rev-parse", "main", "feature"));
            assertEquals(MAIN + "\n" + FEATURE + "\n", git(build(second), "rev-parse", "main", "feature"));
            // 40 files: 36 edited, 2 renamed, 2 deleted, 2 added; main's extra commit is not in main...feature.
            String status = git(repo, "-c", "diff.renames=true", "diff", "--name-status", "main...feature");
            assertEquals(List.of(2L, 2L, 36L, 2L), Stream.of("A", "D", "M", "R")
                    .map(s -> status.lines().filter(l -> l.startsWith(s)).count()).toList(), status);
            assertEquals(git(repo, "rev-parse", "main^"), git(repo, "merge-base", "main", "feature"));
            assertTrue(Files.exists(build(first).resolve("bench-complete")), "a second build reuses the cache");
        } finally {
            delete(first);
            delete(second);
        }
    }

    static Path build(Path cache) {
        Path script = RepoRoot.find().resolve("bench/workload");
        Proc.Result r = Proc.run(List.of(script.toString(), "40", "2", "2", "2", "16"), null, env(cache),
                Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.describe());
        return Path.of(r.out().trim());
    }

    static String git(Path repo, String... args) {
        List<String> argv = Stream.concat(Stream.of("git", "-C", repo.toString()), Stream.of(args)).toList();
        Proc.Result r = Proc.run(argv, null, env(repo), Duration.ofSeconds(20));
        assertEquals(0, r.exit(), r.describe());
        return r.out();
    }

    static Map<String, String> env(Path cache) {
        return Map.of("PATH", System.getenv("PATH"), "HOME", cache.toString(), "PRDIFF_BENCH_CACHE", cache.toString(),
                "GIT_CONFIG_NOSYSTEM", "1");
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
