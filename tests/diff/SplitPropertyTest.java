package diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import support.PrdiffCli;
import support.Fixtures;
import support.Proc;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * For many generated histories: splitting a range's diff and joining the sections gives back the diff, each
 * section's counts equal git's numstat, --files-only equals numstat, and --file returns the section's bytes.
 */
class SplitPropertyTest {
    static final int REPOSITORIES = 12;

    @TestFactory
    Stream<DynamicTest> generatedHistories() {
        return IntStream.rangeClosed(1, REPOSITORIES).mapToObj(seed ->
                DynamicTest.dynamicTest("seed " + seed, () -> checkHistory(seed)));
    }

    static void checkHistory(long seed) throws Exception {
        Random rnd = new Random(seed);
        try (TempRepo repo = TempRepo.init()) {
            List<String> commits = new ArrayList<>();
            List<String> files = new ArrayList<>();
            for (int c = 0; c < 5; c++) {
                int ops = 1 + rnd.nextInt(8);
                for (int i = 0; i < ops; i++) {
                    mutate(repo, files, rnd);
                }
                commits.add(repo.commit("commit " + c));
            }
            for (int r = 0; r < 3; r++) {
                String a = commits.get(rnd.nextInt(commits.size()));
                String b = commits.get(rnd.nextInt(commits.size()));
                String range = a + (rnd.nextBoolean() ? "..." : "..") + b;
                checkRange(repo, range, rnd, "seed " + seed + " range " + range);
            }
        }
    }

    static void checkRange(TempRepo repo, String range, Random rnd, String label) throws Exception {
        byte[] diff = repo.gitDiff(range);
        List<FileSection> sections = DiffParser.parseAll(diff);
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        sections.forEach(s -> joined.writeBytes(s.bytes()));
        assertArrayEquals(diff, joined.toByteArray(), label);

        List<String> numstat = numstat(repo, range);
        List<String> fromSections = sections.stream()
                .map(s -> s.path() + " " + (s.binary() ? "- -" : s.additions() + " " + s.deletions())).toList();
        List<String> fromSectionsBinaryRenamesAsNumstat = new ArrayList<>();
        for (int i = 0; i < fromSections.size(); i++) {
            boolean exactRename = sections.get(i).similarity() != null && sections.get(i).similarity() == 100;
            fromSectionsBinaryRenamesAsNumstat.add(exactRename && numstat.get(i).endsWith("- -")
                    ? sections.get(i).path() + " - -" : fromSections.get(i));
        }
        assertEquals(numstat, fromSectionsBinaryRenamesAsNumstat, label);

        Proc.Result json = PrdiffCli.run("-C", repo.dir().toString(), range, "--files-only");
        assertEquals(0, json.exit(), json.stderr());
        List<String> fromCli = new ArrayList<>();
        for (JsonNode f : new ObjectMapper().readTree(json.stdout()).get("files")) {
            fromCli.add(f.get("path").asText() + " " + (f.path("binary").asBoolean(false) ? "- -"
                    : f.get("additions").asLong() + " " + f.get("deletions").asLong()));
        }
        assertEquals(numstat, fromCli, label);

        if (!sections.isEmpty()) {
            FileSection pick = sections.get(rnd.nextInt(sections.size()));
            Proc.Result one = PrdiffCli.run("-C", repo.dir().toString(), range, "--file", pick.path());
            assertEquals(0, one.exit(), one.stderr());
            assertArrayEquals(pick.bytes(), one.stdout(), label + " --file " + pick.path());
        }
    }

    static List<String> numstat(TempRepo repo, String range) {
        String[] z = repo.text("diff", "--numstat", "-z", range).split("\0");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < z.length; i++) {
            if (z[i].isEmpty()) {
                continue;
            }
            String[] c = z[i].split("\t", 3);
            String path = c[2].isEmpty() ? z[i += 2] : c[2];
            out.add(path + " " + c[0] + " " + c[1]);
        }
        return out;
    }

    private static final String[] DIRS = {"", "src/", "a b/", "dir b/x/", "ünï/", "diff --git a/"};

    static void mutate(TempRepo repo, List<String> files, Random rnd) {
        int op = files.isEmpty() ? 0 : rnd.nextInt(7);
        switch (op) {
            case 0 -> {
                String name = name(rnd);
                if (!files.contains(name)) {
                    repo.write(name, content(rnd));
                    files.add(name);
                }
            }
            case 1, 2 -> repo.write(pick(files, rnd), content(rnd));
            case 3 -> repo.delete(files.remove(rnd.nextInt(files.size())));
            case 4 -> {
                String from = files.remove(rnd.nextInt(files.size()));
                String to = name(rnd);
                if (files.contains(to) || to.equals(from)) {
                    files.add(from);
                } else {
                    repo.move(from, to);
                    files.add(to);
                }
            }
            case 5 -> repo.write(pick(files, rnd), Fixtures.binary(rnd.nextInt(100)));
            default -> repo.executable(pick(files, rnd), rnd.nextBoolean());
        }
    }

    static String name(Random rnd) {
        String base = rnd.nextInt(4) == 0 ? Fixtures.HOSTILE_NAMES[rnd.nextInt(Fixtures.HOSTILE_NAMES.length)]
                : "file" + rnd.nextInt(12) + (rnd.nextBoolean() ? ".txt" : " v.md");
        return DIRS[rnd.nextInt(DIRS.length)] + base;
    }

    static String pick(List<String> files, Random rnd) {
        return files.get(rnd.nextInt(files.size()));
    }

    /** Text from a small vocabulary so edits and renames pair up; sometimes CRLF, sometimes no final newline. */
    static byte[] content(Random rnd) {
        StringBuilder sb = new StringBuilder();
        String eol = rnd.nextInt(5) == 0 ? "\r\n" : "\n";
        int lines = rnd.nextInt(30);
        for (int i = 0; i < lines; i++) {
            sb.append("line ").append(rnd.nextInt(8)).append(rnd.nextInt(3) == 0 ? " é" : "").append(eol);
        }
        if (rnd.nextInt(4) == 0) {
            sb.append("no newline at the end");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
