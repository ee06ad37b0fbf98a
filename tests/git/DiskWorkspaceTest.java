package git;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.BareOracle;
import support.Fixtures;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every git process of a diff needs (an empty HOME, a scratch git directory borrowing the repository's objects,
 * the carried-over trust settings) is kept for the user in {@code $XDG_CACHE_HOME/prdiff/git-v1}, so that a process
 * makes and removes nothing of its own; used only while it is the user's alone and unchanged, never written to by
 * git, and kept whole under concurrent first use.
 */
class DiskWorkspaceTest {
    TempRepo r;
    /** "BASE..HEAD" of two commits: a.txt changed, new.txt added. */
    String range;
    /** XDG_CACHE_HOME for the call: the kept directory is prdiff/git-v1 in it. */
    Path cache;

    @BeforeEach
    void history() {
        r = TempRepo.init();
        r.write("a.txt", Fixtures.lines("a", 5));
        String base = r.commit("a");
        r.write("a.txt", Fixtures.lines("b", 5)).write("new.txt", "new\n");
        range = base + ".." + r.commit("b");
        cache = TempDirs.create("kept-cache-");
    }

    @AfterEach
    void cleanup() {
        r.close();
    }

    private static Map<String, String> caching(Path cache) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("XDG_CACHE_HOME", cache.toString());
        env.remove("PRDIFF_CACHE_DIR");
        return env;
    }

    private static byte[] oracle(TempRepo r, String range, String... paths) {
        try (BareOracle bare = BareOracle.cloneOf(r.dir())) {
            return bare.diff(List.of(range), List.of(paths));
        }
    }

    private static List<Path> scratchDirs(Path kept) throws Exception {
        Path scratch = kept.resolve("scratch");
        if (!Files.isDirectory(scratch)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(scratch)) {
            return dirs.toList();
        }
    }

    private static List<String> tree(Path dir) throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aProcessMakesNothingOfItsOwnAndTheKeptDirectoryIsTheUsersAlone() throws Exception {
        Path tmp = TempDirs.create("kept-tmp-");
        Map<String, String> env = caching(cache);
        for (List<String> args : List.of(List.of(range, "--file", "a.txt"), List.of("-C", ".git", range),
                List.of(range, "--file", "new.txt"))) {
            Process p = PrdiffCli.start(List.of("-Djava.io.tmpdir=" + tmp), env, r.dir(), args.toArray(String[]::new));
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), err);
            byte[] expected = args.contains("--file") ? oracle(r, range, args.get(2)) : oracle(r, range);
            assertArrayEquals(expected, out, args.toString());
            try (Stream<Path> made = Files.list(tmp)) {
                assertEquals(List.of(), made.toList(), "a directory of its own for " + args);
            }
        }
        Path kept = cache.resolve("prdiff/git-v1");
        List<Path> scratch = scratchDirs(kept);
        assertEquals(1, scratch.size(), "one scratch directory per object store: " + scratch);
        assertEquals(List.of("", "HEAD", "config", "objects", "objects/info", "objects/info/alternates", "refs",
                "refs/heads"), tree(scratch.get(0)), "git wrote nothing into it");
        assertEquals(r.dir().resolve(".git/objects").toRealPath() + "\n",
                Files.readString(scratch.get(0).resolve("objects/info/alternates")));
        assertEquals(List.of(""), tree(kept.resolve("home")), "HOME stays empty");
        try (Stream<Path> trust = Files.list(kept.resolve("trust"))) {
            assertEquals(1, trust.count(), "the trust settings, read at the git directory");
        }
        try (Stream<Path> all = Files.walk(kept)) {
            for (Path p : all.toList()) {
                assertFalse(Files.isSymbolicLink(p), p.toString());
                String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
                if (Files.isDirectory(p)) {
                    assertEquals("rwx------", mode, p.toString());
                } else {
                    assertFalse(mode.substring(3).contains("w"), "writable by others: " + p);
                }
            }
        }
    }

    @Test
    void aKeptDirectoryOthersMayEnterIsNotUsed() throws Exception {
        Path kept = Files.createDirectories(cache.resolve("prdiff/git-v1"));
        Files.setPosixFilePermissions(kept, PosixFilePermissions.fromString("rwxr-xr-x"));
        Proc.Result res = PrdiffCli.ok(caching(cache), "-C", r.dir().toString(), range);
        assertArrayEquals(oracle(r, range), res.stdout());
        assertEquals(List.of(""), tree(kept), "nothing made in it");
    }

    @Test
    void aKeptHomeWithSomethingInItIsNotUsed() throws Exception {
        Path home = cache.resolve("prdiff/git-v1/home");
        // Would make git print "Binary files differ" for a.txt, were this HOME used (XDG_CONFIG_HOME is in it).
        Files.createDirectories(home.resolve(".config/git"));
        Files.writeString(home.resolve(".config/git/attributes"), "*.txt -diff\n");
        for (Path p : List.of(cache.resolve("prdiff/git-v1"), home, home.resolve(".config"), home.resolve(".config/git"))) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        }
        Proc.Result res = PrdiffCli.ok(caching(cache), "-C", r.dir().toString(), range, "--file", "a.txt");
        assertArrayEquals(oracle(r, range, "a.txt"), res.stdout());
        assertTrue(new String(res.stdout(), java.nio.charset.StandardCharsets.UTF_8).contains("+b"), "a text diff");
    }

    @Test
    void aShallowRepositoryKeepsItsScratchDirectoryToItself() throws Exception {
        r.write("a.txt", Fixtures.lines("c", 5));
        r.commit("c");
        Path clone = TempDirs.create("kept-shallow-").resolve("clone");
        Proc.run(List.of("git", "clone", "-q", "--depth", "2", "file://" + r.dir(), clone.toString()), r.dir(),
                System.getenv(), java.time.Duration.ofSeconds(60));
        assertTrue(Files.isRegularFile(clone.resolve(".git/shallow")));
        Proc.Result res = PrdiffCli.ok(caching(cache), "-C", clone.toString(), "HEAD~1..HEAD");
        assertTrue(res.stdout().length > 0);
        assertEquals(List.of(), scratchDirs(cache.resolve("prdiff/git-v1")), "the boundary moves: not kept");
    }

    @Test
    void anInterdiffWritesItsReplayIntoAScratchDirectoryOfItsOwn() throws Exception {
        r.write("shared.txt", Fixtures.lines("line", 20)).write("other.txt", "other\n");
        r.commit("base");
        r.checkout("-b", "feature");
        r.write("feature.txt", "feature v1\n");
        String old = r.commit("feature v1");
        r.checkout("main");
        r.write("other.txt", "other, changed on main\n");
        r.commit("main moves on");
        r.checkout("-b", "rebased", old);
        r.git("rebase", "-q", "main");
        r.write("feature.txt", "feature v2\n");
        r.commit("after the rebase");
        Proc.Result kept = PrdiffCli.ok(caching(cache), "-C", r.dir().toString(), "main...rebased", "--since", old);
        assertTrue(kept.stderr().contains("were replayed"), kept.stderr());
        Map<String, String> off = new HashMap<>(System.getenv());
        off.put("PRDIFF_CACHE_DIR", "");
        Proc.Result own = PrdiffCli.ok(off, "-C", r.dir().toString(), "main...rebased", "--since", old);
        assertArrayEquals(own.stdout(), kept.stdout());
        List<Path> scratch = scratchDirs(cache.resolve("prdiff/git-v1"));
        assertEquals(1, scratch.size(), scratch.toString());
        assertEquals(List.of("", "info", "info/alternates"), tree(scratch.get(0).resolve("objects")),
                "no replayed tree or commit in the kept directory");
    }

    @Test
    void concurrentFirstProcessesShareOneWholeScratchDirectory() throws Exception {
        Map<String, String> env = caching(cache);
        List<Process> started = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Process p = PrdiffCli.start(env, r.dir(), range, "--file", "a.txt");
            p.getOutputStream().close();
            started.add(p);
        }
        byte[] expected = oracle(r, range, "a.txt");
        for (Process p : started) {
            byte[] out = p.getInputStream().readAllBytes();
            String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), err);
            assertArrayEquals(expected, out);
        }
        List<Path> scratch = scratchDirs(cache.resolve("prdiff/git-v1"));
        assertEquals(1, scratch.size(), "one whole directory, no temporary one left: " + scratch);
        assertTrue(Files.isRegularFile(scratch.get(0).resolve("objects/info/alternates")));
    }

    /** What the other user does to the kept folder's parent, or to her planted folder, once it is in place. */
    private interface Planting {
        void after(Path prdiffFolder, Path planted) throws Exception;
    }

    /**
     * The kept folder is checked at every use, not once per process: git-v1 renamed away under a running process
     * (which a folder above it writable by others allows) and replaced by one with info/attributes that hide every
     * change and a config that starts an fsmonitor is refused at the next call, which prints git's own diff, runs
     * nothing and names the folder in a note. In-process: two calls of one JVM, as an MCP server makes them.
     */
    @Test
    void aKeptDirectoryReplacedUnderARunningProcessIsRefusedAtTheNextUse() throws Exception {
        plantedBetweenTwoCalls((prdiffFolder, planted) -> Files.setPosixFilePermissions(prdiffFolder,
                PosixFilePermissions.fromString("rwxrwxrwx")), "writable by others", this::cli);
    }

    /** The same under a running MCP server: its second get_diff is git's, with the note in the result's notices. */
    @Test
    void aKeptDirectoryReplacedUnderARunningMcpServerIsRefusedAtItsNextCall() throws Exception {
        try (McpSession s = McpSession.initialized(McpSession.config(r.dir()).withEnv(caching(cache)))) {
            plantedBetweenTwoCalls((prdiffFolder, planted) -> Files.setPosixFilePermissions(prdiffFolder,
                    PosixFilePermissions.fromString("rwxrwxrwx")), "writable by others", range -> {
                int dots = range.indexOf("..");
                com.fasterxml.jackson.databind.JsonNode result = s.callResult("get_diff", McpCalls.args(
                        "repo_path", r.dir().toString(), "base", range.substring(0, dots),
                        "head", range.substring(dots + 2), "path", "a.txt"));
                return new Answer(McpCalls.text(result).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        result.path("_meta").toString());
            });
        }
    }

    /** One call's diff, and its notes (stderr, or the MCP result's _meta). */
    private record Answer(byte[] diff, String notes) {}

    /** Makes one call for {@code range} (two commits, the first an ancestor of the second) and a.txt. */
    private interface Caller {
        Answer call(String range) throws Exception;
    }

    private Answer cli(String range) {
        Proc.Result res = PrdiffCli.ok(caching(cache), "-C", r.dir().toString(), range, "--file", "a.txt");
        return new Answer(res.stdout(), res.stderr());
    }

    /** The same, with the planted folder another user's (as root: given to uid 65534) and the path closed again. */
    @Test
    void aKeptDirectoryOfAnotherUserPutInPlaceIsRefusedAtTheNextUse() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(support.Uid.isRoot(), "giving a folder to another user needs root");
        plantedBetweenTwoCalls((prdiffFolder, planted) -> {
            try (Stream<Path> all = Files.walk(planted)) {
                for (Path p : all.toList()) {
                    Files.setAttribute(p, "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }, "belongs to another user (uid 65534)", this::cli);
    }

    private void plantedBetweenTwoCalls(Planting planting, String reason, Caller caller) throws Exception {
        // a .gitattributes in the head's tree: the generated-files check then reads an index in the scratch directory
        r.write(".gitattributes", "*.lock linguist-generated\n").write("a.txt", Fixtures.lines("c", 5));
        String range = this.range.substring(0, this.range.indexOf("..")) + ".." + r.commit("c");
        byte[] expected = oracle(r, range, "a.txt");
        assertArrayEquals(expected, caller.call(range).diff());
        Path prdiffFolder = cache.resolve("prdiff");
        Path kept = prdiffFolder.resolve("git-v1");
        Path scratch = scratchDirs(kept).get(0);

        try (support.Markers markers = new support.Markers()) {
            Path planted = prdiffFolder.resolve("planted");
            try (Stream<Path> all = Files.walk(kept)) {
                for (Path p : all.toList()) {
                    Files.copy(p, planted.resolve(kept.relativize(p).toString()),
                            java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
            Path hers = planted.resolve(kept.relativize(scratch).toString());
            Files.createDirectories(hers.resolve("info"));
            Files.writeString(hers.resolve("info/attributes"), "* -diff\n");
            Files.writeString(hers.resolve("config"), "[core]\n\tbare = false\n\tworktree = "
                    + TempDirs.create("her-work-tree-") + "\n\tfsmonitor = " + markers.command("fsmonitor") + "\n",
                    java.nio.file.StandardOpenOption.APPEND);
            Files.move(kept, prdiffFolder.resolve("git-v1.renamed-away"));
            Files.move(planted, kept);
            planting.after(prdiffFolder, kept);

            Answer second = caller.call(range);
            assertArrayEquals(expected, second.diff(), second.notes());
            assertEquals(List.of(), markers.described(), "a program named by the planted config ran");
            assertTrue(second.notes().contains("note: prdiff's cache folder " + kept + " is not used: ")
                    && second.notes().contains(reason), second.notes());
        }
    }

    /** The answer of a call whose cache folder has a folder above it that others can write is git's, with a note. */
    @Test
    void aCachePathOthersCanWriteToIsNotUsedAndTheAnswerStandsWithANote() throws Exception {
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwx---"));
        Proc.Result res = PrdiffCli.ok(caching(cache), "-C", r.dir().toString(), range, "--file", "a.txt");
        assertArrayEquals(oracle(r, range, "a.txt"), res.stdout());
        assertTrue(res.stderr().contains("prdiff: note: prdiff's cache folder " + cache.resolve("prdiff/git-v1")
                + " is not used: " + cache + " is writable by others (mode 770)"), res.stderr());
        assertEquals(List.of(""), tree(cache), "nothing made in it");
    }

    /**
     * A kept scratch directory carries its key (the object store it borrows, in objects/info/alternates): two
     * repositories' directories swapped under each other's names are not used by a later process, which answers
     * from scratch directories of its own.
     */
    @Test
    void aScratchDirectoryUnderAnotherStoresNameIsNotUsed() throws Exception {
        try (TempRepo other = TempRepo.init()) {
            other.write("o.txt", "one\n");
            String o1 = other.commit("o1");
            other.write("o.txt", "two\n");
            String otherRange = o1 + ".." + other.commit("o2");
            Map<String, String> env = caching(cache);
            PrdiffCli.ok(env, "-C", r.dir().toString(), range, "--file", "a.txt");
            PrdiffCli.ok(env, "-C", other.dir().toString(), otherRange);
            List<Path> scratch = scratchDirs(cache.resolve("prdiff/git-v1"));
            assertEquals(2, scratch.size(), scratch.toString());
            Path aside = scratch.get(0).resolveSibling("aside");
            Files.move(scratch.get(0), aside);
            Files.move(scratch.get(1), scratch.get(0));
            Files.move(aside, scratch.get(1));

            Proc.Result mine = PrdiffCli.spawn(env, r.dir(), range, "--file", "a.txt");
            assertEquals(0, mine.exit(), mine.stderr());
            assertArrayEquals(oracle(r, range, "a.txt"), mine.stdout());
            Proc.Result theirs = PrdiffCli.spawn(env, other.dir(), otherRange);
            assertEquals(0, theirs.exit(), theirs.stderr());
            assertArrayEquals(oracle(other, otherRange), theirs.stdout());
        }
    }
}
