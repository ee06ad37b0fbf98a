package git;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An object id is an object id: hex digits given as a SHA resolve only to an object whose id starts with them.
 * A tag named like a SHA (one fetched from a fork, say) must never redirect a pinned diff.
 */
@support.Parallel
class ObjectIdTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String a;
    static String b;
    static String c;

    @BeforeAll
    static void history() {
        repo.write("f.txt", "one\n");
        a = repo.commit("a");
        repo.write("f.txt", "two\n");
        b = repo.commit("b");
        repo.write("f.txt", "attacker's version\n");
        c = repo.commit("c");
        // The traps: a tag named by b's own prefix and one named by hex digits no object has, both at c.
        repo.git("tag", b.substring(0, 8), c);
        repo.git("tag", "0123abcd4567", c);
    }

    static Proc.Result run(String... args) {
        return PrdiffCli.in(repo.dir(), args);
    }

    @Test
    void theTrapIsRealForGit() {
        assertEquals(c, repo.text("rev-parse", b.substring(0, 8) + "^{commit}").trim(),
                "git itself lets the tag shadow the prefix, or this test proves nothing");
    }

    @Test
    void aPrefixNamesItsCommitNotATagOfTheSameName() {
        String prefix = b.substring(0, 8);
        Proc.Result commit = run("-v", "--commit", prefix);
        assertEquals(0, commit.exit(), commit.stderr());
        assertArrayEquals(repo.gitDiff(a, b), commit.stdout());
        assertTrue(commit.stderr().contains(b), "the answer names the full SHA: " + commit.stderr());

        Proc.Result shorthand = run(prefix);
        assertEquals(0, shorthand.exit(), shorthand.stderr());
        assertArrayEquals(repo.gitDiff(a, b), shorthand.stdout(), "prdiff PREFIX is that commit, not the tag's range");
        assertTrue(shorthand.stderr().contains("range commit " + b), shorthand.stderr());

        for (String side : List.of(prefix.toUpperCase(java.util.Locale.ROOT), prefix)) {
            Proc.Result range = run(a + "..." + side);
            assertEquals(0, range.exit(), range.stderr());
            assertArrayEquals(repo.gitDiff(a + "..." + b), range.stdout(), side);
        }
    }

    @Test
    void theTrapIsRealForGitWithASuffixToo() {
        String prefix = b.substring(0, 8);
        for (String suffix : List.of("~0", "^0", "^{commit}")) {
            assertEquals(c, repo.text("rev-parse", prefix + suffix).trim(), suffix);
        }
    }

    /** Hex digits before ~N, ^N, ^{...} or :path are an object id exactly as bare hex is: the tag never wins. */
    @Test
    void hexBeforeASuffixNamesItsObjectNotATagOfTheSameName() {
        String prefix = b.substring(0, 8);
        for (String suffix : List.of("~0", "^0", "^{commit}", "^{}")) {
            Proc.Result commit = run("--commit", prefix + suffix);
            assertEquals(0, commit.exit(), suffix + ": " + commit.stderr());
            assertArrayEquals(repo.gitDiff(a, b), commit.stdout(), suffix);
            assertTrue(!commit.stderr().contains("ambiguous"), commit.stderr());
            Proc.Result range = run(a + "..." + prefix + suffix);
            assertEquals(0, range.exit(), suffix + ": " + range.stderr());
            assertArrayEquals(repo.gitDiff(a + "..." + b), range.stdout(), suffix);
        }
        Proc.Result parent = run(prefix + "^..." + prefix.toUpperCase(java.util.Locale.ROOT) + "~0");
        assertEquals(0, parent.exit(), parent.stderr());
        assertArrayEquals(repo.gitDiff(a + "..." + b), parent.stdout());
        // A lone REV is REV...HEAD (HEAD is at c).
        Proc.Result lone = run(prefix + "~0");
        assertEquals(0, lone.exit(), lone.stderr());
        assertArrayEquals(repo.gitDiff(b + "..." + c), lone.stdout());
        assertEquals("two\n", run("show", prefix + "~0:f.txt").out());
        assertEquals(1, run("grep", "attacker", "--sha", prefix + "^{commit}").exit());
        Proc.Result noObject = run("--commit", "0123abcd4567~0");
        assertEquals(1, noObject.exit());
        assertTrue(noObject.stderr().startsWith("prdiff: error [SHA_NOT_FOUND]: "), noObject.stderr());
        assertTrue(noObject.stderr().contains("refs/tags/0123abcd4567"), noObject.stderr());
    }

    @Test
    void aPinnedPullRequestShaIsNeverARef() {
        // Both commits local: no GitHub is contacted, so this runs without the stand-in.
        Proc.Result pinned = run("1", "--sha", b.substring(0, 8), "--base-sha", a);
        assertEquals(0, pinned.exit(), pinned.stderr());
        assertArrayEquals(repo.gitDiff(a + "..." + b), pinned.stdout());
    }

    @Test
    void hexThatNamesNoObjectIsNotFoundEvenWhenARefHasThatName() {
        Proc.Result r = run("--commit", "0123abcd4567");
        assertEquals(1, r.exit());
        assertTrue(r.stderr().startsWith("prdiff: error [SHA_NOT_FOUND]: "), r.stderr());
        assertTrue(r.stderr().contains("refs/tags/0123abcd4567"), "says how to mean the ref: " + r.stderr());
        assertEquals(0, r.stdout().length);
        Proc.Result viaRef = run("--commit", "refs/tags/0123abcd4567");
        assertEquals(0, viaRef.exit(), viaRef.stderr());
        assertArrayEquals(repo.gitDiff(b, c), viaRef.stdout());
    }

    @Test
    void anAmbiguousPrefixIsAnErrorNamingEveryCandidate() {
        try (TempRepo many = TempRepo.init()) {
            List<String> commits = manyCommits(many, 1000);
            Map<String, List<String>> byPrefix = new HashMap<>();
            for (String sha : commits) {
                byPrefix.computeIfAbsent(sha.substring(0, 4), k -> new ArrayList<>()).add(sha);
            }
            List<String> twins = byPrefix.values().stream().filter(l -> l.size() > 1).findFirst().orElse(null);
            assertNotNull(twins, "1000 fixed commits always share some 4-digit prefix");
            Proc.Result r = PrdiffCli.run("-C", many.dir().toString(), "--commit", twins.get(0).substring(0, 4));
            assertEquals(1, r.exit());
            assertTrue(r.stderr().startsWith("prdiff: error [AMBIGUOUS_SHA]: "), r.stderr());
            twins.forEach(sha -> assertTrue(r.stderr().contains(sha), "names " + sha + ": " + r.stderr()));
            Proc.Result exact = PrdiffCli.run("-C", many.dir().toString(), "--commit", twins.get(0).substring(0, 12));
            assertEquals(0, exact.exit(), exact.stderr());
        }
    }

    /**
     * A whole id is looked up directly, not listed with --disambiguate first; it must still name only its own
     * object: a tag named by it is no redirect, an annotated tag's id is its commit, a blob's id is no commit, and
     * 64 digits in a sha1 repository name nothing. In a sha256 repository 40 digits are a prefix and still resolve.
     */
    @Test
    void aWholeIdNamesOnlyItsOwnObject() {
        try (TempRepo r = TempRepo.init()) {
            r.write("f.txt", "one\n");
            String first = r.commit("first");
            r.write("f.txt", "two\n");
            String second = r.commit("second");
            r.write("f.txt", "three\n");
            String third = r.commit("third");
            r.git("tag", second, third);
            r.git("tag", "-a", "-m", "annotated", "v2", second);
            String tagId = r.text("rev-parse", "refs/tags/v2").trim();
            String blob = r.text("rev-parse", second + ":f.txt").trim();
            assertArrayEquals(r.gitDiff(first, second), PrdiffCli.ok(r.dir(), "--commit", second).stdout());
            assertArrayEquals(r.gitDiff(first, second), PrdiffCli.ok(r.dir(), "--commit", tagId).stdout());
            assertArrayEquals(r.gitDiff(first + "..." + second),
                    PrdiffCli.ok(r.dir(), "1", "--sha", second, "--base-sha", first).stdout());
            // Two whole ids are looked up together: a tag's id among them is still peeled, case is no matter.
            assertArrayEquals(r.gitDiff(first + "..." + second),
                    PrdiffCli.ok(r.dir(), first.toUpperCase(java.util.Locale.ROOT) + "..." + tagId).stdout());
            Proc.Result unknownHead = PrdiffCli.run("-C", r.dir().toString(), "1", "--sha", "0123456789".repeat(4),
                    "--base-sha", first, "--no-fetch");
            assertTrue(unknownHead.stderr().startsWith("prdiff: error [SHA_NOT_FOUND]: "), unknownHead.stderr());
            for (String notACommit : List.of(blob, "ab".repeat(32), "0123456789".repeat(4))) {
                Proc.Result missing = PrdiffCli.run("-C", r.dir().toString(), "--commit", notACommit);
                assertEquals(1, missing.exit(), notACommit);
                assertTrue(missing.stderr().startsWith("prdiff: error [SHA_NOT_FOUND]: "), missing.stderr());
            }
            assertTrue(PrdiffCli.run("-C", r.dir().toString(), "--commit", blob).stderr().contains(blob + " (blob)"));
        }
        try (TempRepo r = TempRepo.init()) {
            TempRepo.deleteTree(r.dir().resolve(".git"));
            r.git("init", "-q", "-b", "main", "--object-format=sha256");
            r.write("f.txt", "one\n");
            String first = r.commit("first");
            r.write("f.txt", "two\n");
            String second = r.commit("second");
            assertEquals(64, second.length());
            for (String id : List.of(second, second.substring(0, 40))) {
                assertArrayEquals(r.gitDiff(first, second), PrdiffCli.ok(r.dir(), "--commit", id).stdout(), id);
            }
        }
    }

    /** A chain of commits with fixed dates, so their ids are the same on every run. */
    static List<String> manyCommits(TempRepo into, int count) {
        StringBuilder stream = new StringBuilder();
        for (int i = 0; i < count; i++) {
            String msg = "commit " + i + "\n";
            stream.append("commit refs/heads/many\nmark :").append(i + 1)
                    .append("\ncommitter T <t@example.com> ").append(1_000_000_000 + i).append(" +0000\ndata ")
                    .append(msg.length()).append('\n').append(msg)
                    .append("M 100644 inline n.txt\ndata ").append(Integer.toString(i).length() + 1).append('\n')
                    .append(i).append("\n\n");
        }
        Proc.Result r = Proc.attempt(List.of("git", "fast-import", "--quiet"), into.dir(), Map.of("PATH", System.getenv("PATH")),
                stream.toString().getBytes(StandardCharsets.UTF_8), java.time.Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.stderr());
        return List.of(into.text("rev-list", "refs/heads/many").strip().split("\n"));
    }
}
