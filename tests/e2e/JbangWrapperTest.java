package e2e;

import support.PinnedJBang;
import support.RepoRoot;
import support.TempDirs;
import support.TreeCopy;
import support.Uid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs ./jbang as a whole process. Downloads come from a file:// mirror built from an
 * installed copy of the pinned JBang, so these tests need no network.
 */
class JbangWrapperTest {
    private static final long TIMEOUT_SECONDS = 180;

    private static Path root;
    private static String version;
    private static List<LockEntry> lock;
    private static Path installed;

    record LockEntry(String group, String artifact, String version, String sha256) {
        String coordinates() { return group + ":" + artifact + ":" + version; }
        String file() { return artifact + "-" + version + ".jar"; }
        Path repoPath(Path repo) { return repo.resolve(group.replace('.', '/')).resolve(artifact).resolve(version).resolve(file()); }
    }

    record Result(int exit, byte[] stdout, String stderr) {
        String out() { return new String(stdout, StandardCharsets.UTF_8); }
    }

    @BeforeAll
    static void findInstalledJBang() throws Exception {
        root = RepoRoot.find();
        version = PinnedJBang.version(root);
        lock = readLock(root.resolve(".jbang-wrapper/jbang-" + version + ".lock"));
        installed = PinnedJBang.home(root);
        if (!Files.isRegularFile(installed.resolve("jbang.lock"))) {
            // The runner was started by a jbang on PATH: install the pinned one once, from the network.
            Result r = run(List.of("--version"), Map.of("PRDIFF_JBANG_HOME", installed.toString()), null);
            assertEquals(0, r.exit(), r.stderr());
        }
    }

    @Test
    void secondRunUsesTheCacheAndNoNetworkTools(@TempDir Path tmp) throws Exception {
        Path mirror = buildMirror(tmp.resolve("mirror"), null);
        Path home = tmp.resolve("home");
        Result first = run(List.of("--version"), Map.of(
                "PRDIFF_JBANG_HOME", home.toString(),
                "PRDIFF_MAVEN_REPO", mirror.toUri().toString()), null);
        assertEquals(0, first.exit(), first.stderr());
        assertTrue(first.stderr().endsWith("\n" + version + "\n"), first.stderr()); // JBang prints it to stderr

        Path networkUsed = tmp.resolve("network-used");
        Result second = run(List.of("--version"), Map.of(
                "PRDIFF_JBANG_HOME", home.toString(),
                "PRDIFF_MAVEN_REPO", "https://unreachable.invalid/maven2",
                "PATH", failingNetworkTools(tmp.resolve("stubs"), networkUsed)), null);
        assertFalse(Files.exists(networkUsed), "second run called curl or mvn: " + second.stderr());
        assertEquals(0, second.exit(), second.stderr());
        assertEquals(version + "\n", second.stderr(), "second run should install nothing");
    }

    /**
     * JBang's own JVM maps a CDS archive that its first run beside the install wrote at exit: the next run loads
     * JBang's main class from it, and neither run says a word about it. As root, an archive given to another user is
     * never mapped, and the run writes the user's own in its place.
     */
    @Test
    void jbangsOwnJvmMapsTheArchiveItsFirstRunWrote(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        TreeCopy.of(installed.resolve("lib"), home.resolve("lib"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(installed.resolve("jbang.lock"), home.resolve("jbang.lock"));
        Map<String, String> env = Map.of("PRDIFF_JBANG_HOME", home.toString());

        Result first = run(List.of("--version"), env, null);
        assertEquals(0, first.exit(), first.stderr());
        assertEquals(version + "\n", first.stderr(), "the first run said more than JBang's version");
        Path archive = onlyArchive(home);

        Path classes = tmp.resolve("classes.txt");
        Map<String, String> logged = Map.of("PRDIFF_JBANG_HOME", home.toString(),
                "JBANG_JAVA_OPTIONS", "-Xlog:class+load=info:file=" + classes);
        Result second = run(List.of("--version"), logged, null);
        assertEquals(version + "\n", second.stderr());
        assertTrue(Files.readString(classes).contains("dev.jbang.Main source: shared objects file (top)"),
                "JBang's main class did not come from the archive");

        if (Uid.isRoot()) {
            Files.setAttribute(archive, "unix:uid", 65534);
            Files.delete(classes);
            Result foreign = run(List.of("--version"), logged, null);
            assertEquals(version + "\n", foreign.stderr());
            assertFalse(Files.readString(classes).contains("source: shared objects file (top)"),
                    "an archive owned by another user was mapped");
            assertEquals(0, (int) Files.getAttribute(onlyArchive(home), "unix:uid"), "the user's own did not replace it");
        }
    }

    /** The one JBang CDS archive in {@code home}, with no temporary file of a run left beside it. */
    private static Path onlyArchive(Path home) throws IOException {
        try (var files = Files.list(home)) {
            List<Path> left = files.filter(f -> !f.getFileName().toString().matches("lib|jbang\\.lock")).toList();
            assertEquals(1, left.size(), left.toString());
            assertTrue(left.get(0).getFileName().toString().matches("cds\\..*\\.jsa"), left.toString());
            return left.get(0);
        }
    }

    @Test
    void tamperedJarIsRefusedAndNothingIsCached(@TempDir Path tmp) throws Exception {
        LockEntry victim = lock.get(lock.size() - 1); // the last one, so every other jar has arrived
        Path mirror = buildMirror(tmp.resolve("mirror"), victim);
        Path cacheDir = Files.createDirectories(tmp.resolve("cache"));
        Result r = run(List.of("--version"), Map.of(
                "PRDIFF_JBANG_HOME", cacheDir.resolve("jbang").toString(),
                "PRDIFF_MAVEN_REPO", mirror.toUri().toString()), null);

        assertNotEquals(0, r.exit(), "install accepted a tampered jar");
        assertEquals("", r.out());
        assertTrue(r.stderr().contains(victim.coordinates() + ": SHA-256 mismatch for " + victim.file()), r.stderr());
        assertTrue(r.stderr().contains("expected " + victim.sha256()), r.stderr());
        assertTrue(r.stderr().contains("actual   " + sha256(victim.repoPath(mirror))), r.stderr());
        try (var left = Files.list(cacheDir)) {
            assertEquals(List.of(), left.toList(), "a failed install left files behind");
        }
    }

    @Test
    void stdinBytesAndExitCodePassThroughTheLauncherProtocol(@TempDir Path tmp) throws Exception {
        Path script = Files.writeString(tmp.resolve("Echo.java"), """
                //JAVA 17+
                class Echo {
                    public static void main(String[] args) throws Exception {
                        System.in.transferTo(System.out);
                        System.out.flush();
                        System.exit(3);
                    }
                }
                """);
        // More than a pipe buffer, every byte value, and no trailing newline to lose.
        byte[] input = new byte[300_000];
        new Random(42).nextBytes(input);
        for (int b = 0; b < 256; b++) input[b] = (byte) b;
        input[input.length - 1] = 'x';

        Result r = run(List.of(script.toString()), Map.of(
                "PRDIFF_JBANG_HOME", installed.toString(),
                "JBANG_DIR", tmp.resolve("jbang-dir").toString(),
                "PATH", failingNetworkTools(tmp.resolve("stubs"), tmp.resolve("network-used"))), input);
        assertEquals(3, r.exit(), r.stderr());
        assertEquals(input.length, r.stdout().length, r.stderr());
        assertArrayEquals(input, r.stdout());
    }

    /** Maven repository layout under dir, one jar per lock entry, with tampered's bytes altered. */
    private static Path buildMirror(Path dir, LockEntry tampered) throws IOException {
        for (LockEntry e : lock) {
            Path target = e.repoPath(dir);
            Files.createDirectories(target.getParent());
            Files.copy(installed.resolve("lib").resolve(e.file()), target);
            if (e.equals(tampered)) {
                Files.write(target, new byte[] {0}, StandardOpenOption.APPEND);
            }
        }
        return dir;
    }

    /** A PATH where curl and mvn fail loudly (and leave a mark), and no jbang can be found. */
    private static String failingNetworkTools(Path stubs, Path mark) throws IOException {
        Files.createDirectories(stubs);
        for (String tool : List.of("curl", "mvn")) {
            Path stub = stubs.resolve(tool);
            Files.writeString(stub, "#!/bin/sh\necho \"" + tool + " was called: $*\" >&2\necho " + tool
                    + " >> '" + mark + "'\nexit 97\n");
            assertTrue(stub.toFile().setExecutable(true));
        }
        return stubs + ":" + pathWithoutJbang();
    }

    /** The wrapper prefers a jbang on PATH; these tests are about the pinned one. */
    private static String pathWithoutJbang() {
        return String.join(":", Arrays.stream(System.getenv("PATH").split(":"))
                .filter(dir -> !dir.isEmpty() && !Files.exists(Path.of(dir, "jbang")))
                .toList());
    }

    private static Result run(List<String> args, Map<String, String> env, byte[] stdin) throws Exception {
        List<String> command = new ArrayList<>(List.of(root.resolve("jbang").toString()));
        command.addAll(args);
        Path out = TempDirs.file("jbang-wrapper-test", ".out");
        Path err = TempDirs.file("jbang-wrapper-test", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("PATH", pathWithoutJbang());
            pb.environment().putAll(env);
            Process p = pb.start();
            CompletableFuture<Void> feeder = CompletableFuture.runAsync(() -> {
                try (OutputStream in = p.getOutputStream()) {
                    if (stdin != null) in.write(stdin);
                } catch (IOException e) {
                    // It exited without reading everything; comparing its output shows that better.
                }
            });
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("./jbang " + args + " did not finish in " + TIMEOUT_SECONDS + "s: " + Files.readString(err));
            }
            feeder.get(10, TimeUnit.SECONDS);
            return new Result(p.exitValue(), Files.readAllBytes(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static List<LockEntry> readLock(Path file) throws IOException {
        List<LockEntry> entries = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] fields = line.split(" ");
            String[] gav = fields[0].split(":");
            entries.add(new LockEntry(gav[0], gav[1], gav[2], fields[1]));
        }
        assertFalse(entries.isEmpty(), "empty lock file " + file);
        return entries;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
