package support;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Real diffs written by git, the starting points of the parser fuzzer: every section shape (renames, copies,
 * binary with and without a patch, mode changes, CRLF, no newline at end, hostile and non-UTF-8 names), built
 * once per JVM.
 */
public final class FuzzSeeds {
    private static List<byte[]> seeds;

    private FuzzSeeds() {}

    public static synchronized List<byte[]> all() {
        if (seeds == null) {
            seeds = List.copyOf(build());
        }
        return seeds;
    }

    private static List<byte[]> build() {
        List<byte[]> out = new ArrayList<>();
        try (TempRepo repo = TempRepo.init()) {
            String[] range = Fixtures.everyShape(repo);
            out.add(repo.gitDiff(range[0], range[1]));
            out.add(repo.gitDiff("--binary", "-C", range[0], range[1]));
            out.add(repo.gitDiff("--no-renames", "-U0", range[0], range[1]));
            out.add(repo.gitDiff("-B", "--text", range[1], range[0]));
            sh(repo, "printf 'one\\n' > \"$(printf 'caf\\350')\"; printf 'x\\r\\ny' > \"$(printf 'crlf \\351')\"");
            repo.commit("non-UTF-8 names");
            sh(repo, "mv \"$(printf 'caf\\350')\" \"$(printf 'caf\\351 b')\"; printf 'x\\r\\nz' > \"$(printf 'crlf \\351')\"");
            repo.commit("renamed");
            out.add(repo.gitDiff(range[1], "HEAD"));
            List<String> unquoted = new ArrayList<>(List.of(NeutralGit.diff("HEAD~1", "HEAD")));
            unquoted.addAll(unquoted.indexOf("diff"), List.of("-c", "core.quotePath=false"));
            out.add(repo.git(unquoted.toArray(String[]::new)));
        }
        out.add("preamble line\nfrom a mail\n".getBytes(StandardCharsets.US_ASCII));
        out.add(new byte[0]);
        return out;
    }

    private static void sh(TempRepo repo, String script) {
        Proc.Result r = Proc.run(List.of("sh", "-c", script), repo.dir(), NeutralGit.env(), Duration.ofSeconds(60));
        if (r.exit() != 0) {
            throw new AssertionError(r.describe());
        }
    }
}
