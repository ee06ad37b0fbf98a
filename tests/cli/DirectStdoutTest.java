package cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.DiffSections;
import support.Fixtures;
import support.Proc;
import support.ProgramOnPath;
import support.TempDirs;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When prdiff's stdout is a regular file or /dev/null, a diff that passes through unchanged is written there by
 * git itself: no pipe, no copy. A pipe keeps the copy through prdiff. The bytes are git's either way, and git
 * keeps its timeout.
 */
class DirectStdoutTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", Fixtures.lines("a", 2000)).write("gone.txt", "gone\n");
        String base = repo.commit("base");
        repo.write("a.txt", Fixtures.lines("b", 2000)).delete("gone.txt").write("new.txt", "new\n");
        range = base + "..." + repo.commit("head");
    }

    /** A git first on PATH that runs {@code onDiff} (sh) when its arguments include "diff", then the real git. */
    static Map<String, String> gitThatOnDiff(String onDiff) {
        Path dir = TempDirs.create("stdout-git-");
        ProgramOnPath.write(dir, "git", ProgramOnPath.whenArgument("diff", onDiff));
        return ProgramOnPath.firstOnPath(dir, System.getenv());
    }

    @Test
    void aFileOrDevNullIsWrittenByGitItselfAndAPipeThroughPrdiff() throws Exception {
        Path seen = TempDirs.file("stdout-of-git-", ".txt");
        Map<String, String> env = gitThatOnDiff("fd1=$(readlink /proc/$$/fd/1); echo \"$fd1\" >> '" + seen + "'");
        byte[] expected = repo.gitDiff(range);

        Path file = TempDirs.file("prdiff-out-", ".diff");
        Proc.Result intoFile = PrdiffCli.spawnInto(file, env, repo.dir(), range);
        assertEquals(0, intoFile.exit(), intoFile.stderr());
        assertArrayEquals(expected, Files.readAllBytes(file));
        assertEquals(List.of(file.toRealPath().toString()), lines(seen));

        Files.delete(seen);
        Proc.Result intoNull = PrdiffCli.spawnInto(Path.of("/dev/null"), env, repo.dir(), range);
        assertEquals(0, intoNull.exit(), intoNull.stderr());
        assertEquals(List.of("/dev/null"), lines(seen));

        Files.delete(seen);
        Proc.Result throughPipe = PrdiffCli.spawn(env, repo.dir(), range);
        assertEquals(0, throughPipe.exit(), throughPipe.stderr());
        assertArrayEquals(expected, throughPipe.stdout());
        assertTrue(lines(seen).get(0).startsWith("pipe:["), lines(seen).toString());

        // A selection is cut by prdiff, so its git writes into a pipe even when prdiff's stdout is a file.
        Files.delete(seen);
        Proc.Result selected = PrdiffCli.spawnInto(file, env, repo.dir(), range, "--file", "a.txt");
        assertEquals(0, selected.exit(), selected.stderr());
        assertArrayEquals(DiffSections.sectionsOf(expected, java.util.Set.of("a.txt")), Files.readAllBytes(file));
        assertTrue(lines(seen).stream().allMatch(l -> l.startsWith("pipe:[")), lines(seen).toString());
    }

    @Test
    void gitWritingIntoAFileStillTimesOut() throws Exception {
        Path pid = TempDirs.file("sleeping-git-", ".pid");
        Map<String, String> env = gitThatOnDiff("echo $$ > '" + pid + "'; exec sleep 60");
        long start = System.nanoTime();
        Proc.Result r = PrdiffCli.spawnInto(TempDirs.file("prdiff-out-", ".diff"), env, repo.dir(), range,
                "--timeout", "2");
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("[TIMEOUT]"), r.stderr());
        assertTrue(System.nanoTime() - start < 30_000_000_000L);
        long sleeper = Long.parseLong(Files.readString(pid).strip());
        assertFalse(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false), "git left running");
    }

    private static List<String> lines(Path file) throws Exception {
        return Files.exists(file) ? List.of(Files.readString(file, StandardCharsets.UTF_8).split("\n")) : List.of();
    }
}
