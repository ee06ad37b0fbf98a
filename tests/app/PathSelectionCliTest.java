package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.Proc;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --file and the paths after -- forgive what git's pathspecs forgive (relative to the folder, ./, directories,
 * spaces after commas); what matches nothing is a warning with suggestions, or with --strict an error. Every
 * expected diff is git's own for the same pathspec, run in the same folder.
 */
@support.Parallel
class PathSelectionCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        repo.write("go.mod", "module x\n").write("a.txt", "a\n").write("b.txt", "b\n").write("x,y.txt", "xy\n")
                .write("pkg/cmd/pr/create/create.go", "package create\n")
                .write("pkg/cmd/pr/create/http.go", "package create\n")
                .write("pkg/cmd/pr/list/list.go", "package list\n")
                .write("pkg/cmdline.go", "package pkg\n")
                .write("old/moved.txt", "one\ntwo\nthree\nfour\nfive\n");
        String base = repo.commit("base");
        repo.checkout("-b", "feature");
        repo.write("go.mod", "module x\ngo 1.22\n").write("a.txt", "a2\n").write("b.txt", "b2\n").write("x,y.txt", "xy2\n")
                .write("pkg/cmd/pr/create/create.go", "package create\n// new\n")
                .write("pkg/cmd/pr/create/http.go", "package create\n// http\n")
                .write("pkg/cmd/pr/list/list.go", "package list\n// list\n")
                .write("pkg/cmdline.go", "package pkg\n// line\n")
                .move("old/moved.txt", "pkg/cmd/pr/create/moved.txt");
        repo.commit("feature");
        range = base + "...feature";
    }

    static Proc.Result run(String dir, String... args) {
        List<String> all = new ArrayList<>(List.of("-C", repo.dir().resolve(dir).toString()));
        all.addAll(List.of(args));
        return PrdiffCli.run(all.toArray(String[]::new));
    }

    static Proc.Result ok(String dir, String... args) {
        Proc.Result r = run(dir, args);
        assertEquals(0, r.exit(), r.stderr());
        return r;
    }

    /** git diff RANGE -- PATHS, run in the given folder of the work tree. */
    static byte[] git(String dir, String... paths) {
        List<String> args = new ArrayList<>(List.of("-C", dir));
        args.addAll(List.of(support.NeutralGit.diff(range, "--")));
        args.addAll(List.of(paths));
        return repo.git(args.toArray(String[]::new));
    }

    @Test
    void pathsAreRelativeToTheFolderAsInGit() {
        byte[] expected = git("pkg/cmd/pr", "create/create.go");
        assertTrue(expected.length > 0);
        assertArrayEquals(expected, ok("pkg/cmd/pr", range, "--file", "create/create.go").stdout());
        assertArrayEquals(git("pkg/cmd/pr", "../../../go.mod"), ok("pkg/cmd/pr", range, "--file", "../../../go.mod").stdout());
        assertArrayEquals(git("pkg/cmd/pr", ":/go.mod"), ok("pkg/cmd/pr", range, "--file", ":/go.mod").stdout());
        assertArrayEquals(git(".", "go.mod"),
                ok("pkg/cmd/pr", range, "--file", repo.dir().resolve("go.mod").toString()).stdout());
    }

    @Test
    void aLeadingDotSlashIsTheSamePath() {
        assertArrayEquals(git(".", "go.mod"), ok(".", range, "--file", "./go.mod").stdout());
        assertArrayEquals(git("pkg", "./cmd/pr/list/list.go"), ok("pkg", range, "--file", "./cmd/pr/list/list.go").stdout());
    }

    @Test
    void aDirectorySelectsEveryChangedFileBelowItAndNoSiblingPrefix() {
        byte[] expected = git(".", "pkg/cmd/pr/create", "old/moved.txt");
        Proc.Result r = ok(".", range, "--file", "pkg/cmd/pr/create");
        assertArrayEquals(expected, r.stdout());
        assertTrue(r.out().contains("rename from old/moved.txt"), r.out());
        assertArrayEquals(expected, ok(".", range, "--file", "pkg/cmd/pr/create/").stdout());
        assertArrayEquals(git(".", "pkg/cmd", "old/moved.txt"), ok(".", range, "--file", "pkg/cmd").stdout());
        assertFalse(ok(".", range, "--file", "pkg/cmd").out().contains("cmdline.go"));
    }

    @Test
    void theFileListOfADirectoryIsGitsNameList() throws Exception {
        JsonNode files = new ObjectMapper().readTree(ok("pkg", range, "--files-only", "--file", "cmd/pr").stdout())
                .get("files");
        List<String> paths = new ArrayList<>();
        files.forEach(f -> paths.add(f.get("path").asText()));
        String names = repo.text("-C", "pkg", "diff", "-M", "--name-only", range, "--", "cmd/pr");
        assertEquals(List.of(names.strip().split("\n")), paths);
    }

    @Test
    void pathsAfterDoubleDashAreGitsForm() {
        assertArrayEquals(git(".", "go.mod", "a.txt"), ok(".", range, "--", "go.mod", "a.txt").stdout());
        assertArrayEquals(git("pkg", "cmd/pr/list"), ok("pkg", range, "--", "cmd/pr/list").stdout());
        Proc.Result two = run(".", range, "go.mod");
        assertEquals(2, two.exit());
        assertTrue(two.stderr().contains("-- go.mod"), two.stderr());
    }

    @Test
    void spacesAfterCommasAreTrimmedAndACommaInANameStillSelects() {
        assertArrayEquals(git(".", "a.txt", "b.txt"), ok(".", range, "--file", "a.txt, b.txt").stdout());
        Proc.Result comma = ok(".", range, "--file", "x,y.txt");
        assertArrayEquals(git(".", "x,y.txt"), comma.stdout());
        assertEquals("", comma.stderr().replaceAll("(?m)^prdiff: range .*\n", ""), "the whole value matched: no warning");
    }

    @Test
    void aPathThatMatchesNothingWarnsWithTheClosestChangedPaths() {
        Proc.Result typo = ok(".", range, "--file", "go.mdo");
        assertEquals(0, typo.stdout().length);
        assertTrue(typo.stderr().contains("prdiff: warning: no changed file matches 'go.mdo'; did you mean go.mod?"),
                typo.stderr());
        Proc.Result basename = ok(".", range, "--file", "create.go,a.txt");
        assertArrayEquals(git(".", "a.txt"), basename.stdout());
        assertTrue(basename.stderr().contains("'create.go'; did you mean pkg/cmd/pr/create/create.go?"), basename.stderr());
        assertFalse(basename.stderr().contains("'a.txt'"), basename.stderr());
        Proc.Result relative = ok("pkg", range, "--file", "pkg/cmdline.go");
        assertTrue(relative.stderr().contains("'pkg/cmdline.go' (pkg/pkg/cmdline.go from pkg/); did you mean pkg/cmdline.go?"),
                relative.stderr());
    }

    @Test
    void strictMakesAPathThatMatchesNothingAnError() {
        Proc.Result r = run(".", range, "--strict", "--file", "go.mod,nope.txt");
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("prdiff: error [NO_MATCH]: no changed file matches 'nope.txt'"), r.stderr());
        assertEquals(0, run(".", range, "--strict", "--file", "go.mod").exit());
        assertEquals(1, run(".", range, "--strict", "--files-only", "--", "nope.txt").exit());
    }

    @Test
    void mcpPathsForgiveDotSlashCommaSpacesAndDirectoriesAndWarnInNotices() throws Exception {
        McpSession s = McpSession.initialized(repo.dir());
        try {
            JsonNode result = s.callResult("get_diff", McpCalls.args("base", range.split("\\.\\.\\.")[0],
                    "head", "feature", "path", "./go.mod, pkg/cmd/pr/list, nope.go"));
            String[] parts = McpCalls.guidanceApart(McpCalls.text(result));
            assertEquals(new String(git(".", "go.mod", "pkg/cmd/pr/list"), java.nio.charset.StandardCharsets.UTF_8),
                    parts[0]);
            // The path that matched nothing is said in the text too, where the model reads it.
            assertTrue(parts[1].startsWith("# prdiff: no changed file matches 'nope.go'"), parts[1]);
            assertTrue(McpCalls.notices(result).stream().anyMatch(n -> n.startsWith("warning: no changed file matches 'nope.go'")),
                    result.toString());
        } finally {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }
}
