package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Fixtures;
import support.NeutralGit;
import support.Proc;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.startsWith;
import static support.DiffSections.sections;
import static support.DiffSections.diffOf;

/** prdiff --json: the envelope's counts, change types and per-file sections checked against git's own output. */
@Timeout(300)
@support.Parallel
class JsonEnvelopeCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void fixture() {
        String[] shas = Fixtures.everyShape(repo);
        range = shas[0] + "..." + shas[1];
    }

    static Proc.Result run(String... args) {
        return PrdiffCli.in(repo.dir(), args);
    }

    static JsonNode envelope(Proc.Result r) throws Exception {
        return JSON.readTree(r.stdout());
    }

    @Test
    void summaryTypesAndSectionsEqualGits() throws Exception {
        Proc.Result r = run(range, "--json");
        assertEquals(0, r.exit(), r.stderr());
        JsonNode e = envelope(r);
        assertTrue(e.get("success").asBoolean());
        JsonNode changes = e.at("/data/changes");
        List<byte[]> git = sections(repo.gitDiff(range));
        assertEquals(git.size(), changes.size());
        for (int i = 0; i < git.size(); i++) {
            assertArrayEquals(git.get(i), diffOf(changes.get(i)), changes.get(i).get("path").asText());
            assertFalse(changes.get(i).get("truncated").asBoolean());
        }
        assertSummaryIsGits(e, range);
        String[] status = repo.text(NeutralGit.diff("--name-status", "-z", range)).split("\0");
        int at = 0;
        for (JsonNode c : changes) {
            char letter = status[at].charAt(0);
            at += letter == 'R' || letter == 'C' ? 3 : 2;
            String type = c.get("change_type").asText();
            String expected = switch (letter) {
                case 'A' -> "added";
                case 'D' -> "deleted";
                case 'R' -> "renamed";
                case 'C' -> "copied";
                default -> type.equals("mode-changed") ? "mode-changed" : "modified";
            };
            assertEquals(expected, type, c.get("path").asText());
        }
        assertEquals(status.length, at);
        assertTrue(e.at("/metadata/time").asText().endsWith("Z"));
        assertEquals("three-dot range " + range + " (from the merge base)", e.at("/data/range/how").asText());
        String[] sides = range.split("\\.\\.\\.");
        assertEquals(sides[0], e.at("/data/range/base").asText());
        assertEquals(sides[1], e.at("/data/range/head").asText());
        assertEquals(repo.text("merge-base", sides[0], sides[1]).strip(), e.at("/data/range/merge_base").asText());
        assertEquals(PrdiffCli.run("--version").out().strip(), "prdiff " + e.at("/metadata/tool_version").asText());
    }

    /**
     * --json --max-bytes N prints at most N bytes: a section left out names its call in fetch, and when even the
     * list of changes is too long it is cut at its end, said in a warning, while the summary counts every file.
     */
    @Test
    void budgetBoundsThePrintedEnvelope() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a-big.txt", "x\n".repeat(3000));
            for (int i = 0; i < 200; i++) {
                r.write("small/" + i + ".txt", "old\n");
            }
            String base = r.commit("base");
            r.write("a-big.txt", "y\n".repeat(3000));
            for (int i = 0; i < 200; i++) {
                r.write("small/" + i + ".txt", "new " + i + "\n");
            }
            String both = base + "..." + r.commit("change");
            List<byte[]> git = sections(r.gitDiff(both));
            for (String[] asked : List.of(new String[] {"--top", "5", "--max-bytes", "4000"},
                    new String[] {"--max-bytes", "20000"})) {
                int max = Integer.parseInt(asked[asked.length - 1]);
                List<String> args = new ArrayList<>(List.of(both, "--json"));
                args.addAll(List.of(asked));
                Proc.Result run = PrdiffCli.in(r.dir(), args.toArray(String[]::new));
                assertEquals(0, run.exit(), run.stderr());
                assertTrue(run.stdout().length <= max, max + ": printed " + run.stdout().length);
                JsonNode e = envelope(run);
                JsonNode changes = e.at("/data/changes");
                String warnings = e.get("warnings").toString();
                assertFalse(warnings.contains("table of contents"), "an envelope has none: " + warnings);
                JsonNode big = changes.get(0);
                assertEquals("a-big.txt", big.get("path").asText());
                assertTrue(big.get("truncated").asBoolean() && !big.has("diff"), big.toString());
                assertTrue(big.get("fetch").asText().endsWith(" --file=a-big.txt"), big.toString());
                assertTrue(warnings.contains("each change left out names the call that fetches it"), warnings);
                int whole = 0;
                for (int i = 1; i < changes.size(); i++) {
                    JsonNode c = changes.get(i);
                    if (c.has("diff")) {
                        assertArrayEquals(git.get(i), diffOf(c), c.toString());
                        whole++;
                    } else {
                        assertTrue(c.get("fetch").asText().endsWith(" --file=" + c.get("path").asText()), c.toString());
                    }
                }
                assertTrue(whole > 0, changes.toString());
                int total = asked[0].equals("--top") ? 5 : git.size();
                if (changes.size() < total) {
                    assertTrue(warnings.contains("data.changes lists " + changes.size() + " of its " + total
                            + " files, to keep the answer within max bytes " + max + "; prdiff "), warnings);
                    assertTrue(warnings.contains("--files-only lists them all"), warnings);
                    assertTrue(run.stderr().contains("data.changes lists " + changes.size()), run.stderr());
                } else {
                    assertEquals(5, total, "20000 bytes cannot hold 201 changes");
                }
                assertEquals(201, e.at("/data/summary/files").asInt());
            }
            // The fixed part alone (here its warnings, one per path that matched nothing) is larger: said so.
            List<String> args = new ArrayList<>(List.of(both, "--json", "--max-bytes", "600"));
            for (int i = 0; i < 20; i++) {
                args.addAll(List.of("--file", "nowhere/" + i));
            }
            Proc.Result over = PrdiffCli.in(r.dir(), args.toArray(String[]::new));
            assertTrue(envelope(over).get("warnings").toString().contains("more than max bytes 600, so it is printed"
                    + " whole"), new String(over.stdout(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void pages() throws Exception {
        JsonNode e = envelope(run(range, "--json", "--top", "2", "--skip", "1"));
        List<byte[]> git = sections(repo.gitDiff(range));
        assertEquals(2, e.at("/data/changes").size());
        assertArrayEquals(git.get(1), diffOf(e.at("/data/changes/0")));
        assertArrayEquals(git.get(2), diffOf(e.at("/data/changes/1")));
        assertEquals(git.size(), e.at("/pagination/total").asInt());
        assertEquals(3, e.at("/pagination/next_skip").asInt());
        assertTrue(e.at("/pagination/has_more").asBoolean());
        assertSummaryIsGits(e, range);
    }

    @Test
    void summaryCountsEveryPageOfTheFilteredSelection() throws Exception {
        JsonNode e = envelope(run(range, "--json", "--top", "2", "--skip", "1", "--exclude", "lib/**"));
        assertEquals(2, e.at("/data/changes").size());
        assertSummaryIsGits(e, range, "--", ".", ":(exclude)lib");
        JsonNode unpaged = envelope(run(range, "--json", "--exclude", "lib/**"));
        assertEquals(unpaged.at("/data/summary"), e.at("/data/summary"));
        assertEquals(e.at("/pagination/total").asInt(), e.at("/data/summary/files").asInt());
    }

    /** summary's files, additions and deletions are git's --numstat totals for {@code args}. */
    static void assertSummaryIsGits(JsonNode e, String... args) {
        String[] numstat = repo.text(NeutralGit.diff(concat("--numstat", args))).split("\n");
        long add = 0;
        long del = 0;
        for (String line : numstat) {
            String[] f = line.split("\t");
            add += f[0].equals("-") ? 0 : Long.parseLong(f[0]);
            del += f[1].equals("-") ? 0 : Long.parseLong(f[1]);
        }
        assertEquals(numstat.length, e.at("/data/summary/files").asInt());
        assertEquals(add, e.at("/data/summary/additions").asLong());
        assertEquals(del, e.at("/data/summary/deletions").asLong());
        int types = 0;
        for (JsonNode n : e.at("/data/summary/by_change_type")) {
            types += n.asInt();
        }
        assertEquals(numstat.length, types);
    }

    static String[] concat(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void failureIsAnEnvelope() throws Exception {
        Proc.Result r = run("no-such-ref...HEAD", "--json");
        assertEquals(1, r.exit());
        JsonNode e = envelope(r);
        assertFalse(e.get("success").asBoolean());
        assertFalse(e.at("/errors/0/code").asText().isEmpty());
        assertTrue(r.stderr().contains(e.at("/errors/0/code").asText()), r.stderr());
    }

    @Test
    void nonUtf8NameKeepsItsBytes() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n");
            String base = r.commit("base");
            Proc.Result sh = Proc.run(List.of("sh", "-c", "printf 'one\\n' > \"$(printf 'caf\\350')\""), r.dir(),
                    NeutralGit.env(), Duration.ofSeconds(60));
            assertEquals(0, sh.exit(), sh.describe());
            String head = r.commit("non-UTF-8 name");
            Proc.Result out = PrdiffCli.run("-C", r.dir().toString(), base + ".." + head, "--json");
            assertEquals(0, out.exit(), out.stderr());
            JsonNode c = JSON.readTree(out.stdout()).at("/data/changes/0");
            assertArrayEquals(new byte[] {'c', 'a', 'f', (byte) 0xe8},
                    Base64.getDecoder().decode(c.get("path_bytes_base64").asText()));
            assertArrayEquals(r.gitDiff(base + ".." + head), diffOf(c));
        }
    }
}
