package git;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.DiffSections;
import support.RenamePairsDisk;
import support.Fixtures;
import support.Proc;
import support.RecordingGit;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --file of an added or deleted file proves its rename pairing from blob ids where git pairs identical blobs
 * (no similarity pass); every answer must still be that file's sections of git's whole diff.
 */
@support.Parallel
class ExactRenamesTest {
    static void sameAsWholeDiff(TempRepo r, String range, Set<String> paths) throws Exception {
        byte[] expected = DiffSections.sectionsOf(r.gitDiff(range), paths);
        assertTrue(expected.length > 0, paths.toString());
        assertArrayEquals(expected, DiffSections.prdiffOk(r, range, "--file", String.join(",", paths)).stdout(), paths.toString());
    }

    static void everyFileAlone(TempRepo r, String range) throws Exception {
        for (String path : DiffSections.changedPaths(r, range)) {
            sameAsWholeDiff(r, range, Set.of(path));
        }
    }

    @Test
    void anExactRenameWithOneCandidateAndAnInexactOneBesideIt() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a/moved.txt", Fixtures.lines("moved", 30)).write("edited.txt", Fixtures.lines("edited", 30))
                    .write("gone.txt", Fixtures.lines("gone", 30)).write("kept.txt", "kept\n");
            String a = r.commit("a");
            r.delete("a/moved.txt").write("b/moved-here.txt", Fixtures.lines("moved", 30))
                    .delete("edited.txt").write("edited-moved.txt", Fixtures.lines("edited", 30) + "one more\n")
                    .delete("gone.txt").write("fresh.txt", "nothing alike\n").write("kept.txt", "kept, changed\n");
            String b = r.commit("b");
            everyFileAlone(r, a + ".." + b);
            sameAsWholeDiff(r, a + ".." + b, new LinkedHashSet<>(List.of("b/moved-here.txt", "fresh.txt")));
        }
    }

    @Test
    void severalIdenticalBlobsArePairedAsGitPairsThem() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            String same = Fixtures.lines("same", 30);
            r.write("x/one.txt", same).write("y/two.txt", same).write("z/solo.txt", Fixtures.lines("solo", 30));
            String a = r.commit("a");
            r.delete("x/one.txt").delete("y/two.txt").write("w/two.txt", same)
                    .delete("z/solo.txt").write("q/solo-a.txt", Fixtures.lines("solo", 30))
                    .write("q/solo-b.txt", Fixtures.lines("solo", 30));
            String b = r.commit("b");
            everyFileAlone(r, a + ".." + b);
        }
    }

    @Test
    void anAddedFileWithoutDeletionsAndADeletedOneWithoutAdditions() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("old.txt", Fixtures.lines("old", 30)).write("mod.txt", "1\n");
            String a = r.commit("a");
            r.write("new.txt", Fixtures.lines("old", 30)).write("mod.txt", "2\n");
            String b = r.commit("b");
            r.delete("old.txt").write("mod.txt", "3\n");
            String c = r.commit("c");
            everyFileAlone(r, a + ".." + b);
            everyFileAlone(r, b + ".." + c);
            everyFileAlone(r, a + ".." + c);
        }
    }

    /**
     * Neither is proven from blob ids. The empty file runs the whole range's rename pass (a --raw diff with renames
     * on and no pathspec): --raw abbreviates the empty blob's id, which must still be recognised.
     */
    @Test
    void anEmptyFileAndAModeChangeAreLeftToTheWholePass() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("empty.txt", "").write("run.sh", Fixtures.lines("script", 20));
            String a = r.commit("a");
            r.delete("empty.txt").write("empty-moved.txt", "").delete("run.sh").write("bin/run.sh", Fixtures.lines("script", 20));
            Files.setPosixFilePermissions(r.dir().resolve("bin/run.sh"),
                    java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            String b = r.commit("b");
            // First, before this process keeps the range's pairs: the empty file needs the whole pass.
            RecordingGit git = RecordingGit.create();
            byte[] expected = DiffSections.sectionsOf(r.gitDiff(a + ".." + b), Set.of("empty-moved.txt"));
            assertArrayEquals(expected, PrdiffCli.ok(git.env(), "-C", r.dir().toString(), a + ".." + b,
                    "--file", "empty-moved.txt").stdout());
            assertEquals(1, RenamePairsDisk.wholeRenamePasses(git), git.calls().toString());
            everyFileAlone(r, a + ".." + b);
        }
    }

    /**
     * The exact proof reads no file contents: with the blob of an unrelated inexact rename target gone, the whole
     * diff fails while the exactly renamed file is still served, through the CLI and MCP get_diff alike.
     */
    @Test
    void anExactRenameNeedsNoSimilarityPass() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a/moved.txt", Fixtures.lines("moved", 30)).write("edited.txt", Fixtures.lines("edited", 30));
            String a = r.commit("a");
            r.delete("a/moved.txt").write("b/moved-here.txt", Fixtures.lines("moved", 30))
                    .delete("edited.txt").write("edited-moved.txt", Fixtures.lines("edited", 30) + "one more\n");
            String b = r.commit("b");
            Set<String> wanted = Set.of("b/moved-here.txt");
            byte[] expected = DiffSections.sectionsOf(r.gitDiff(a + ".." + b), wanted);
            assertTrue(new String(expected, StandardCharsets.UTF_8).contains("rename from a/moved.txt"));
            String lost = r.text("rev-parse", b + ":edited-moved.txt").trim();
            Files.delete(r.dir().resolve(".git/objects/" + lost.substring(0, 2) + "/" + lost.substring(2)));
            Proc.Result whole = PrdiffCli.run("-C", r.dir().toString(), a + ".." + b);
            assertEquals(1, whole.exit(), "the whole diff needs the lost blob, or this test proves nothing");
            assertArrayEquals(expected, DiffSections.prdiffOk(r, a + ".." + b, "--file", "b/moved-here.txt").stdout());
            McpSession s = McpSession.initialized(r.dir());
            try {
                JsonNode result = s.callResult("get_diff", McpCalls.args("base", a, "head", b, "path", "b/moved-here.txt"));
                assertEquals(new String(expected, StandardCharsets.UTF_8), McpCalls.text(result));
            } finally {
                assertEquals(List.of(), s.finish(McpSession.WAIT));
            }
        }
    }
}
