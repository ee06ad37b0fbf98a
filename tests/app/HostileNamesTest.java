package app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.Json;
import dev.prdiff.core.PathBytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import support.McpSession;
import support.GrepRule;
import support.PrdiffCli;
import support.McpCalls;
import support.Locales;
import support.NeutralGit;
import support.Proc;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hostile-name matrix: one repository whose base and feature commits hold names with spaces, tabs, newlines,
 * quotes, backslashes, leading dashes, glob and pathspec-magic characters, diff-header look-alikes, NFC/NFD twins,
 * non-UTF-8 bytes, a 4096-byte path, case-only twins, a submodule, symlink/file swaps and RTL/zero-width
 * characters. The trees are built with git plumbing (no work tree, so the path length is git's, not the file
 * system's), and every answer of the CLI and the MCP tools is compared with what git prints for the same commits.
 */
@Timeout(300)
@support.Parallel
class HostileNamesTest {
    static final String BLOB = "100644";
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;

    /** Names changed in place on the feature branch (each selected alone by --file). */
    static final List<byte[]> MODIFIED = new ArrayList<>();

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static String longPath() {
        // 4096 bytes in components of at most 255 bytes: 16 folders of 250 bytes plus '/', then the rest.
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            p.append(String.valueOf((char) ('a' + i)).repeat(250)).append('/');
        }
        p.append("f".repeat(4096 - p.length()));
        return p.toString();
    }

    static {
        for (String n : List.of("with space.txt", "with\ttab.txt", "with\nnewline.txt", "with \"double\" quotes",
                "back\\slash", "-leading-dash", "--double-dash", "star*", "question?", "[bracket", "bracket]",
                "[ab]", "colon:name", ":(glob)x", ":(literal)y", ":!exclude", "has b/inside a b/c",
                "diff --git a/x b/y", "caf\u00e9", "cafe\u0301", "README", "readme", "rtl\u202ename\u202c.txt",
                "zero\u200bwidth", "trailing space ", "new\nline b/z",
                // Every escape git's C quoting has (\a \b \f \v \r), and control bytes it writes in octal.
                "carriage\rreturn", "bell\u0007", "back\bspace", "form\ffeed", "vertical\u000btab", "escape\u001b[31m",
                "delete\u007f",
                // Decoys a glob or a pathspec magic word would also catch: each name must select only itself.
                "star-decoy", "question!", "b", "x", "y")) {
            MODIFIED.add(utf8(n));
        }
        MODIFIED.add(latin1("caf\u00e8"));
        MODIFIED.add(latin1("caf\u00e9"));
        MODIFIED.add(utf8(longPath()));
    }

    record Entry(String mode, byte[] content, byte[] name) {}

    @BeforeAll
    static void fixture() {
        repo.write("seed.txt", "seed\n");
        String sub = repo.commit("a commit a submodule can point at");
        String sub2 = repo.commit("another");
        List<Entry> b = new ArrayList<>();
        List<Entry> f = new ArrayList<>();
        for (byte[] n : MODIFIED) {
            String s = new String(n, StandardCharsets.ISO_8859_1);
            b.add(new Entry(BLOB, latin1("one\ntwo " + s + "\nthree\nfour\nfive\n"), n));
            f.add(new Entry(BLOB, latin1("one\ntwo " + s + "\nTHREE\nfour\nfive\nsix\n"), n));
        }
        String renamed = "rename me\nplease\nkeep\nthese\nlines\nthe\nsame\n";
        b.add(new Entry(BLOB, utf8(renamed), utf8("from \"a\"\tb")));
        f.add(new Entry(BLOB, utf8(renamed), utf8("-to\\ [x] b/y")));
        b.add(new Entry(BLOB, utf8("gone\n"), utf8("deleted\nname*")));
        f.add(new Entry(BLOB, utf8("new\n"), utf8("added -- :(literal)z")));
        b.add(new Entry("120000", utf8("target"), utf8("link then file")));
        f.add(new Entry(BLOB, utf8("now a file\n"), utf8("link then file")));
        b.add(new Entry(BLOB, utf8("a file\n"), utf8("file then link")));
        f.add(new Entry("120000", utf8("somewhere else"), utf8("file then link")));
        b.add(new Entry("160000", utf8(sub), utf8("sub module")));
        f.add(new Entry("160000", utf8(sub2), utf8("sub module")));
        f.add(new Entry("160000", utf8(sub), utf8("added sub\tmodule")));
        String root = repo.commit("empty tree parent");
        base = commitTree(b, root, "base");
        head = commitTree(f, base, "feature");
        repo.git("update-ref", "refs/heads/main", base);
        repo.git("update-ref", "refs/heads/feat", head);
    }

    static String commitTree(List<Entry> entries, String parent, String message) {
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        for (Entry e : entries) {
            String sha = e.mode.equals("160000") ? new String(e.content, StandardCharsets.UTF_8)
                    : new String(run(e.content, "hash-object", "-w", "--stdin"), StandardCharsets.UTF_8).strip();
            info.writeBytes(utf8(e.mode + " " + sha + "\t"));
            info.writeBytes(e.name);
            info.write(0);
        }
        Map<String, String> env = env();
        Path index = repo.dir().resolve(".git/hostile-index");
        env.put("GIT_INDEX_FILE", index.toString());
        runIn(env, new byte[0], "read-tree", "--empty");
        runIn(env, info.toByteArray(), "update-index", "-z", "--index-info");
        String tree = new String(runIn(env, new byte[0], "write-tree"), StandardCharsets.UTF_8).strip();
        return new String(run(new byte[0], "commit-tree", tree, "-p", parent, "-m", message),
                StandardCharsets.UTF_8).strip();
    }

    static Map<String, String> env() {
        Map<String, String> env = NeutralGit.env();
        env.putAll(Map.of("GIT_AUTHOR_NAME", "A", "GIT_AUTHOR_EMAIL", "a@example.com", "GIT_COMMITTER_NAME", "C",
                "GIT_COMMITTER_EMAIL", "c@example.com", "GIT_AUTHOR_DATE", "1700000000 +0000",
                "GIT_COMMITTER_DATE", "1700000000 +0000"));
        return env;
    }

    static byte[] run(byte[] stdin, String... args) {
        return runIn(env(), stdin, args);
    }

    static byte[] runIn(Map<String, String> env, byte[] stdin, String... args) {
        Proc.Result r = Proc.attempt(NeutralGit.argv(args), repo.dir(), env, stdin, Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    /** A shell word giving the name's exact bytes (printf octal escapes; the x keeps a trailing newline). */
    static String shellWord(byte[] name, String prefix) {
        StringBuilder oct = new StringBuilder();
        for (byte x : name) {
            oct.append(String.format("\\%03o", x & 0xFF));
        }
        return "\"$(printf '" + prefix + oct + "x')\"";
    }

    /** git's own diff of the range limited to the given names, each as a literal pathspec. */
    static byte[] gitDiffOf(byte[]... names) {
        StringBuilder script = new StringBuilder("set --");
        for (byte[] n : names) {
            script.append(' ').append(shellWord(n, ":(literal)"));
        }
        script.append("; for a; do set -- \"$@\" \"${a%x}\"; shift; done; exec git ")
                .append(String.join(" ", NeutralGit.DIFF_SETTINGS))
                .append(" diff --no-color --no-ext-diff --no-textconv main...feat -- \"$@\"");
        Proc.Result r = Proc.run(List.of("sh", "-c", script.toString()), repo.dir(), NeutralGit.env(),
                Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.describe());
        return r.stdout();
    }

    /** The argument a caller gives for a name: itself, or git's C-quoted form when it is not UTF-8. */
    static String argument(byte[] name) {
        return PathBytes.shown(PathBytes.decode(name));
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(repo.dir(), args);
    }

    static JsonNode json(byte[] bytes) {
        try {
            return Json.MAPPER.readTree(bytes);
        } catch (Exception e) {
            throw new AssertionError(new String(bytes, StandardCharsets.UTF_8), e);
        }
    }

    static Stream<byte[]> modified() {
        return MODIFIED.stream();
    }

    static String label(byte[] name) {
        return PathBytes.quoted(PathBytes.decode(name));
    }

    @Test
    void theWholeDiffIsGits() {
        byte[] git = repo.gitDiff("main...feat");
        assertTrue(git.length > 0);
        assertArrayEquals(git, ok("main...feat").stdout());
        assertArrayEquals(git, ok(base + "..." + head).stdout());
    }

    /** Each NUL-separated field of numstat -z: "A\tD\tPATH" or, for a rename, "A\tD\t", OLD, NEW. */
    record Numstat(String added, String deleted, byte[] path, byte[] previous) {}

    static List<Numstat> numstat() {
        byte[] z = repo.git(NeutralGit.diff("--numstat", "-z", "main...feat"));
        List<byte[]> fields = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < z.length; i++) {
            if (z[i] == 0) {
                fields.add(java.util.Arrays.copyOfRange(z, start, i));
                start = i + 1;
            }
        }
        List<Numstat> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            byte[] f = fields.get(i);
            String head = new String(f, StandardCharsets.ISO_8859_1);
            String[] counts = head.split("\t", 3);
            if (counts[2].isEmpty()) {
                out.add(new Numstat(counts[0], counts[1], fields.get(i + 2), fields.get(i + 1)));
                i += 2;
            } else {
                out.add(new Numstat(counts[0], counts[1], latin1(counts[2]), null));
            }
        }
        return out;
    }

    static byte[] nameOf(JsonNode entry, String field) {
        JsonNode bytes = entry.get(field + "_bytes_base64");
        return bytes != null && !bytes.isNull() ? Base64.getDecoder().decode(bytes.asText())
                : utf8(entry.get(field).asText());
    }

    static void assertListedLikeGit(JsonNode list) {
        List<Numstat> git = numstat();
        JsonNode files = list.get("files");
        assertEquals(git.size(), files.size(), list.toString());
        Map<String, Numstat> byName = new HashMap<>();
        for (Numstat n : git) {
            byName.put(new String(n.path, StandardCharsets.ISO_8859_1), n);
        }
        for (JsonNode e : files) {
            byte[] path = nameOf(e, "path");
            Numstat n = byName.remove(new String(path, StandardCharsets.ISO_8859_1));
            assertTrue(n != null, "not in git's numstat: " + e);
            if (!n.added.equals("-")) {
                assertEquals(n.added, e.get("additions").asText(), e.toString());
                assertEquals(n.deleted, e.get("deletions").asText(), e.toString());
            }
            if (n.previous != null) {
                assertArrayEquals(n.previous, nameOf(e, "previous_path"), e.toString());
            }
            // The shown path is the name, or git's C-quoted form when it is not UTF-8.
            assertEquals(argument(path), e.get("path").asText());
        }
        assertEquals(Map.of(), byName);
    }

    @Test
    void filesOnlyIsGitsNumstat() {
        assertListedLikeGit(json(ok("main...feat", "--files-only").stdout()));
    }

    /**
     * git's C-quoted names (--name-only without -z) are prdiff's quoted forms, entry for entry, and each quoted form
     * given to --file selects exactly that file.
     */
    @Test
    void gitsQuotedFormsAreOursAndSelectTheirFile() {
        String[] quoted = new String(repo.git(NeutralGit.diff("--name-only", "main...feat")), StandardCharsets.UTF_8)
                .split("\n");
        JsonNode files = json(ok("main...feat", "--files-only").stdout()).get("files");
        assertEquals(quoted.length, files.size());
        int selected = 0;
        for (int i = 0; i < quoted.length; i++) {
            byte[] name = nameOf(files.get(i), "path");
            assertEquals(quoted[i], label(name));
            if (quoted[i].startsWith("\"") && MODIFIED.stream().anyMatch(n -> java.util.Arrays.equals(n, name))) {
                assertArrayEquals(gitDiffOf(name), ok("main...feat", "--file", quoted[i]).stdout(), quoted[i]);
                selected++;
            }
        }
        assertTrue(selected >= 12, selected + " quoted names");
    }

    @ParameterizedTest
    @MethodSource("modified")
    void fileSelectsExactlyThatName(byte[] name) {
        byte[] git = gitDiffOf(name);
        assertTrue(git.length > 0, label(name));
        String arg = argument(name);
        assertArrayEquals(git, ok("main...feat", "--file", arg).stdout(), label(name));
        assertArrayEquals(git, ok("main...feat", "--file=" + arg).stdout(), label(name));
        JsonNode one = json(ok("main...feat", "--files-only", "--file", arg).stdout()).get("files");
        assertEquals(1, one.size(), label(name) + " " + one);
        assertArrayEquals(name, nameOf(one.get(0), "path"));
    }

    @Test
    void renamesSelectByEitherNameAndOtherShapesByTheirs() {
        byte[] from = utf8("from \"a\"\tb");
        byte[] to = utf8("-to\\ [x] b/y");
        byte[] renamed = gitDiffOf(from, to);
        assertTrue(new String(renamed, StandardCharsets.UTF_8).contains("rename from"), new String(renamed));
        assertArrayEquals(renamed, ok("main...feat", "--file", "from \"a\"\tb").stdout());
        assertArrayEquals(renamed, ok("main...feat", "--file", "-to\\ [x] b/y").stdout());
        for (String n : List.of("deleted\nname*", "added -- :(literal)z", "link then file", "file then link",
                "sub module", "added sub\tmodule")) {
            byte[] git = gitDiffOf(utf8(n));
            assertTrue(git.length > 0, n);
            assertArrayEquals(git, ok("main...feat", "--file", n).stdout(), n);
        }
    }

    @Test
    void mcpListsAndSelectsLikeGit() {
        try (McpSession s = McpSession.initialized(repo.dir())) {
            JsonNode result = s.callResult("get_changed_files", McpCalls.args("base", "main", "head", "feat"));
            assertFalse(result.path("isError").asBoolean(false), result.toString());
            assertListedLikeGit(McpCalls.fileList(result));
            for (byte[] name : MODIFIED) {
                String expected = new String(gitDiffOf(name), StandardCharsets.UTF_8);
                assertEquals(expected, McpCalls.ok(s, "get_diff", McpCalls.args("base", "main", "head", "feat",
                        "path", argument(name))), label(name));
            }
            assertEquals(List.of(), s.finish(McpSession.WAIT));
        }
    }

    @Test
    void showAndGrepReadEachUtf8NameAsGitDoes() {
        for (byte[] name : MODIFIED) {
            String arg = argument(name);
            if (!PathBytes.isUtf8(PathBytes.decode(name))) {
                continue;
            }
            // "--": without it git stats the 4096-byte name in the work tree to rule out a file argument.
            assertArrayEquals(repo.git("show", head + ":" + arg, "--"), ok("show", head + ":" + arg).stdout(), label(name));
            Proc.Result git = repo.run("grep", "-n", "THREE", head, "--", arg);
            Proc.Result ours = PrdiffCli.in(repo.dir(), "grep", "THREE", "--sha", head, "--", arg);
            assertEquals(git.exit(), ours.exit(), label(name) + " " + ours.stderr());
            assertArrayEquals(GrepRule.withoutRev(git.stdout(), head), ours.stdout(), label(name));
        }
    }

    @Test
    void aWholeProcessInTheCLocaleSelectsLikeGit() {
        for (String n : List.of("rtl\u202ename\u202c.txt", "with\nnewline.txt", "caf\u00e9", "-leading-dash")) {
            Proc.Result r = PrdiffCli.spawn(Locales.cLocale(), repo.dir(), "main...feat", "--file", n);
            assertEquals(0, r.exit(), r.stderr());
            assertArrayEquals(gitDiffOf(utf8(n)), r.stdout(), n);
        }
    }
}
