package git;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Fixtures;
import support.Proc;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.sectionsOf;
import static support.DiffSections.changedPaths;
import static support.DiffSections.prdiffOk;

/**
 * --file between commits is computed by git with a pathspec, so one file of a huge range costs one file; its
 * sections must still be byte for byte those of the whole diff, renames and their pairing included.
 */
@support.Parallel
class PathLimitTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        head = shas[1];
    }

    @Test
    void everyFileAloneIsItsSectionOfTheWholeDiff() throws Exception {
        String range = base + "..." + head;
        byte[] whole = repo.gitDiff(range);
        for (String path : changedPaths(repo, range)) {
            byte[] expected = sectionsOf(whole, Set.of(path));
            assertTrue(expected.length > 0, path);
            assertArrayEquals(expected, prdiffOk(repo, range, "--file", path).stdout(), path);
            assertArrayEquals(expected, prdiffOk(repo, "--commit", head, "--file", path).stdout(), path);
        }
    }

    @Test
    void filesOnlyForOneFileHasTheWholeListsEntry() throws Exception {
        String range = base + "..." + head;
        JsonNode whole = new ObjectMapper().readTree(prdiffOk(repo, range, "--files-only").stdout()).get("files");
        for (JsonNode entry : whole) {
            String path = entry.get("path").asText();
            JsonNode one = new ObjectMapper().readTree(prdiffOk(repo, range, "--files-only", "--file", path).stdout()).get("files");
            assertEquals(1, one.size(), path + ": " + one);
            assertEquals(entry, one.get(0));
            if (entry.has("previous_path")) {
                JsonNode byOld = new ObjectMapper().readTree(
                        prdiffOk(repo, range, "--files-only", "--file", entry.get("previous_path").asText()).stdout()).get("files");
                assertEquals(entry, byOld.get(0));
            }
        }
    }

    @Test
    void aRenameIsPairedAsTheWholeDiffPairsItAmongSeveralCandidates() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("one.txt", Fixtures.lines("same", 40)).write("two.txt", Fixtures.lines("same", 40) + "extra\n");
            String a = r.commit("a");
            r.delete("one.txt").delete("two.txt").write("dst.txt", Fixtures.lines("same", 40) + "extra\n");
            String b = r.commit("b");
            byte[] whole = r.gitDiff(a + ".." + b);
            for (Set<String> paths : List.of(Set.of("dst.txt"), Set.of("one.txt"), Set.of("two.txt"),
                    Set.of("one.txt", "dst.txt"), new LinkedHashSet<>(List.of("two.txt", "one.txt", "dst.txt")))) {
                assertArrayEquals(sectionsOf(whole, paths), prdiffOk(r, a + ".." + b, "--file", String.join(",", paths)).stdout(),
                        paths.toString());
            }
        }
    }

    /**
     * Past git's rename limit the whole diff shows adds and deletes; a pathspec naming both halves would let git
     * pair them. The pairing check must notice and cut from the whole diff instead, also once the range's pairs
     * are known.
     */
    @Test
    void pastTheRenameLimitBothHalvesStayAnAddAndADelete() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            int n = 1100;
            StringBuilder stream = new StringBuilder();
            stream.append("commit refs/heads/main\ncommitter T <t@example.com> 1000000000 +0000\ndata 2\na\n");
            for (int i = 0; i < n; i++) {
                blob(stream, "old/" + i + ".txt", Fixtures.lines("file " + i, 30));
            }
            stream.append("\ncommit refs/heads/main\ncommitter T <t@example.com> 1000000060 +0000\ndata 2\nb\n");
            for (int i = 0; i < n; i++) {
                stream.append("D old/").append(i).append(".txt\n");
                // Another basename: git pairs equal basenames before it applies the rename limit.
                blob(stream, "new/" + i + "-moved.txt", Fixtures.lines("file " + i, 30).replace(" 7\n", " seven\n"));
            }
            stream.append('\n');
            Proc.Result imported = Proc.attempt(List.of("git", "fast-import", "--quiet"), r.dir(),
                    Map.of("PATH", System.getenv("PATH")), stream.toString().getBytes(StandardCharsets.UTF_8),
                    java.time.Duration.ofSeconds(120));
            assertEquals(0, imported.exit(), imported.stderr());
            byte[] whole = r.gitDiff("main~1..main");
            assertTrue(!new String(whole, StandardCharsets.UTF_8).contains("rename from"),
                    "the whole diff is past the rename limit, or this test proves nothing");
            Set<String> both = new LinkedHashSet<>(List.of("old/5.txt", "new/5-moved.txt"));
            byte[] expected = sectionsOf(whole, both);
            assertTrue(new String(expected, StandardCharsets.UTF_8).contains("deleted file mode"));
            // One half first, which finds the range's (empty) pairs; then both, judged against those pairs.
            assertArrayEquals(sectionsOf(whole, Set.of("new/5-moved.txt")), prdiffOk(r, "main~1..main", "--file", "new/5-moved.txt").stdout());
            assertArrayEquals(expected, prdiffOk(r, "main~1..main", "--file", "old/5.txt,new/5-moved.txt").stdout());
        }
    }

    static void blob(StringBuilder stream, String path, String content) {
        stream.append("M 100644 inline ").append(path).append("\ndata ")
                .append(content.getBytes(StandardCharsets.UTF_8).length).append('\n').append(content).append('\n');
    }

    /**
     * The pathspec really limits what git reads: with an unrelated file's blob gone from the object store the
     * whole diff fails, and one other file is still served.
     */
    @Test
    void oneFileNeedsOnlyItsOwnObjects() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("keep.txt", "one\n").write("lost.txt", "old\n");
            String a = r.commit("a");
            r.write("keep.txt", "two\n").write("lost.txt", "new content that will be lost\n");
            String b = r.commit("b");
            byte[] expected = sectionsOf(r.gitDiff(a + ".." + b), Set.of("keep.txt"));
            String lostBlob = r.text("rev-parse", b + ":lost.txt").trim();
            Files.delete(r.dir().resolve(".git/objects/" + lostBlob.substring(0, 2) + "/" + lostBlob.substring(2)));
            Proc.Result whole = PrdiffCli.run("-C", r.dir().toString(), a + ".." + b);
            assertEquals(1, whole.exit(), "the whole diff needs the lost blob, or this test proves nothing");
            assertArrayEquals(expected, prdiffOk(r, a + ".." + b, "--file", "keep.txt").stdout());
            assertTrue(new String(prdiffOk(r, a + ".." + b, "--files-only", "--file", "keep.txt").stdout(),
                    StandardCharsets.UTF_8).contains("\"path\":\"keep.txt\""));
        }
    }

    /**
     * An added or deleted file that resembles nothing on the other side is proven partnerless by git on it and the
     * other side alone, without the whole range's similarity pass. With the blob of an unrelated rename's new half
     * gone, that pass fails and a lone added file is still served; with its old half gone, a lone deleted file is.
     * Each as the whole diff, taken before the loss, has it.
     */
    @Test
    void aLoneAddOrDeleteNeedsNoWholeRenamePass() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("moved.txt", Fixtures.lines("moved", 40)).write("gone.txt", Fixtures.lines("gone", 40))
                    .write("stay.txt", "stay\n");
            String a = r.commit("a");
            r.delete("moved.txt").write("elsewhere.txt", Fixtures.lines("moved", 40) + "edited\n")
                    .delete("gone.txt").write("fresh.txt", "unlike anything deleted\n").write("stay.txt", "stayed\n");
            String b = r.commit("b");
            String range = a + ".." + b;
            byte[] whole = r.gitDiff(range);
            assertTrue(new String(whole, StandardCharsets.UTF_8).contains("rename to elsewhere.txt"));
            Map<String, List<Set<String>>> servedWithout = Map.of(
                    b + ":elsewhere.txt", List.of(Set.of("fresh.txt"), Set.of("stay.txt", "fresh.txt")),
                    a + ":moved.txt", List.of(Set.of("gone.txt"), Set.of("stay.txt", "gone.txt")));
            for (var lost : servedWithout.entrySet()) {
                Path object = looseObject(r, lost.getKey());
                byte[] kept = Files.readAllBytes(object);
                Files.delete(object);
                assertEquals(1, PrdiffCli.run("-C", r.dir().toString(), range, "--file", "elsewhere.txt").exit(),
                        "the whole rename pass needs " + lost.getKey() + ", or this test proves nothing");
                for (Set<String> paths : lost.getValue()) {
                    byte[] expected = sectionsOf(whole, paths);
                    assertTrue(expected.length > 0, paths.toString());
                    assertArrayEquals(expected, prdiffOk(r, range, "--file", String.join(",", paths)).stdout(), paths.toString());
                }
                Files.write(object, kept);
            }
        }
    }

    /**
     * Candidates that compete: two additions resembling one deletion (the weaker one stays an addition in the whole
     * diff), a tie, shared and unique basenames below and above git's basename score. Every file alone and every
     * two together must be their sections of the whole diff, whichever way each was proven.
     */
    @Test
    void competingCandidatesArePairedAsTheWholeDiffPairsThem() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("src/a.txt", edited("a", 0, "")).write("src/b.txt", edited("b", 0, ""))
                    .write("lib/a.txt", edited("x", 0, "")).write("old/d.txt", edited("d", 0, ""))
                    .write("keep.txt", "keep\n");
            String a = r.commit("a");
            r.delete("src/a.txt").delete("src/b.txt").delete("lib/a.txt").delete("old/d.txt")
                    .write("dst/a.txt", edited("a", 5, "one")).write("dst/a2.txt", edited("a", 3, "two"))
                    .write("dst/b.txt", edited("b", 2, "b")).write("dst/c.txt", edited("c", 0, ""))
                    .write("new/d.txt", edited("d", 3, "left")).write("new/d2.txt", edited("d", 3, "right"))
                    .write("keep.txt", "kept\n");
            String b = r.commit("b");
            String range = a + ".." + b;
            byte[] whole = r.gitDiff(range);
            String text = new String(whole, StandardCharsets.UTF_8);
            assertTrue(text.contains("rename to dst/a.txt") && text.contains("new file mode 100644\nindex 0000000..")
                    && text.contains("diff --git a/dst/a2.txt b/dst/a2.txt\nnew file"), text);
            List<String> paths = changedPaths(r, range);
            for (int i = 0; i < paths.size(); i++) {
                for (int j = i; j < paths.size(); j++) {
                    Set<String> wanted = new LinkedHashSet<>(List.of(paths.get(i), paths.get(j)));
                    assertArrayEquals(sectionsOf(whole, wanted), prdiffOk(r, range, "--file", String.join(",", wanted)).stdout(),
                            wanted.toString());
                }
            }
        }
    }

    /** Forty lines of {@code prefix}, every {@code every}-th one (none for 0) rewritten with {@code tag}. */
    static String edited(String prefix, int every, String tag) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            sb.append(every > 0 && i % every == 0 ? tag + " rewrote " + i : prefix + " line " + i).append('\n');
        }
        return sb.toString();
    }

    static Path looseObject(TempRepo r, String blob) {
        String id = r.text("rev-parse", blob).trim();
        return r.dir().resolve(".git/objects/" + id.substring(0, 2) + "/" + id.substring(2));
    }

    /**
     * A range's rename pairs are kept for the process by its full ids: in one repository, an added file that no
     * deletion resembles in one range and that is a rename in another must be each range's own section (a pairing
     * kept under too loose a key would show the rename as a new file).
     */
    @Test
    void keptPairsBelongToTheirRangeOnly() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("x.txt", Fixtures.lines("x", 40)).write("z.txt", Fixtures.lines("z", 40));
            String a = r.commit("a");
            r.delete("z.txt").write("p.txt", "nothing like any deleted file\n");
            String b = r.commit("b");
            r.checkout("-q", a).delete("x.txt").write("p.txt", Fixtures.lines("x", 40) + "one more line\n");
            String c = r.commit("c");
            for (String range : List.of(a + ".." + b, a + ".." + c, a + ".." + b, a + ".." + c)) {
                byte[] expected = sectionsOf(r.gitDiff(range), Set.of("p.txt"));
                assertArrayEquals(expected, prdiffOk(r, range, "--file", "p.txt").stdout(), range);
            }
            assertTrue(new String(r.gitDiff(a + ".." + c), StandardCharsets.UTF_8).contains("rename to p.txt"));
        }
    }

    /**
     * A proven pathspec is kept per process for the full ids it was proven for: the same path in another range
     * (there half of a rename, needing its partner) or in another repository made at the same directory gets its
     * own proof. Each is asked twice, the second time from what was kept, and compared with git's whole diff.
     */
    @Test
    void aKeptPathspecIsThatRangesOnly() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String text = "line one\nline two\nline three\nline four\nline five\n";
            r.write("moved.txt", text).write("keep.txt", "keep\n");
            String first = r.commit("base");
            r.write("moved.txt", text + "line six\n");
            String modified = r.commit("modified");
            r.move("moved.txt", "elsewhere/moved.txt");
            String renamed = r.commit("renamed");
            for (String range : List.of(first + ".." + modified, modified + ".." + renamed, first + ".." + modified)) {
                byte[] expected = sectionsOf(r.gitDiff(range), Set.of("moved.txt"));
                assertTrue(expected.length > 0, range);
                for (int round = 0; round < 2; round++) {
                    assertArrayEquals(expected, prdiffOk(r, range, "--file", "moved.txt").stdout(), range + " round " + round);
                }
            }
            String before = new String(sectionsOf(r.gitDiff(first + ".." + modified), Set.of("moved.txt")),
                    StandardCharsets.UTF_8);

            TempRepo.deleteTree(r.dir().resolve(".git"));
            TempRepo.deleteTree(r.dir().resolve("elsewhere"));
            r.git("init", "-q", "-b", "main", "--object-format=sha256");
            r.write("moved.txt", text).write("keep.txt", "keep\n");
            String again = r.commit("base again");
            r.move("moved.txt", "other/moved.txt");
            String movedAgain = r.commit("renamed at once");
            String range = again + ".." + movedAgain;
            byte[] expected = sectionsOf(r.gitDiff(range), Set.of("moved.txt"));
            assertTrue(new String(expected, StandardCharsets.UTF_8).contains("rename to other/moved.txt"),
                    new String(expected, StandardCharsets.UTF_8));
            for (int round = 0; round < 2; round++) {
                assertArrayEquals(expected, prdiffOk(r, range, "--file", "moved.txt").stdout(), "round " + round);
            }
            assertTrue(!before.equals(new String(expected, StandardCharsets.UTF_8)));
        }
    }

    /**
     * {@code git}'s environment with the disk caches on, in a folder of the test's own: how the calls of one user,
     * each a process of its own, share the range's rename pairs.
     */
    static Map<String, String> caching(RecordingGit git) {
        Map<String, String> env = new java.util.HashMap<>(git.env());
        env.remove("PRDIFF_CACHE_DIR");
        env.put("XDG_CACHE_HOME", TempDirs.create("path-limit-cache-").toString());
        return env;
    }

    /** The git diffs of one {@code --file} call, whose output is checked to be git's (non-empty) section. */
    static List<List<String>> diffsOfOneFile(RecordingGit git, Map<String, String> env, TempRepo r, String range,
            byte[] whole, String path) throws Exception {
        git.clear();
        byte[] expected = sectionsOf(whole, Set.of(path));
        assertTrue(expected.length > 0, path);
        assertArrayEquals(expected, PrdiffCli.ok(env, "-C", r.dir().toString(), range, "--file", path).stdout(),
                path);
        return git.callsWith("diff", "--no-ext-diff", "--no-color");
    }

    /**
     * A modified file, whatever its size, is one git diff: the --raw records ahead of its text show it modified, so
     * the text is the whole diff's. A renamed file's limited diff shows it added, and the first time the proof
     * takes over and finds the range's rename pairs. Once they are known, the rename's other half is one diff (of
     * both names: the kept pairs name its partner before git runs) and a file added with no partner one, with no
     * --raw pass of their own. Every answer is git's own section.
     */
    @Test
    void aModifiedFileIsOneGitDiffAndKnownPairsNeedNoProof() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("kept.txt", Fixtures.lines("kept", 40)).write("old.txt", Fixtures.lines("moved", 40))
                    .write("big.txt", Fixtures.lines("big", 40_000));
            String a = r.commit("a");
            r.write("kept.txt", Fixtures.lines("kept", 40) + "more\n").delete("old.txt")
                    .write("new.txt", Fixtures.lines("moved", 40) + "more\n")
                    .write("big.txt", Fixtures.lines("changed big", 40_000))
                    .write("added.txt", Fixtures.lines("unrelated", 40));
            String range = a + ".." + r.commit("b");
            byte[] whole = r.gitDiff(range);
            RecordingGit git = RecordingGit.create();
            Map<String, String> env = caching(git);
            // path, then diffs with --raw ahead of the text, --raw passes alone, plain diffs
            List<List<Object>> expectedCalls = List.of(List.of("kept.txt", 1, false, 0), List.of("big.txt", 1, false, 0),
                    List.of("new.txt", 1, true, 1), List.of("old.txt", 1, false, 0), List.of("added.txt", 1, false, 0));
            for (List<Object> c : expectedCalls) {
                String path = (String) c.get(0);
                List<List<String>> diffs = diffsOfOneFile(git, env, r, range, whole, path);
                String calls = path + ": " + git.calls();
                assertEquals(c.get(1), (int) diffs.stream().filter(d -> d.contains("--patch")).count(), calls);
                assertEquals(c.get(2), diffs.stream().anyMatch(d -> d.contains("--raw") && !d.contains("--patch")), calls);
                assertEquals(c.get(3), (int) diffs.stream().filter(d -> !d.contains("--raw")).count(), calls);
            }
            assertTrue(sectionsOf(whole, Set.of("big.txt")).length > 1 << 20, "big.txt's section is larger than a pipe");
        }
    }

    /**
     * Once the range's pairs are kept, a wanted folder or either name of a rename (any name, here not ASCII) goes to
     * git with its partners in the first diff: each call is one git diff, and its sections are the whole diff's.
     */
    @Test
    void keptPairsNamePartnersOfAFolderAndOfAnyNameBeforeGitRuns() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String name = "\u00fcn\u00ef c\u00f6d\u00e9.txt";
            r.write("src/" + name, Fixtures.lines("moved away", 40)).write("src/x/a.txt", Fixtures.lines("inside", 40))
                    .write("other.txt", Fixtures.lines("other", 40)).write("kept.txt", Fixtures.lines("kept", 40));
            String a = r.commit("a");
            r.delete("src/" + name).write("lib/" + name, Fixtures.lines("moved away", 40) + "more\n")
                    .delete("src/x/a.txt").write("src/x/b.txt", Fixtures.lines("inside", 40))
                    .delete("other.txt").write("moved/other.txt", Fixtures.lines("other", 40) + "more\n")
                    .write("kept.txt", Fixtures.lines("kept", 40) + "more\n");
            String range = a + ".." + r.commit("b");
            byte[] whole = r.gitDiff(range);
            RecordingGit git = RecordingGit.create();
            Map<String, String> env = caching(git);
            assertArrayEquals(sectionsOf(whole, Set.of("lib/" + name)),
                    PrdiffCli.ok(env, "-C", r.dir().toString(), range, "--file", "lib/" + name).stdout());
            for (String wanted : List.of("src", "src/" + name, "src/x/a.txt", "moved")) {
                assertEquals(1, diffsOfOneFile(git, env, r, range, whole, wanted).size(), wanted + ": " + git.calls());
            }
        }
    }

    /**
     * Past {@code PathLimit.PARTNER_SCAN_LIMIT} bytes of kept pairs, a file's first diff goes out without a scan for
     * partners (which every modified file would pay): a renamed file is then two diffs, the second widened by the
     * judgement, and still git's own section.
     */
    @Test
    void manyKeptPairsAreNotScannedAheadOfTheFirstDiff() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String dir = "a-folder-with-a-long-name-to-fill-the-kept-pairs/";
            for (int i = 0; i < 300; i++) {
                r.write(dir + "file-" + i + ".txt", "file " + i + "\n");
            }
            r.write("edited-old.txt", Fixtures.lines("edited", 40));
            String a = r.commit("a");
            for (int i = 0; i < 300; i++) {
                r.delete(dir + "file-" + i + ".txt").write(dir + "renamed-" + i + ".txt", "file " + i + "\n");
            }
            r.delete("edited-old.txt").write("edited-new.txt", Fixtures.lines("edited", 40) + "more\n");
            String range = a + ".." + r.commit("b");
            byte[] whole = r.gitDiff(range);
            RecordingGit git = RecordingGit.create();
            Map<String, String> env = caching(git);
            for (String wanted : List.of("edited-new.txt", "edited-old.txt")) {
                git.clear();
                assertArrayEquals(sectionsOf(whole, Set.of(wanted)),
                        PrdiffCli.ok(env, "-C", r.dir().toString(), range, "--file", wanted).stdout(), wanted);
            }
            assertEquals(2, git.callsWith("diff", "--no-ext-diff", "--no-color").size(), git.calls().toString());
        }
    }
}
