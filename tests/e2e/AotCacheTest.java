package e2e;

import support.Fixtures;
import support.Jdks;
import support.McpSession;
import support.Proc;
import support.RepoRoot;
import support.SharedBuild;
import support.TempRepo;
import support.Wrapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * On JDK 25 and later, ./jbang keeps an ahead-of-time cache for prdiff and prdiff-mcp in place of a CDS archive. It is
 * trained by a run of its own, so the first launch prints only its answer; later launches map it, which
 * {@code -XX:AOTMode=on} (through JDK_JAVA_OPTIONS) proves: with it, a cache the JVM cannot use is an error. Whole
 * processes with JAVA_HOME at that JDK, each test with a JBang cache of its own seeded from the run's shared build.
 */
class AotCacheTest {
    private static final int NOBODY = 65534;
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    private static Path root;
    private static String range;

    @BeforeAll
    static void fixture() {
        root = RepoRoot.find();
        range = Fixtures.oneFileChanged(repo);
    }

    @Test
    void theFirstLaunchTrainsACacheOfItsOwnAndLaterLaunchesMapItWhileItIsTheUsersOwn(@TempDir Path tmp) throws IOException {
        Map<String, String> env = envWithJdk25(tmp);
        List<String> args = List.of("-C", repo.dir().toString(), range, "--file", "a.txt");
        String git = repo.text("diff", range, "--", "a.txt");

        Proc.Result first = Wrapper.run(root, root.resolve("prdiff.java"), args, env, null);
        assertEquals(0, first.exit(), first.describe());
        assertEquals(git, first.out());
        assertTrue(first.stderr().contains("(training an AOT cache)\n"), first.stderr());
        assertOnlyTheWrapperSpoke(first, "[jbang wrapper] ");
        assertEquals(List.of(".aot"), archives(tmp), "one AOT cache, no CDS archive, nothing left of the training");

        env.put("JDK_JAVA_OPTIONS", "-XX:AOTMode=on");
        // As an installed launcher calls it: the wrapper records the java command it runs, with the cache.
        Path installed = Files.createDirectories(tmp.resolve("installed")).resolve("prdiff");
        env.put("PRDIFF_INSTALLED_RECORD", installed.toString());
        Proc.Result later = Wrapper.run(root, root.resolve("prdiff.java"), args, env, null);
        assertEquals(0, later.exit(), later.describe());
        assertEquals(git, later.out());
        assertTrue(later.stderr().contains("(AOT cache)\n"), later.stderr());
        Path aot = launchFiles(tmp).filter(p -> p.toString().endsWith(".aot")).findFirst().orElseThrow();
        List<String> record = Files.readAllLines(installed);
        assertEquals(aot.toString(), record.get(3), "the installed record's archive");
        assertTrue(record.contains("-XX:AOTCache=" + aot) && !record.toString().contains("SharedArchiveFile"),
                record.toString());

        if (support.Uid.isRoot()) { // a cache given to another user is never mapped, and never written again
            Files.setAttribute(aot, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
            env.remove("JDK_JAVA_OPTIONS");
            Proc.Result foreign = Wrapper.run(root, root.resolve("prdiff.java"), args, env, null);
            assertEquals(0, foreign.exit(), foreign.describe());
            assertEquals(git, foreign.out());
            assertTrue(foreign.stderr().contains("[jbang wrapper] not using the AOT cache " + aot
                    + ": it is not your own file\n"), foreign.stderr());
            assertEquals(NOBODY, Files.getAttribute(aot, "unix:uid", LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Test
    void theServerTrainsOnAnEmptyInputAndServesFromItsCache(@TempDir Path tmp) throws IOException {
        Map<String, String> env = envWithJdk25(tmp);
        byte[] initialize = McpSession.INITIALIZE_LINE.getBytes(StandardCharsets.UTF_8);

        Proc.Result first = Wrapper.run(root, root.resolve("mcp-shim.java"), List.of(), env, initialize);
        assertEquals(0, first.exit(), first.describe());
        assertTrue(first.out().startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"), first.describe());
        assertOnlyTheWrapperSpoke(first, "prdiff-mcp: ");
        assertEquals(List.of(".aot"), archives(tmp));

        env.put("JDK_JAVA_OPTIONS", "-XX:AOTMode=on");
        Proc.Result later = Wrapper.run(root, root.resolve("mcp-shim.java"), List.of(), env, initialize);
        assertEquals(0, later.exit(), later.describe());
        assertEquals(first.out(), later.out());
    }

    /** A fresh JBang cache and user cache under {@code tmp}, seeded with the shared build, and JAVA_HOME at a JDK 25. */
    private static Map<String, String> envWithJdk25(Path tmp) {
        Path jdk = Jdks.atLeast(25).orElse(null);
        assumeTrue(jdk != null, "no JDK 25 or later under /usr/lib/jvm (PRDIFF_TEST_JDK may name one)");
        Map<String, String> env = SharedBuild.seededEnv(tmp);
        env.put("JAVA_HOME", jdk.toString());
        env.put("PATH", jdk.resolve("bin") + ":" + env.get("PATH"));
        return env;
    }

    /**
     * Every stderr line is the wrapper's (PRDIFF_LAUNCH_DEBUG) or starts with the program's {@code ownPrefix}: nothing of
     * the JVM's training reached the user.
     */
    private static void assertOnlyTheWrapperSpoke(Proc.Result r, String ownPrefix) {
        for (String line : r.stderr().split("\n", -1)) {
            assertTrue(line.isEmpty() || line.startsWith("[jbang wrapper] ") || line.startsWith(ownPrefix),
                    "neither the wrapper's nor the program's: " + line);
        }
    }

    /** The kinds of what the launch records folder holds beside the records (".aot", ".jsa", ".none", ".conf"...). */
    private static List<String> archives(Path tmp) throws IOException {
        try (Stream<Path> files = launchFiles(tmp)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(name -> name.matches(".*\\.java\\..*"))
                    .map(name -> name.substring(name.lastIndexOf('.')))
                    .sorted().toList();
        }
    }

    private static Stream<Path> launchFiles(Path tmp) throws IOException {
        return Files.list(tmp.resolve("jbang-dir/cache/prdiff-launch"));
    }
}
