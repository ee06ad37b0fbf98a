package git;

import org.junit.jupiter.api.Test;
import support.PrdiffCli;
import support.Fixtures;
import support.ProgramOnPath;
import support.TempDirs;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With the disk caches off (else see DiskWorkspaceTest), what prdiff writes for git (an empty HOME, the carried-over
 * trust settings, scratch git directories, private indexes) lives in one new temporary directory that only the
 * user can enter, as can each folder in it; it holds no link and nothing others may write, and is removed when
 * prdiff exits.
 */
class PrivateWorkspaceTest {
    @Test
    void whatPrdiffWritesForGitIsTheUsersAloneAndGoneAtExit() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", Fixtures.lines("a", 5));
            String base = r.commit("a");
            r.write("a.txt", Fixtures.lines("b", 5)).write("new.txt", "new\n");
            String head = r.commit("b");
            r.write("a.txt", "dirty\n");
            Path tmp = TempDirs.create("private-tmp-");
            Path shim = TempDirs.create("listing-git-");
            Path listing = shim.resolve("listing.txt");
            // Lists prdiff's private directory (HOME's parent in every git prdiff runs there) on each call.
            ProgramOnPath.write(shim, "git", "case \"$HOME\" in '" + tmp + "'/*) find \"${HOME%/*}\" "
                    + "-printf '%m %y %p\\n' >> '" + listing + "' ;; esac\n");
            Map<String, String> env = new java.util.HashMap<>(ProgramOnPath.firstOnPath(shim, System.getenv()));
            env.put("PRDIFF_CACHE_DIR", "");
            // Asked at its git directory, prdiff reads the user's trust settings into a file of its own too.
            for (List<String> args : List.of(List.of(base + ".." + head, "--file", "a.txt"), List.of("--untracked"),
                    List.of("-C", ".git", base + ".." + head))) {
                Process p = PrdiffCli.start(List.of("-Djava.io.tmpdir=" + tmp), env, r.dir(), args.toArray(String[]::new));
                p.getOutputStream().close();
                byte[] out = p.getInputStream().readAllBytes();
                String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(0, p.waitFor(), err);
                assertTrue(out.length > 0, args.toString());
                try (Stream<Path> left = Files.list(tmp)) {
                    assertEquals(List.of(), left.toList(), "left behind after " + args);
                }
            }
            // A usage error leaves no directory.
            for (List<String> args : List.of(List.of("--bogus"), List.of("--top", "x", base + ".." + head))) {
                Process p = PrdiffCli.start(List.of("-Djava.io.tmpdir=" + tmp), env, r.dir(), args.toArray(String[]::new));
                p.getOutputStream().close();
                p.getInputStream().readAllBytes();
                String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(2, p.waitFor(), err);
                try (Stream<Path> left = Files.list(tmp)) {
                    assertEquals(List.of(), left.toList(), "left behind after " + args);
                }
            }
            String seen = Files.readString(listing);
            assertTrue(seen.contains(" d " + tmp + "/prdiff-"), seen);
            assertTrue(seen.contains("/scratch/objects-"), seen);
            assertTrue(seen.contains("/trust-"), seen);
            assertTrue(seen.contains("/index/"), seen);
            for (String line : seen.split("\n")) {
                String[] f = line.split(" ", 3);
                if (f[1].equals("d")) {
                    assertEquals("700", f[0], line);
                } else {
                    assertEquals(0, Integer.parseInt(f[0], 8) & 022, "writable by others: " + line);
                }
            }
            assertFalse(seen.contains(" l "), seen);
        }
    }
}
