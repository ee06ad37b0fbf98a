package support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Running prdiff with the disk caches on and reading what it kept there (rename pairs, private files).
 */
public final class RenamePairsDisk {
    private RenamePairsDisk() {}

    /** The recording git's environment with the disk caches on, kept under {@code cache} (XDG_CACHE_HOME). */
    public static Map<String, String> cachedIn(Path cache, RecordingGit git) {
        Map<String, String> env = new HashMap<>(git.env());
        env.remove("PRDIFF_CACHE_DIR");
        env.put("XDG_CACHE_HOME", cache.toString());
        return env;
    }

    /** The one file in {@code folder}, which only the user can read: a 0700 folder, a 0600 file. */
    public static Path onlyPrivateFile(Path folder) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.toList();
        }
        assertEquals(1, files.size(), files.toString());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.get(0))));
        return files.get(0);
    }

    public static byte[] prdiff(Map<String, String> env, Path cwd, String... args) throws Exception {
        Path out = Files.createTempFile(TempDirs.create("prdiff-out-"), "stdout-", ".diff");
        Proc.Result r = PrdiffCli.spawnInto(out, env, cwd, args);
        assertEquals(0, r.exit(), r.stderr());
        return Files.readAllBytes(out);
    }

    /** git diff --raw passes over the whole range with renames on: the similarity pass the kept pairs save. */
    public static long wholeRenamePasses(RecordingGit git) {
        return git.callsWith("--raw").stream()
                .filter(c -> !c.contains("--no-renames") && c.get(c.size() - 1).equals("--")).count();
    }
}
