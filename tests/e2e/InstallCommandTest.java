package e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import support.McpSession;
import support.Proc;
import support.RepoRoot;
import support.SharedBuild;
import support.StandInClone;
import support.TempRepo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * `./jbang --install-command DIR` as a user runs it: a fresh HOME (for the shell and, through
 * JAVA_TOOL_OPTIONS, for Java's user.home), a PATH with no jbang on it, then `prdiff` and `prdiff-mcp`
 * called by name. The pinned JBang and the Maven repository are the user's, so nothing is downloaded.
 * The JBang cache and the user cache are the fresh HOME's, seeded with a copy of the run's shared build of
 * prdiff (support.SharedBuild) where a test runs prdiff: the first call goes through the wrapper and JBang, which
 * finds the jar built and makes the home's own launch records. The test that edits a source does so in a stand-in
 * clone, so javac compiles three small files. (The build from an empty cache is SharedBuild's first launches, which
 * LauncherTest checks; the recompiling of picocli, RecompiledJarsTest's.)
 */
class InstallCommandTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(240);

    private static Path root;
    private static TempRepo repo;

    @BeforeAll
    static void fixture() {
        root = RepoRoot.find();
        repo = TempRepo.init();
        repo.write("a.txt", "a\n");
        repo.commit("a");
        repo.write("a.txt", "b\nc\n");
        repo.write("sub/b.txt", "new\n");
        repo.commit("b");
    }

    @AfterAll
    static void cleanup() {
        repo.close();
    }

    @Test
    void theInstalledCommandsRunWithoutAJbangOnPathFromAnyFolderAndReinstallIsIdempotent(@TempDir Path tmp)
            throws Exception {
        Path bin = tmp.resolve("bin");
        Map<String, String> env = freshHomeWithSharedBuild(tmp.resolve("home"));

        Proc.Result install = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(0, install.exit(), install.describe());
        assertEquals("", install.out());
        assertTrue(install.stderr().contains(bin + " is not on your PATH"), install.stderr());
        assertTrue(install.stderr().contains("export PATH=\"" + bin + ":$PATH\""), install.stderr());
        byte[] prdiff = Files.readAllBytes(bin.resolve("prdiff"));
        byte[] mcp = Files.readAllBytes(bin.resolve("prdiff-mcp"));
        assertTrue(Files.isExecutable(bin.resolve("prdiff")) && Files.isExecutable(bin.resolve("prdiff-mcp")));

        env.put("PATH", bin + ":" + env.get("PATH"));
        assertNotEquals(0, shell("command -v jbang", List.of(), tmp, env, null).exit(), "a jbang is on PATH");

        // From a folder outside the repository and the clone, with -C.
        Proc.Result outside = shell("exec prdiff \"$@\"", List.of("-C", repo.dir().toString(), "HEAD~1...HEAD",
                "--files-only"), tmp, env, null);
        assertEquals(0, outside.exit(), outside.describe());
        assertEquals(repo.text("diff", "--numstat", "HEAD~1...HEAD"), numstat(outside.out()));

        // From a subfolder of the repository, without -C: the command runs where it is called. The first call
        // recorded the build, so this one starts java directly (the wrapper, asked to, would say it ran).
        Map<String, String> debug = new HashMap<>(env);
        debug.put("PRDIFF_LAUNCH_DEBUG", "1");
        Proc.Result inside = shell("exec prdiff \"$@\"", List.of("HEAD~1...HEAD", "--files-only"),
                repo.dir().resolve("sub"), debug, null);
        assertEquals(0, inside.exit(), inside.describe());
        assertArrayEquals(outside.stdout(), inside.stdout());
        assertFalse(inside.stderr().contains("[jbang wrapper]"), "not started directly: " + inside.describe());

        Proc.Result server = shell("exec prdiff-mcp", List.of(), tmp, env,
                McpSession.INITIALIZE_LINE.getBytes(StandardCharsets.UTF_8));
        assertEquals(0, server.exit(), server.describe());
        assertTrue(server.out().startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\""),
                server.describe());

        Proc.Result again = wrapper(List.of("--install-command"), withBinDir(env, bin));
        assertEquals(0, again.exit(), again.describe());
        assertFalse(again.stderr().contains("not on your PATH"), again.stderr());
        assertArrayEquals(prdiff, Files.readAllBytes(bin.resolve("prdiff")));
        assertArrayEquals(mcp, Files.readAllBytes(bin.resolve("prdiff-mcp")));
        try (var files = Files.list(bin)) {
            assertEquals(2, files.count(), "a reinstall left files behind");
        }
    }

    @Test
    void aFileItDidNotWriteIsNeverOverwrittenAndNothingIsWritten(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path foreign = Files.writeString(bin.resolve("prdiff-mcp"), "#!/bin/sh\necho someone else's\n");
        Map<String, String> env = freshHome(tmp.resolve("home"));

        Proc.Result r = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(1, r.exit(), r.describe());
        assertTrue(r.stderr().contains(foreign + " exists and was not written by --install-command"), r.stderr());
        assertEquals("#!/bin/sh\necho someone else's\n", Files.readString(foreign));
        assertFalse(Files.exists(bin.resolve("prdiff")), "prdiff was written although prdiff-mcp was refused");
    }

    @Test
    void aLauncherQuotesEveryPathForTheShell(@TempDir Path tmp) throws Exception {
        Path clone = Files.createDirectories(tmp.resolve("it's \"a\" $(touch marker) `touch marker2` dir"));
        Path wrapper = Files.copy(root.resolve("jbang"), clone.resolve("jbang"));
        Path bin = tmp.resolve("bin");
        Map<String, String> env = freshHome(tmp.resolve("home"));
        Proc.Result install = Proc.run(List.of(wrapper.toString(), "--install-command", bin.toString()), tmp, env,
                TIMEOUT);
        assertEquals(0, install.exit(), install.describe());

        // The clone's wrapper gone: the launcher says so, naming it as it is.
        Files.delete(wrapper);
        Proc.Result gone = Proc.run(List.of(bin.resolve("prdiff").toString()), tmp, env, TIMEOUT);
        assertEquals(127, gone.exit(), gone.describe());
        assertEquals("prdiff: " + wrapper + " is gone; run ./jbang --install-command from a clone of prdiff again\n",
                gone.stderr());
        // In its place, a program that prints its arguments: the launcher passes each path and argument unchanged.
        Files.writeString(wrapper, "#!/bin/sh\nprintf '[%s]\\n' \"$0\" \"$@\"\n");
        assertTrue(wrapper.toFile().setExecutable(true));
        Proc.Result args = Proc.run(List.of(bin.resolve("prdiff-mcp").toString(), "a b", "$(touch marker)"), tmp, env,
                TIMEOUT);
        assertEquals(0, args.exit(), args.describe());
        assertEquals("[" + wrapper + "]\n[" + clone.resolve("mcp-shim.java") + "]\n[a b]\n[$(touch marker)]\n",
                args.out());
        assertFalse(Files.exists(tmp.resolve("marker")) || Files.exists(tmp.resolve("marker2")), "a path ran as code");

        // Written for another clone, the launchers are still its own: installing from this clone replaces them.
        Proc.Result again = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(0, again.exit(), again.describe());
        assertTrue(Files.readString(bin.resolve("prdiff")).contains("exec '" + root.resolve("jbang") + "' "),
                Files.readString(bin.resolve("prdiff")));
    }

    @Test
    void aCopiedMarkerLineDoesNotMakeAFileItsOwn(@TempDir Path tmp) throws Exception {
        Path bin = tmp.resolve("bin");
        Map<String, String> env = freshHome(tmp.resolve("home"));
        Proc.Result install = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(0, install.exit(), install.describe());
        String launcher = Files.readString(bin.resolve("prdiff"));
        String edited = launcher + "echo and something else\n";
        Files.writeString(bin.resolve("prdiff"), edited);

        Proc.Result r = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(1, r.exit(), r.describe());
        assertTrue(r.stderr().contains(bin.resolve("prdiff") + " exists and was not written by --install-command"),
                r.stderr());
        assertEquals(edited, Files.readString(bin.resolve("prdiff")));
    }

    @Test
    void aFolderOthersCanWriteThatIsNotTheUsersIsRefused(@TempDir Path tmp) throws Exception {
        assumeTrue(support.Uid.isRoot(), "giving a folder to another user needs root");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setAttribute(bin, "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
        Map<String, String> env = freshHome(tmp.resolve("home"));

        Proc.Result r = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(1, r.exit(), r.describe());
        assertTrue(r.stderr().contains("refusing to write into " + bin
                + ": others can write to it and it is not yours"), r.stderr());
        try (var files = Files.list(bin)) {
            assertEquals(List.of(), files.toList());
        }
        // The control: the user's own folder, even one others can write to, is written.
        Files.setAttribute(bin, "unix:uid", 0, LinkOption.NOFOLLOW_LINKS);
        Proc.Result own = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(0, own.exit(), own.describe());
    }

    /**
     * The installed command starts java directly (no wrapper, no program run before java: no hash of any source)
     * while nothing of the clone changed; an edited source, or a commit that moves HEAD while every source keeps an
     * old time, sends it through the wrapper once, which rebuilds. The clone is a stand-in (support.StandInClone):
     * the subject is the launcher and the wrapper, and javac compiles three small files where prdiff's build compiles
     * every lib file; the test above runs the real prdiff through the installed commands.
     */
    @Test
    void theInstalledCommandStartsJavaDirectlyUntilASourceOrHeadChanges(@TempDir Path tmp) throws Exception {
        Path clone = standInClone(tmp.resolve("clone"));
        Path bin = tmp.resolve("bin");
        Map<String, String> env = freshHome(tmp.resolve("home"));
        Proc.Result install = Proc.run(List.of(clone.resolve("jbang").toString(), "--install-command", bin.toString()),
                tmp, env, TIMEOUT);
        assertEquals(0, install.exit(), install.describe());
        String launcher = Files.readString(bin.resolve("prdiff"));
        assertFalse(launcher.contains("sha256") || launcher.contains("shasum"), launcher);

        // Every hashing program on PATH leaves a mark, then does its work (the wrapper needs it when it runs).
        Path marks = tmp.resolve("hashed");
        Path stubs = Files.createDirectories(tmp.resolve("stubs"));
        for (String name : List.of("sha256sum", "shasum")) {
            Proc.Result real = Proc.run(List.of("sh", "-c", "command -v " + name), tmp, env, TIMEOUT);
            if (real.exit() == 0) {
                Path stub = Files.writeString(stubs.resolve(name), "#!/bin/sh\necho " + name + " >> '" + marks
                        + "'\nexec '" + real.out().strip() + "' \"$@\"\n");
                assertTrue(stub.toFile().setExecutable(true));
            }
        }
        env.put("PATH", stubs + ":" + env.get("PATH"));
        env.put("PRDIFF_LAUNCH_DEBUG", "1");
        Path prdiff = bin.resolve("prdiff");

        assertEquals("prdiff 0.1.0\n", direct(prdiff, env, tmp, marks));
        Path version = clone.resolve("lib/core/Version.java");
        String source = Files.readString(version);
        assertTrue(source.contains("NUMBER = \"0.1.0\""), "the edits below no longer apply");

        Files.writeString(version, source.replace("NUMBER = \"0.1.0\"", "NUMBER = \"0.1.0-edited\""));
        Proc.Result edited = Proc.run(List.of(prdiff.toString(), "--version"), tmp, env, TIMEOUT);
        assertEquals("prdiff 0.1.0-edited\n", edited.out(), edited.describe());
        assertTrue(edited.stderr().contains("[jbang wrapper]"), "the edit did not go through the wrapper: "
                + edited.describe());
        assertEquals("prdiff 0.1.0-edited\n", direct(prdiff, env, tmp, marks));

        // A commit (as a pull would bring) whose file has a time older than the build: only HEAD tells. The file
        // goes back to the committed version, whose jar JBang already has, so that javac does not run a third time.
        Files.writeString(version, source);
        Files.setLastModifiedTime(version, java.nio.file.attribute.FileTime.fromMillis(946684800000L));
        git(clone, env, "commit", "-q", "--allow-empty", "-m", "pulled");
        Proc.Result pulled = Proc.run(List.of(prdiff.toString(), "--version"), tmp, env, TIMEOUT);
        assertEquals("prdiff 0.1.0\n", pulled.out(), pulled.describe());
        assertTrue(pulled.stderr().contains("[jbang wrapper]"), "the commit did not go through the wrapper: "
                + pulled.describe());
        assertEquals("prdiff 0.1.0\n", direct(prdiff, env, tmp, marks));
    }

    /**
     * Runs {@code prdiff --version} until a run takes java directly (the first runs build and record), at most
     * three times; that run must have run no hashing program. Its output.
     */
    private static String direct(Path prdiff, Map<String, String> env, Path dir, Path marks) throws Exception {
        Proc.Result r = null;
        for (int i = 0; i < 3; i++) {
            Files.deleteIfExists(marks);
            r = Proc.run(List.of(prdiff.toString(), "--version"), dir, env, TIMEOUT);
            assertEquals(0, r.exit(), r.describe());
            // With PRDIFF_LAUNCH_DEBUG=1 the wrapper always says which way it went; the JVM only what it always says.
            if (!r.stderr().contains("[jbang wrapper]")) {
                assertFalse(Files.exists(marks), "a launch hashed: " + (Files.exists(marks) ? Files.readString(marks) : ""));
                return r.out();
            }
        }
        throw new AssertionError("no run started java directly: " + r.describe());
    }

    @Test
    void aLauncherOfTheEarlierFormIsItsOwnAndIsReplaced(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        String wrapper = "/elsewhere/prdiff/jbang";
        for (String name : List.of("prdiff", "prdiff-mcp")) {
            String script = name.equals("prdiff") ? "prdiff.java" : "mcp-shim.java";
            Files.writeString(bin.resolve(name), "#!/usr/bin/env bash\n"
                    + "# prdiff-command-launcher: written by --install-command; runs the wrapper at\n"
                    + "# " + wrapper + "\n"
                    + "if [[ ! -x '" + wrapper + "' ]]; then\n"
                    + "  printf '%s\\n' '" + name + ": " + wrapper + " is gone; run ./jbang --install-command from a clone"
                    + " of prdiff again' >&2\n"
                    + "  exit 127\n"
                    + "fi\n"
                    + "exec '" + wrapper + "' '/elsewhere/prdiff/" + script + "' \"$@\"\n");
        }
        Map<String, String> env = freshHome(tmp.resolve("home"));
        Proc.Result r = wrapper(List.of("--install-command", bin.toString()), env);
        assertEquals(0, r.exit(), r.describe());
        assertTrue(Files.readString(bin.resolve("prdiff")).contains("exec '" + root.resolve("jbang") + "' "),
                Files.readString(bin.resolve("prdiff")));
    }

    /** The wrapper and a stand-in program, in a git repository of their own, so that a test can edit and commit. */
    private static Path standInClone(Path to) throws Exception {
        StandInClone.make(to);
        Map<String, String> env = new HashMap<>(System.getenv());
        git(to, env, "init", "-q");
        git(to, env, "add", "-A");
        git(to, env, "commit", "-q", "-m", "clone");
        return to;
    }

    private static void git(Path dir, Map<String, String> env, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false"));
        argv.addAll(List.of(args));
        Proc.Result r = Proc.run(argv, dir, env, TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
    }

    /** prdiff's JSON file list as git's numstat lines (a.txt and sub/b.txt need no quoting). */
    private static String numstat(String json) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (JsonNode file : new ObjectMapper().readTree(json).get("files")) {
            lines.append(file.get("additions").asInt()).append('\t').append(file.get("deletions").asInt())
                    .append('\t').append(file.get("path").asText()).append('\n');
        }
        return lines.toString();
    }

    private static Map<String, String> withBinDir(Map<String, String> env, Path bin) {
        Map<String, String> copy = new HashMap<>(env);
        copy.put("PRDIFF_BIN_DIR", bin.toString());
        return copy;
    }

    private static Proc.Result wrapper(List<String> args, Map<String, String> env) {
        List<String> argv = new ArrayList<>(List.of(root.resolve("jbang").toString()));
        argv.addAll(args);
        return Proc.run(argv, root, env, TIMEOUT);
    }

    /** Runs through sh, so that the command is looked up on the child's PATH, as a user's shell does. */
    private static Proc.Result shell(String script, List<String> args, Path dir, Map<String, String> env, byte[] stdin) {
        List<String> argv = new ArrayList<>(List.of("sh", "-c", script, "sh"));
        argv.addAll(args);
        Proc.Result r = Proc.attempt(argv, dir, env, stdin, TIMEOUT);
        if (r.timedOut()) throw new AssertionError(argv + " did not finish in " + TIMEOUT.toSeconds() + "s: " + r.stderr());
        return r;
    }

    /**
     * A new user's environment: HOME and user.home in a temp folder, no JBANG_* or launch settings, no jbang on
     * PATH. The pinned JBang and Maven's repository are reused when this machine has them.
     */
    private static Map<String, String> freshHome(Path home) throws Exception {
        Files.createDirectories(home);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(name -> name.startsWith("JBANG_") || name.startsWith("PRDIFF_") || name.startsWith("XDG_"));
        env.put("HOME", home.toString());
        env.put("JAVA_TOOL_OPTIONS", "-Duser.home=" + home);
        env.put("PATH", String.join(":", Arrays.stream(System.getenv("PATH").split(":"))
                .filter(dir -> !dir.isEmpty() && !Files.exists(Path.of(dir, "jbang")))
                .toList()));
        Path pinned = pinnedJBang();
        if (Files.isRegularFile(pinned.resolve("jbang.lock"))) env.put("PRDIFF_JBANG_HOME", pinned.toString());
        String mavenRepo = System.getenv().getOrDefault("JBANG_REPO", System.getProperty("user.home") + "/.m2/repository");
        if (Files.isDirectory(Path.of(mavenRepo))) env.put("JBANG_REPO", mavenRepo);
        return env;
    }

    /** {@link #freshHome} whose JBang cache and user cache hold a copy of the run's shared build (a test that runs prdiff). */
    private static Map<String, String> freshHomeWithSharedBuild(Path home) throws Exception {
        Map<String, String> env = freshHome(home);
        SharedBuild.seedJBangCache(home.resolve(".jbang/cache"));
        SharedBuild.seedRecompiledJars(home.resolve(".cache/prdiff/recompiled"));
        return env;
    }

    private static Path pinnedJBang() throws Exception {
        String home = System.getenv("PRDIFF_JBANG_HOME");
        if (home != null) return Path.of(home);
        Matcher m = Pattern.compile("(?m)^JBANG_VERSION=(\\S+)$").matcher(Files.readString(root.resolve("jbang")));
        assertTrue(m.find(), "JBANG_VERSION not found in ./jbang");
        String cacheHome = System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache");
        return Path.of(cacheHome, "prdiff", "jbang-" + m.group(1));
    }
}
