package e2e;

import support.PinnedJBang;
import support.Proc;
import support.RepoRoot;
import support.Wrapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * ./jbang's caches live where the environment says (PRDIFF_JBANG_HOME, XDG_CACHE_HOME, JBANG_DIR, JBANG_CACHE_DIR),
 * which may be a shared place where another user made the folder first. Each test plants what such a user would (a
 * JBang whose dev.jbang.Main leaves a marker, a recompiled picocli, a launch record with a command in it, a CDS archive)
 * and runs the wrapper as a whole process: a folder others can write to (or another user's, as root: given to uid
 * 65534) is refused with a message naming it, and the run goes on as if there were no cache. JBang comes from a
 * file:// mirror of the installed one, so nothing is downloaded.
 */
class WrapperCachesTest {
    private static final int NOBODY = 65534;
    private static final Duration TIMEOUT = Wrapper.TIMEOUT;
    private static final String PICOCLI = "info/picocli/picocli/4.7.7/picocli-4.7.7";
    /** The recompiled jar's name in the user cache: artifact, version and the first 16 hex of the pinned sources SHA. */
    private static final String RECOMPILED = "picocli-4.7.7.87916611c616588b.jar";

    private static Path root;
    private static String version;
    private static Path installed;

    @BeforeAll
    static void fixture() throws IOException {
        root = RepoRoot.find();
        version = PinnedJBang.version(root);
        installed = PinnedJBang.home(root);
        assertTrue(Files.readString(root.resolve(".jbang-wrapper/recompile.lock"))
                .contains("\ninfo.picocli:picocli:4.7.7 " + RECOMPILED.substring("picocli-4.7.7.".length(), 30)),
                "recompile.lock no longer pins the picocli that RECOMPILED names");
        if (!Files.isRegularFile(installed.resolve("jbang.lock"))) {
            Proc.Result r = wrapper(List.of("--version"), Wrapper.env(Path.of("/nonexistent-jbang-dir")));
            assertEquals(0, r.exit(), r.describe());
        }
    }

    @Test
    void aJBangInAFolderOthersCanWriteIsNeverRun(@TempDir Path tmp) throws Exception {
        Path shared = plantedJBang(tmp);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertPlantedJBangRefused(tmp, shared + " can be written by others");
    }

    @Test
    void aJBangInAnotherUsersFolderIsNeverRun(@TempDir Path tmp) throws Exception {
        assumeTrue(support.Uid.isRoot(), "giving a folder to another user needs root");
        Path shared = plantedJBang(tmp);
        Files.setAttribute(shared, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);
        assertPlantedJBangRefused(tmp, shared + " belongs to another user (uid " + NOBODY + ")");
    }

    /** The planted JBang's folder is refused by name; JBang is installed, verified, run and removed in a temp folder. */
    private static void assertPlantedJBangRefused(Path tmp, String reason) throws Exception {
        Path home = tmp.resolve("shared/jbang-" + version);
        Path tmpdir = Files.createDirectories(tmp.resolve("tmpdir"));
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        env.put("PRDIFF_JBANG_HOME", home.toString());
        env.put("PRDIFF_MAVEN_REPO", mirror(tmp.resolve("mirror")).toUri().toString());
        env.put("TMPDIR", tmpdir.toString());

        Proc.Result r = wrapper(List.of("--version"), env);
        assertFalse(Files.exists(tmp.resolve("marker")), "the planted dev.jbang.Main ran: " + r.describe());
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.stderr().startsWith("[jbang wrapper] not using " + home + ": " + reason
                + "; installing JBang into a temporary folder for this run\n"), r.stderr());
        assertTrue(r.stderr().endsWith("\n" + version + "\n"), r.stderr());
        try (Stream<Path> left = Files.list(tmpdir)) {
            assertEquals(List.of(), left.toList(), "the temporary JBang was left behind");
        }
    }

    @Test
    void aRecompiledJarInAFolderOthersCanWriteIsNeverOnTheClasspath(@TempDir Path tmp) throws Exception {
        Path recompiled = Files.createDirectories(tmp.resolve("cache/prdiff/recompiled"));
        Path planted = Files.writeString(recompiled.resolve(RECOMPILED), "not picocli\n");
        Files.writeString(recompiled.resolve(RECOMPILED + ".sha256"), sha256(planted) + "\n");
        Files.setPosixFilePermissions(recompiled, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path script = picocliScript(tmp);

        Proc.Result r = Wrapper.run(root, script, List.of(), env(tmp), null);
        assertEquals(0, r.exit(), r.describe());
        assertEquals("hello\n", r.out());
        assertTrue(r.stderr().contains("[jbang wrapper] not using " + recompiled + ": " + recompiled
                + " can be written by others; kept every jar as published"), r.stderr());
        String record = Files.readString(record(tmp, script));
        assertFalse(record.contains(planted.toString()), record);
        assertTrue(record.contains(PICOCLI + ".jar"), record);
    }

    @Test
    void aRecompiledJarIsUsedOnlyWhileItsFolderIsPrivateAndItsChecksumHolds(@TempDir Path tmp) throws Exception {
        Path recompiled = Files.createDirectories(tmp.resolve("cache/prdiff/recompiled"));
        Path jar = recompiled.resolve(RECOMPILED);
        Files.copy(mavenRepo().resolve(PICOCLI + ".jar"), jar); // stands in for one compiled from the sources
        Files.writeString(recompiled.resolve(RECOMPILED + ".sha256"), sha256(jar) + "\n");
        Path script = picocliScript(tmp);
        Map<String, String> env = env(tmp);
        env.put("PRDIFF_MAVEN_REPO", tmp.resolve("no-mirror").toUri().toString()); // no recompiling here

        Proc.Result first = Wrapper.run(root, script, List.of(), env, null);
        assertEquals(0, first.exit(), first.describe());
        assertTrue(Files.readString(record(tmp, script)).contains(jar.toString()), "its checksum holds: it is used");
        Proc.Result fast = Wrapper.run(root, script, List.of(), env, null);
        assertTrue(fast.stderr().startsWith("[jbang wrapper] fast path:"), fast.stderr());

        // Checked at each launch: once others can write its folder, the record that names it is not run.
        Files.setPosixFilePermissions(recompiled, PosixFilePermissions.fromString("rwxrwxrwx"));
        Proc.Result shared = Wrapper.run(root, script, List.of(), env, null);
        assertEquals(0, shared.exit(), shared.describe());
        assertEquals("hello\n", shared.out());
        assertTrue(shared.stderr().contains("[jbang wrapper] not using " + recompiled + ": " + recompiled
                + " can be written by others; kept every jar as published"), shared.stderr());
        assertFalse(Files.readString(record(tmp, script)).contains(jar.toString()));

        // A jar that no longer matches the checksum written beside it is not taken at the next build.
        Files.setPosixFilePermissions(recompiled, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(jar, new byte[] {0}, StandardOpenOption.APPEND);
        Files.writeString(script, "// changed, so that it is built again\n", StandardOpenOption.APPEND);
        Proc.Result tampered = Wrapper.run(root, script, List.of(), env, null);
        assertEquals(0, tampered.exit(), tampered.describe());
        assertEquals("hello\n", tampered.out());
        assertTrue(tampered.stderr().contains("[jbang wrapper] kept info.picocli:picocli:4.7.7 as published"),
                tampered.stderr());
        assertFalse(Files.readString(record(tmp, script)).contains(jar.toString()));
    }

    @Test
    void aLaunchRecordInAFolderOthersCanWriteIsNeverRead(@TempDir Path tmp) throws Exception {
        Path script = plainScript(tmp);
        Path records = Files.createDirectories(tmp.resolve("jbang-dir/cache/prdiff-launch"));
        Files.setPosixFilePermissions(records, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.writeString(record(tmp, script), "rec_env=\"$(touch " + tmp.resolve("marker") + ")\"\n");

        Proc.Result r = Wrapper.run(root, script, List.of(), env(tmp), null);
        assertFalse(Files.exists(tmp.resolve("marker")), "the planted record ran: " + r.describe());
        assertEquals(0, r.exit(), r.describe());
        assertEquals("hello\n", r.out());
        assertTrue(r.stderr().startsWith("[jbang wrapper] not using the launch records in " + records + ": " + records
                + " can be written by others; running through JBang\n"), r.stderr());
    }

    @Test
    void aLaunchRecordIsReadAsDataNeverRun(@TempDir Path tmp) throws Exception {
        Path script = plainScript(tmp);
        Map<String, String> env = env(tmp);
        Proc.Result first = Wrapper.run(root, script, List.of(), env, null);
        assertEquals(0, first.exit(), first.describe());
        Path record = record(tmp, script);
        String made = Files.readString(record);

        for (String planted : List.of(
                "rec_env=\"$(touch " + tmp.resolve("marker") + ")\"\n", // the form records had when they were sourced
                made + "$(touch " + tmp.resolve("marker") + ")\n", // one line more
                withLine(made, 2, "1$(touch " + tmp.resolve("marker") + ")"))) { // in its CDS archive's id
            Files.writeString(record, planted);
            Proc.Result r = Wrapper.run(root, script, List.of(), env, null);
            assertFalse(Files.exists(tmp.resolve("marker")), "the record ran: " + planted + "\n" + r.describe());
            assertEquals(0, r.exit(), r.describe());
            assertEquals("hello\n", r.out());
            assertTrue(r.stderr().startsWith("[jbang wrapper] building under "), "not rebuilt: " + r.stderr());
        }
    }

    @Test
    void aCdsArchiveThatIsNotTheUsersOwnIsNeverMapped(@TempDir Path tmp) throws Exception {
        assumeTrue(support.Uid.isRoot(), "giving a file to another user needs root");
        Path script = plainScript(tmp);
        Map<String, String> env = env(tmp);
        for (int i = 0; i < 2; i++) {
            Proc.Result r = Wrapper.run(root, script, List.of(), env, null);
            assertEquals(0, r.exit(), r.describe());
        }
        Path jsa;
        try (Stream<Path> files = Files.list(record(tmp, script).getParent())) {
            jsa = files.filter(p -> p.toString().endsWith(".jsa")).findFirst().orElseThrow();
        }
        Files.setAttribute(jsa, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);

        Proc.Result r = Wrapper.run(root, script, List.of(), env, null);
        assertEquals(0, r.exit(), r.describe());
        assertEquals("hello\n", r.out());
        assertTrue(r.stderr().startsWith("[jbang wrapper] not using the CDS archive " + jsa
                + ": it is not your own file; writing a new one\n"), r.stderr());
        assertEquals(0, Files.getAttribute(jsa, "unix:uid", LinkOption.NOFOLLOW_LINKS), "not written again");
    }

    @Test
    void launchRecordsInAnotherUsersFolderAreNeverRead(@TempDir Path tmp) throws Exception {
        assumeTrue(support.Uid.isRoot(), "giving a folder to another user needs root");
        Path script = plainScript(tmp);
        Path records = Files.createDirectories(tmp.resolve("jbang-dir/cache/prdiff-launch"));
        Files.writeString(record(tmp, script), "rec_env=\"$(touch " + tmp.resolve("marker") + ")\"\n");
        Files.setAttribute(records, "unix:uid", NOBODY, LinkOption.NOFOLLOW_LINKS);

        Proc.Result r = Wrapper.run(root, script, List.of(), env(tmp), null);
        assertFalse(Files.exists(tmp.resolve("marker")), "the planted record ran: " + r.describe());
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.stderr().startsWith("[jbang wrapper] not using the launch records in " + records + ": " + records
                + " belongs to another user (uid " + NOBODY + "); running through JBang\n"), r.stderr());
    }

    private static String withLine(String text, int index, String line) {
        String[] lines = text.split("\n", -1);
        lines[index] = line;
        return String.join("\n", lines);
    }

    @Test
    void aRelativeCacheFolderIsJudgedWhereTheWrapperRuns(@TempDir Path tmp) throws Exception {
        Path script = plainScript(tmp);
        Map<String, String> env = env(tmp);
        env.put("JBANG_CACHE_DIR", "jbang-cache");
        List<String> argv = List.of(root.resolve("jbang").toString(), script.toString());
        for (int i = 0; i < 2; i++) {
            Proc.Result r = Proc.run(argv, tmp, env, TIMEOUT);
            assertEquals(0, r.exit(), r.describe());
            assertEquals("hello\n", r.out());
            assertFalse(r.stderr().contains("not using"), r.stderr());
        }
        Proc.Result fast = Proc.run(argv, tmp, env, TIMEOUT);
        assertTrue(fast.stderr().startsWith("[jbang wrapper] fast path:"), fast.stderr());
        assertTrue(Files.isDirectory(tmp.resolve("jbang-cache/prdiff-launch")));
    }

    /** A JBang install as the wrapper makes it (its lock copied in) whose only jar's dev.jbang.Main leaves a marker. */
    private static Path plantedJBang(Path tmp) throws Exception {
        Path shared = Files.createDirectories(tmp.resolve("shared"));
        Path home = Files.createDirectories(shared.resolve("jbang-" + version + "/lib"));
        Files.copy(root.resolve(".jbang-wrapper/jbang-" + version + ".lock"), home.resolveSibling("jbang.lock"));
        Path src = Files.createDirectories(tmp.resolve("planted/dev/jbang"));
        Files.writeString(src.resolve("Main.java"), "package dev.jbang;\npublic class Main {\n"
                + "    public static void main(String[] args) throws Exception {\n"
                + "        java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + tmp.resolve("marker")
                + "\"), \"ran\");\n"
                + "    }\n}\n");
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, src.resolve("Main.java").toString()));
        try (OutputStream out = Files.newOutputStream(home.resolve("jbang-cli-" + version + ".jar"));
                JarOutputStream jar = new JarOutputStream(out)) {
            jar.putNextEntry(new ZipEntry("dev/jbang/Main.class"));
            jar.write(Files.readAllBytes(src.resolve("Main.class")));
            jar.closeEntry();
        }
        return shared;
    }

    /** Maven repository layout under dir, one jar per line of the lock, copied from the installed JBang. */
    private static Path mirror(Path dir) throws IOException {
        for (String line : Files.readAllLines(root.resolve(".jbang-wrapper/jbang-" + version + ".lock"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] gav = line.split(" ")[0].split(":");
            String file = gav[1] + "-" + gav[2] + ".jar";
            Path target = dir.resolve(gav[0].replace('.', '/')).resolve(gav[1]).resolve(gav[2]).resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(installed.resolve("lib").resolve(file), target);
        }
        return dir;
    }

    private static Path plainScript(Path tmp) throws IOException {
        return Files.writeString(tmp.resolve("Hello.java"),
                "class Hello { public static void main(String[] a) { System.out.println(\"hello\"); } }\n");
    }

    /** A script that depends on picocli (without using it), so its classpath holds the jar the wrapper recompiles. */
    private static Path picocliScript(Path tmp) throws IOException {
        return Files.writeString(tmp.resolve("Hello.java"), "//DEPS info.picocli:picocli:4.7.7\n"
                + "class Hello { public static void main(String[] a) { System.out.println(\"hello\"); } }\n");
    }

    private static Path record(Path tmp, Path script) {
        return Wrapper.launchRecord(tmp.resolve("jbang-dir"), script);
    }

    private static Path mavenRepo() {
        return Path.of(System.getenv().getOrDefault("JBANG_REPO", System.getProperty("user.home") + "/.m2/repository"));
    }

    /**
     * A JBang cache and a user cache of their own; the pinned JBang and the Maven repository are the user's.
     */
    private static Map<String, String> env(Path tmp) {
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        env.remove("PRDIFF_MAVEN_REPO");
        env.put("PRDIFF_JBANG_HOME", installed.toString());
        env.put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        return env;
    }

    private static Proc.Result wrapper(List<String> args, Map<String, String> env) {
        List<String> argv = new ArrayList<>(List.of(root.resolve("jbang").toString()));
        argv.addAll(args);
        Proc.Result r = Proc.attempt(argv, root, env, null, TIMEOUT);
        if (r.timedOut()) throw new AssertionError(argv + " did not finish: " + r.stderr());
        return r;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
