package e2e;

import support.Fixtures;
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
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ./jbang's fast path runs picocli compiled for Java 17 from the sources jar that .jbang-wrapper/recompile.lock pins,
 * so JDK 17's CDS archive can hold it; a sources jar that does not match keeps the published jar. Whole processes, each
 * with a JBang cache and a user cache of its own; the pinned JBang and the Maven repository are the user's. The first
 * test downloads picocli's sources jar from Maven Central.
 */
class RecompiledJarsTest {
    private static final String PICOCLI = "info/picocli/picocli/4.7.7/picocli-4.7.7";

    private static Path root;
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();

    @BeforeAll
    static void fixture() throws IOException {
        root = RepoRoot.find();
        assertTrue(Files.readString(root.resolve(".jbang-wrapper/recompile.lock")).contains("\ninfo.picocli:picocli:4.7.7 "),
                "recompile.lock no longer pins picocli 4.7.7, which PICOCLI names");
        Fixtures.twoCommits(repo);
    }

    @Test
    void theFastPathRunsPicocliCompiledFromItsPinnedSourcesOutOfTheCdsArchive(@TempDir Path tmp) throws IOException {
        Map<String, String> env = env(tmp);
        Proc.Result first = run(List.of("--version"), env);
        assertEquals(0, first.exit(), first.describe());
        assertTrue(first.stderr().contains("[jbang wrapper] compiling info.picocli:picocli:4.7.7 from "), first.stderr());

        Path jar = onlyRecompiledJar(tmp);
        try (ZipFile zip = new ZipFile(jar.toFile()); InputStream in = zip.getInputStream(zip.getEntry("picocli/CommandLine.class"))) {
            byte[] head = in.readNBytes(8);
            assertTrue((head[6] << 8 | head[7] & 0xff) >= 61, "class version " + (head[6] << 8 | head[7] & 0xff));
        }
        String record = Files.readString(record(tmp));
        assertTrue(record.contains(jar.toString()), record);
        assertFalse(record.contains(PICOCLI + ".jar"), "the published jar is still on the classpath: " + record);

        Map<String, String> logged = new HashMap<>(env);
        Path classes = tmp.resolve("classes.log");
        logged.put("PRDIFF_LAUNCH_JAVA_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xlog:class+load:file=" + classes);
        Proc.Result fast = run(List.of("--version"), logged);
        assertEquals(0, fast.exit(), fast.describe());
        assertTrue(fast.stderr().startsWith("[jbang wrapper] fast path:"), fast.stderr());
        assertTrue(Files.readString(classes).contains(" picocli.CommandLine source: shared objects file"),
                "picocli.CommandLine was not mapped from the CDS archive");

        // The same picocli behaviour as the published jar, which JBang itself runs.
        Map<String, String> viaJBang = new HashMap<>(env);
        viaJBang.put("PRDIFF_FAST_LAUNCH", "0");
        viaJBang.remove("PRDIFF_LAUNCH_DEBUG");
        Map<String, String> quietFast = new HashMap<>(env);
        quietFast.remove("PRDIFF_LAUNCH_DEBUG");
        for (List<String> args : List.of(List.of("--help"), List.of("--no-such-option"), List.of("show", "--help"),
                List.of("-C", repo.dir().toString(), "HEAD~1...HEAD", "--files-only", "--top", "x"))) {
            Proc.Result published = run(args, viaJBang);
            Proc.Result recompiled = run(args, quietFast);
            assertEquals(published.exit(), recompiled.exit(), args + "\n" + recompiled.describe());
            assertArrayEquals(published.stdout(), recompiled.stdout(), args.toString());
            assertEquals(published.stderr(), recompiled.stderr(), args.toString());
        }
    }

    /**
     * The wrapper's choice of jar, on a script of one small file that depends on picocli as prdiff does (the test above
     * runs prdiff with the published jar, through JBang): javac and the first launch's CDS training run are a small
     * program's.
     */
    @Test
    void aSourcesJarThatDoesNotMatchTheLockKeepsThePublishedJar(@TempDir Path tmp) throws IOException {
        Path mirror = tmp.resolve("mirror");
        Path forged = mirror.resolve(PICOCLI + "-sources.jar");
        Files.createDirectories(forged.getParent());
        Files.writeString(forged, "not picocli's sources\n");
        Map<String, String> env = freshEnv(tmp);
        env.put("PRDIFF_MAVEN_REPO", mirror.toUri().toString());
        Path script = Files.writeString(tmp.resolve("Hello.java"), "//DEPS info.picocli:picocli:4.7.7\n"
                + "class Hello { public static void main(String[] a) {\n"
                + "    System.out.println(picocli.CommandLine.class.getProtectionDomain().getCodeSource().getLocation());\n"
                + "} }\n");

        Proc.Result r = Wrapper.run(root, script, List.of(), env, null);
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().endsWith("/" + PICOCLI + ".jar\n"), "picocli was not loaded from the published jar: " + r.out());
        assertTrue(r.stderr().contains("[jbang wrapper] kept info.picocli:picocli:4.7.7 as published"), r.stderr());
        assertTrue(Files.readString(record(tmp, script)).contains(PICOCLI + ".jar"),
                "the published jar is not on the classpath");
        try (Stream<Path> left = Files.list(tmp.resolve("cache/prdiff/recompiled"))) {
            assertEquals(List.of(), left.toList(), "a failed compile left files behind");
        }
    }

    /** The one recompiled jar, with the SHA-256 written beside it when it was made. */
    private static Path onlyRecompiledJar(Path tmp) throws IOException {
        try (Stream<Path> files = Files.list(tmp.resolve("cache/prdiff/recompiled"))) {
            List<Path> all = files.sorted().toList();
            assertEquals(2, all.size(), all.toString());
            Path jar = all.get(0);
            assertTrue(jar.getFileName().toString().startsWith("picocli-4.7.7."), all.toString());
            assertEquals(jar.resolveSibling(jar.getFileName() + ".sha256"), all.get(1));
            return jar;
        }
    }

    private static Path record(Path tmp) {
        return record(tmp, root.resolve("prdiff.java"));
    }

    private static Path record(Path tmp, Path script) {
        return Wrapper.launchRecord(tmp.resolve("jbang-dir"), script);
    }

    private static Proc.Result run(List<String> args, Map<String, String> env) {
        return Wrapper.run(root, root.resolve("prdiff.java"), args, env, null);
    }

    /**
     * A JBang cache and a user cache of their own (the pinned JBang stays where it is). The JBang cache holds a copy of
     * the run's shared build, so that JBang does not compile prdiff again; the user cache starts empty, so that the
     * wrapper recompiles picocli (or keeps it) as it would for a new user.
     */
    private static Map<String, String> env(Path tmp) {
        SharedBuild.seedJBangCache(tmp.resolve("jbang-dir/cache"));
        return freshEnv(tmp);
    }

    /** A JBang cache and a user cache of their own, both empty. */
    private static Map<String, String> freshEnv(Path tmp) {
        Map<String, String> env = SharedBuild.freshEnv(tmp);
        env.remove("PRDIFF_MAVEN_REPO");
        return env;
    }
}
