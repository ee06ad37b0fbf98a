package project;

import org.junit.jupiter.api.Test;
import support.RepoRoot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/architecture.md's picture holds: every package of lib/ names only packages of lower rows (imports and
 * qualified names alike), and the MCP front end takes from git only the Session it is handed and nothing from cache.
 */
@support.Parallel
class LayersTest {
    static final Path LIB = RepoRoot.find().resolve("lib");
    /** Each package's row, from the bottom of the picture; a package may name only packages of a lower number. */
    static final Map<String, Integer> ROW = Map.ofEntries(
            Map.entry("core", 0), Map.entry("exec", 1), Map.entry("diff", 2), Map.entry("shape", 3),
            Map.entry("git", 4), Map.entry("cache", 5), Map.entry("source", 6), Map.entry("github", 7),
            Map.entry("azure", 7), Map.entry("app", 8), Map.entry("cli", 9), Map.entry("mcp", 9));
    static final Pattern NAMED = Pattern.compile("dev\\.prdiff\\.([a-z]+)\\.([A-Z][A-Za-z0-9]*)");

    @Test
    void everyPackageNamesOnlyPackagesOfLowerRows() throws IOException {
        List<String> upward = new ArrayList<>();
        Map<String, TreeSet<String>> graph = graph();
        assertEquals(new TreeSet<>(ROW.keySet()), new TreeSet<>(graph.keySet()), "lib/'s packages and the rows differ");
        graph.forEach((from, names) -> {
            for (String name : names) {
                String to = name.substring(0, name.indexOf('.'));
                if (!to.equals(from) && ROW.get(to) >= ROW.get(from)) {
                    upward.add(from + " -> " + name);
                }
            }
        });
        assertEquals(List.of(), upward, "names of the same or a higher row");
    }

    @Test
    void mcpTakesOnlyTheSessionFromGitAndNothingFromCache() throws IOException {
        TreeSet<String> named = new TreeSet<>();
        for (String name : graph().get("mcp")) {
            if (name.startsWith("git.") || name.startsWith("cache.")) {
                named.add(name);
            }
        }
        assertEquals(new TreeSet<>(List.of("git.Session")), named);
    }

    /** Per package of lib/, the classes of other packages its files name ("git.Session"). */
    static Map<String, TreeSet<String>> graph() throws IOException {
        Map<String, TreeSet<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(LIB)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Path relative = LIB.relativize(file);
                if (relative.getNameCount() < 2) {
                    continue; // lib/Sources.java, the list of sources
                }
                String from = relative.getName(0).toString();
                TreeSet<String> names = graph.computeIfAbsent(from, k -> new TreeSet<>());
                Matcher m = NAMED.matcher(Files.readString(file));
                while (m.find()) {
                    if (!m.group(1).equals(from)) {
                        names.add(m.group(1) + "." + m.group(2));
                    }
                }
            }
        }
        assertTrue(graph.size() >= 10, "packages found: " + graph.keySet());
        return graph;
    }
}
