package app;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.McpCalls;
import support.DiffSections;
import support.Proc;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static support.DiffSections.trimmed;

/**
 * --skip-generated (MCP skip_generated) honours linguist-generated in the .gitattributes files of the head commit,
 * as git's check-attr reads them in a clean clone: set or =true marks a file, -linguist-generated or =false
 * unmarks one its name would mark. The working tree's .gitattributes, info/attributes and core.attributesFile
 * play no part.
 */
@Timeout(120)
@support.Parallel
class GeneratedAttributesTest {
    static final List<String> CHANGED = List.of("plain.txt", "gen/a.txt", "gen/deep/b.txt", "package-lock.json",
            "yarn.lock", "sub/x.out", "sub/deep/y.out", "sub/keep.out", "docs/api.md", "notgen/c.txt");
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;
    /** What git's check-attr and the name rule say, read before the repository is given contrary settings. */
    static Set<String> expected;

    @BeforeAll
    static void fixture() throws Exception {
        repo.write("README", "root\n").commit("root");
        for (String path : CHANGED) {
            repo.write(path, "one\n");
        }
        String base = repo.commit("base");
        repo.write(".gitattributes", "gen/** linguist-generated\npackage-lock.json -linguist-generated\n"
                        + "*.md binary\ndocs/*.md linguist-generated=true\n")
                .write("sub/.gitattributes", "*.out linguist-generated=true\nkeep.out linguist-generated=false\n")
                .write("notgen/.gitattributes", "c.txt !linguist-generated\n");
        for (String path : CHANGED) {
            repo.write(path, "one\ntwo\n");
        }
        range = base + "..." + repo.commit("head");
        expected = new TreeSet<>();
        for (String path : CHANGED) {
            String value = repo.text("-c", "core.attributesFile=/dev/null", "check-attr", "linguist-generated",
                    "--", path).strip();
            boolean byName = path.equals("yarn.lock") || path.equals("package-lock.json");
            if (value.endsWith(": set") || value.endsWith(": true") || (byName && !value.endsWith(": unset"))) {
                expected.add(path);
            }
        }
        assertEquals(new TreeSet<>(List.of("gen/a.txt", "gen/deep/b.txt", "yarn.lock", "sub/x.out", "sub/deep/y.out",
                "docs/api.md")), expected, "git's own reading of the fixture");
        // Settings of this clone and user that say otherwise; a hermetic answer ignores every one of them.
        repo.write(".gitattributes", "* linguist-generated\n");
        repo.write("sub/.gitattributes", "* -linguist-generated\n");
        Files.writeString(repo.dir().resolve(".git/info/attributes"), "plain.txt linguist-generated\n"
                + "gen/** -linguist-generated\n");
        Files.writeString(repo.dir().resolve("user-attributes"), "notgen/** linguist-generated\n");
        repo.text("config", "core.attributesFile", repo.dir().resolve("user-attributes").toString());
    }

    @Test
    void theHeadCommitsAttributesDecideAsGitReadsThem() {
        Proc.Result r = PrdiffCli.ok(repo.dir(), range, "--skip-generated");
        assertEquals(expected, trimmed(r.out()), r.out());
        assertEquals(new String(repo.gitDiff(range), StandardCharsets.UTF_8), PrdiffCli.ok(repo.dir(), range).out());
    }

    @Test
    void theMarkersCallReturnsGitsSection() {
        String out = PrdiffCli.ok(repo.dir(), range, "--skip-generated").out();
        String git = new String(repo.gitDiff(range, "--", "sub/deep/y.out"), StandardCharsets.UTF_8);
        String header = git.substring(0, git.indexOf("@@ "));
        String after = out.substring(out.indexOf(header) + header.length());
        String marker = after.substring(0, after.indexOf('\n'));
        String call = marker.substring(marker.indexOf("to see them: ") + "to see them: ".length());
        List<String> words = DiffSections.shellWords(call);
        assertEquals(git, PrdiffCli.run(words.subList(1, words.size()).toArray(String[]::new)).out(), call);
    }

    @Test
    void aTreeWithoutAttributesGoesByName() {
        // The base commit adds the files and has no .gitattributes, so only names count.
        String base = range.substring(0, range.indexOf("..."));
        Proc.Result r = PrdiffCli.ok(repo.dir(), "--commit", base, "--skip-generated");
        assertEquals(new TreeSet<>(List.of("package-lock.json", "yarn.lock")), trimmed(r.out()), r.out());
    }

    @Test
    void mcpSkipsWhatTheAttributesMarkByDefault() {
        McpSession s = McpSession.initialized(repo.dir());
        try {
            String[] shas = range.split("\\.\\.\\.");
            JsonNode result = s.callResult("get_diff", McpCalls.args("base", shas[0], "head", shas[1]));
            assertEquals(expected, trimmed(McpCalls.text(result)), result.toString());
        } finally {
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }
}
