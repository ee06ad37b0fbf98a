package shape;

import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import dev.prdiff.shape.DiffStat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.Fixtures;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * prdiff's own diffstat layout (used for the live pull request diff, whose counts come from GitHub's text) is
 * byte for byte git diff --stat's into a pipe, on ranges with renames ({a => b}/c forms), binaries (sizes from
 * the objects, as git reads them), names longer than the line, huge counts that scale the graph, non-ASCII and
 * quoted names, mode changes and empty files.
 */
@support.Parallel
class DiffStatTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static final List<String> COMMITS = new ArrayList<>();

    static String lines(String prefix, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            s.append(prefix).append(' ').append(i).append('\n');
        }
        return s.toString();
    }

    @BeforeAll
    static void fixture() {
        String longDir = "very/long/directory/name/that/goes/on/and/on/for/quite/a/while/";
        repo.write("a/b/c.txt", lines("c", 20))
                .write("src/main/java/Old.java", lines("old", 40))
                .write("docs/guide.md", lines("guide", 10))
                .write("bin/logo.png", Fixtures.binary(1))
                .write("bin/gone.png", Fixtures.binary(2))
                .write(longDir + "with/a/file/name/that/is/long/too.txt", lines("long", 5))
                .write("caf\u00e9/\u65e5\u672c.txt", lines("unicode", 3))
                .write("tab\there.txt", lines("tab", 2))
                .write("mode.sh", "echo\n")
                .write("small.txt", lines("small", 3));
        COMMITS.add(repo.commit("c0"));
        repo.move("a/b/c.txt", "a/d/c.txt")
                .move("src/main/java/Old.java", "src/test/java/Old.java")
                .move("docs/guide.md", "guide.md")
                .write("bin/logo.png", Fixtures.binary(3))
                .write("bin/new.png", Fixtures.binary(4))
                .delete("bin/gone.png")
                .write("huge.txt", lines("huge", 5000))
                .write(longDir + "with/a/file/name/that/is/long/too.txt", lines("long", 7))
                .write("caf\u00e9/\u65e5\u672c.txt", lines("unicode", 4))
                .write("tab\there.txt", lines("tab", 1))
                .executable("mode.sh", true)
                .write("empty.txt", "")
                .write("small.txt", lines("small", 3).replace("small 2\n", "two\n"));
        COMMITS.add(repo.commit("c1"));
        repo.write("small.txt", lines("small", 4)).write("x.txt", "x\n");
        COMMITS.add(repo.commit("c2"));
        for (int i = 0; i < 5; i++) {
            repo.write(longDir + "deeper/and/deeper/file-number-" + i + "-with-a-long-name.txt", lines("f" + i, i * 300 + 1));
        }
        repo.move("a/d/c.txt", "z/d/c.txt");
        COMMITS.add(repo.commit("c3"));
        repo.write("huge.txt", lines("huge", 5000).replace("huge 7\n", "seven\n")).delete("x.txt");
        COMMITS.add(repo.commit("c4"));
    }

    static long size(String commit, String path) {
        if (path == null) {
            return 0;
        }
        return Long.parseLong(repo.text("cat-file", "-s", commit + ":" + path).strip());
    }

    static String rendered(String from, String to) {
        List<DiffStat.File> files = new ArrayList<>();
        for (FileSection s : DiffParser.parseAll(repo.gitDiff(from + ".." + to))) {
            files.add(new DiffStat.File(s.oldPath(), s.newPath(), s.binary(), s.additions(), s.deletions(),
                    s.binary() ? size(from, s.oldPath()) : null, s.binary() ? size(to, s.newPath()) : null));
        }
        return new String(DiffStat.render(files), StandardCharsets.UTF_8);
    }

    @Test
    void everyRangeIsGitsStatByteForByte() {
        int compared = 0;
        for (String from : COMMITS) {
            for (String to : COMMITS) {
                if (from.equals(to)) {
                    continue;
                }
                String git = new String(repo.gitDiff("--stat=80", from + ".." + to), StandardCharsets.UTF_8);
                assertEquals(git, rendered(from, to), from + ".." + to);
                compared++;
            }
        }
        assertEquals(20, compared);
    }

    @Test
    void renamesPrintTheirCommonPartsOnce() {
        String git = new String(repo.gitDiff("--stat=80", COMMITS.get(0) + ".." + COMMITS.get(1)),
                StandardCharsets.UTF_8);
        for (String form : List.of("a/{b => d}/c.txt", "src/{main => test}/java/Old.java", "docs/guide.md => guide.md",
                "Bin 600 -> 600 bytes", "...", "\"caf\\303\\251/")) {
            assertEquals(true, git.contains(form), form + " in\n" + git);
        }
    }
}
