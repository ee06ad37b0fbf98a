package project;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import support.OpenApiDocument;
import support.RepoRoot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counts and names the docs give are true: packages, tools and their arguments, test classes and methods,
 * the skip table, and the links between the pages.
 */
@support.Parallel
class DocsTest {
    static final Path ROOT = RepoRoot.find();

    static String read(String path) throws IOException {
        return Files.readString(ROOT.resolve(path));
    }

    /** README.md and every page under docs/, as paths from the top of the repository. */
    static List<String> pages() throws IOException {
        List<String> pages = new ArrayList<>(List.of("README.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted()
                    .forEach(p -> pages.add(ROOT.relativize(p).toString()));
        }
        return pages;
    }

    /** The text of {@code page} from {@code heading} to the next heading of the same level. */
    static String section(String page, String heading) throws IOException {
        String text = read(page);
        int at = text.indexOf("\n" + heading + "\n");
        assertTrue(at >= 0, page + " has no " + heading);
        String level = heading.substring(0, heading.indexOf(' ') + 1);
        int end = text.indexOf("\n" + level, at + heading.length() + 1);
        return text.substring(at, end < 0 ? text.length() : end);
    }

    static Map<String, Path> testClasses() throws IOException {
        Map<String, Path> classes = new java.util.TreeMap<>();
        try (Stream<Path> tests = Files.walk(ROOT.resolve("tests"))) {
            tests.filter(p -> p.getFileName().toString().endsWith("Test.java") && !p.toString().contains("/.cache/"))
                    .forEach(p -> classes.put(p.getFileName().toString().replace(".java", ""), p));
        }
        return classes;
    }

    @Test
    void architectureHasARowAndAParagraphForEveryLibPackage() throws IOException {
        String layout = section("docs/architecture.md", "## The repository");
        String paragraphs = section("docs/architecture.md", "## Each package");
        Set<String> onDisk = new TreeSet<>();
        try (Stream<Path> folders = Files.list(ROOT.resolve("lib"))) {
            folders.filter(Files::isDirectory).forEach(p -> onDisk.add(p.getFileName().toString()));
        }
        assertTrue(onDisk.size() >= 9, onDisk.toString());
        for (String name : onDisk) {
            assertTrue(layout.contains("| `lib/" + name + "/` |"), "docs/architecture.md's layout has no row for lib/" + name);
            assertTrue(paragraphs.contains("\n### `lib/" + name + "/`\n"), "docs/architecture.md has no paragraph for lib/" + name);
        }
        Matcher named = Pattern.compile("`lib/(\\w+)/`").matcher(layout + paragraphs);
        while (named.find()) {
            assertTrue(onDisk.contains(named.group(1)), "docs/architecture.md names lib/" + named.group(1) + ", which is not there");
        }
    }

    /** Every test class that runs gh or the Node MCP client is named in docs/testing.md's table of skips. */
    @Test
    void theSkipTableNamesEveryClassThatNeedsGhOrNode() throws IOException {
        String testing = read("docs/testing.md");
        int table = testing.indexOf("| to run | install |");
        assertTrue(table >= 0, "docs/testing.md has the table of skipped tests");
        String rows = testing.substring(table, testing.indexOf("\n\n", table));
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, Path> test : testClasses().entrySet()) {
            String source = Files.readString(test.getValue());
            boolean needs = source.matches("(?s).*\\b(GitHubStandIn|PullRequestFixture|PullRequestScenario|McpClientNode)\\b.*");
            if (needs && !Set.of("ReadmeTest", "DocsTest").contains(test.getKey()) && !rows.contains("`" + test.getKey() + "`")) {
                missing.add(test.getKey());
            }
        }
        assertEquals(List.of(), missing, "test classes that skip without gh or node but are not in docs/testing.md's table");
    }

    /** Each row of the threat model and reliability tables names a test class that exists. */
    @Test
    void everyThreatModelRowNamesItsTest() throws IOException {
        Set<String> classes = testClasses().keySet();
        int rows = 0;
        for (String line : read("docs/threat-model.md").split("\n")) {
            if (!line.startsWith("| **")) {
                continue;
            }
            rows++;
            String proof = line.substring(line.lastIndexOf('|', line.length() - 2));
            Matcher m = Pattern.compile("`(\\w+Test)\\b").matcher(proof);
            boolean named = false;
            while (m.find()) {
                named |= classes.contains(m.group(1));
            }
            assertTrue(named, "a row names no existing test class: " + line.substring(0, Math.min(120, line.length())));
        }
        assertTrue(rows >= 30, rows + " rows");
    }

    /** A test class or test method the docs name exists. */
    @Test
    void everyTestTheDocsNameExists() throws IOException {
        Map<String, Path> classes = testClasses();
        List<String> wrong = new ArrayList<>();
        Pattern named = Pattern.compile("\\b([A-Z]\\w*Test)(?:\\.(\\w+))?\\b");
        for (String page : pages()) {
            Matcher code = Pattern.compile("`([^`\n]+)`").matcher(read(page));
            while (code.find()) {
                Matcher m = named.matcher(code.group(1));
                while (m.find()) {
                    Path source = classes.get(m.group(1));
                    if (source == null) {
                        wrong.add(page + ": " + m.group(1));
                    } else if (m.group(2) != null && !Files.readString(source).contains(" " + m.group(2) + "(")) {
                        wrong.add(page + ": " + m.group(1) + "." + m.group(2));
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** Every path under tests/ the docs (and BENCHMARKS.md) name in code is there; a {@code *} stands for any part of a name. */
    @Test
    void everyTestsPathTheDocsNameExists() throws IOException {
        List<String> missing = new ArrayList<>();
        Pattern path = Pattern.compile("(?<![\\w.])tests/[\\w./*-]*");
        int seen = 0;
        List<String> pages = new ArrayList<>(pages());
        pages.add("BENCHMARKS.md");
        for (String page : pages) {
            Matcher code = Pattern.compile("`([^`\n]+)`").matcher(read(page));
            while (code.find()) {
                Matcher m = path.matcher(code.group(1));
                while (m.find()) {
                    String named = m.group();
                    if (named.startsWith("tests/.cache/")) {
                        continue; // made by a test run, ignored by git
                    }
                    seen++;
                    PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + named.replaceAll("/+$", ""));
                    try (Stream<Path> files = Files.walk(ROOT.resolve("tests"))) {
                        if (files.map(ROOT::relativize).noneMatch(glob::matches)) {
                            missing.add(page + ": " + named);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
        assertTrue(seen >= 10, seen + " paths");
    }

    /** docs/mcp.md's table lists the catalog's tools in order, each with every argument of its input schema. */
    @Test
    void theToolTableListsEveryToolWithItsArguments() throws IOException {
        OpenApiDocument doc = OpenApiDocument.load();
        String table = section("docs/mcp.md", "## The six tools");
        List<String> tools = new ArrayList<>();
        for (String line : table.split("\n")) {
            Matcher row = Pattern.compile("^\\| `(\\w+)` \\| ([^|]+) \\|").matcher(line);
            if (!row.find()) {
                continue;
            }
            String tool = row.group(1);
            tools.add(tool);
            Set<String> listed = new TreeSet<>();
            Matcher arg = Pattern.compile("`(\\w+)`").matcher(row.group(2));
            while (arg.find()) {
                listed.add(arg.group(1));
            }
            Set<String> schema = new TreeSet<>();
            doc.inputSchema(tool).get("properties").fieldNames().forEachRemaining(schema::add);
            assertEquals(schema, listed, tool + "'s arguments");
            JsonNode required = doc.inputSchema(tool).path("required");
            for (JsonNode name : required) {
                assertTrue(Pattern.compile("`" + name.asText() + "`(, `\\w+`)? \\((both )?required\\)").matcher(row.group(2)).find(),
                        tool + ": " + name.asText() + " is not marked required");
            }
        }
        assertEquals(doc.tools(), tools);
    }

    /** "six tools", wherever the docs count them, is the number the catalog has. */
    @Test
    void everyCountOfToolsIsTrue() throws IOException {
        List<String> words = List.of("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten");
        int count = OpenApiDocument.load().tools().size();
        Pattern counted = Pattern.compile("(?i)\\b(\\w+) (?:MCP )?tools\\b");
        int seen = 0;
        for (String page : pages()) {
            Matcher m = counted.matcher(read(page));
            while (m.find()) {
                String word = m.group(1).toLowerCase();
                int n = words.indexOf(word);
                if (n < 0 && word.matches("\\d+")) {
                    n = Integer.parseInt(word);
                }
                if (n >= 0) {
                    seen++;
                    assertEquals(count, n, page + ": \"" + m.group() + "\"");
                }
            }
        }
        assertTrue(seen >= 2, "the README and docs/mcp.md count the tools");
    }

    /** Every relative link of README.md and docs/ names a file that is there and, after #, one of its headings. */
    @Test
    void everyLinkBetweenThePagesResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        Pattern link = Pattern.compile("\\]\\(([^)\\s]+)\\)");
        for (String page : pages()) {
            Matcher m = link.matcher(read(page));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? ROOT.resolve(page) : ROOT.resolve(page).getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(page + ": " + target);
                    continue;
                }
                if (hash >= 0 && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(page + ": " + target + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    /** GitHub's anchors for a page's headings: lowercased, punctuation but - and _ dropped, spaces as -. */
    static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new LinkedHashSet<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(page)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced && line.matches("#{1,6} .*")) {
                anchors.add(line.replaceFirst("#+ ", "").toLowerCase().replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }
}
