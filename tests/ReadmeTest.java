import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import support.Proc;
import support.RepoRoot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's first two commands: the main job works as written, and CI runs exactly the test command. */
class ReadmeTest {
    static final Path ROOT = RepoRoot.find();

    static List<String> firstCommands() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int block = readme.indexOf("```sh\n");
        assertTrue(block >= 0 && block < 200, "the README must open with a sh code block");
        String[] lines = readme.substring(block + 6, readme.indexOf("```", block + 6)).split("\n");
        List<String> commands = new ArrayList<>();
        for (String line : lines) {
            int comment = line.indexOf(" #");
            commands.add((comment >= 0 ? line.substring(0, comment) : line).trim());
        }
        return commands;
    }

    /** The Layout table names every package folder under lib/ (lib/cache was once left out). */
    @Test
    void theLayoutNamesEveryPackage() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        String layout = readme.substring(readme.indexOf("## Layout"));
        try (var folders = Files.list(ROOT.resolve("lib"))) {
            List<Path> packages = folders.filter(Files::isDirectory).toList();
            assertTrue(packages.size() >= 9, packages.toString());
            for (Path p : packages) {
                String row = "| `lib/" + p.getFileName() + "/` |";
                assertTrue(layout.contains(row), "README's Layout has no row " + row);
            }
        }
    }

    @Test
    void theFirstCommandRunsPrdiffsMainJobOnThisRepository() throws Exception {
        String[] argv = firstCommands().get(0).split("\\s+");
        assertEquals("./jbang", argv[0]);
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("jbang").toString()));
        command.addAll(List.of(argv).subList(1, argv.length));
        Proc.Result r = Proc.run(command, ROOT, Map.of("PATH", System.getenv("PATH"), "HOME", System.getProperty("user.home")),
                Duration.ofMinutes(5));
        assertEquals(0, r.exit(), r.stderr());
        JsonNode json = new ObjectMapper().readTree(r.stdout());
        assertTrue(json.get("files").isArray());
        String head = Proc.run(List.of("git", "rev-parse", "HEAD"), ROOT, Map.of("PATH", System.getenv("PATH")),
                Duration.ofSeconds(30)).out().trim();
        assertEquals(head, json.get("head_sha").asText());
    }

    @Test
    void ciRunsExactlyTheReadmeTestCommand() throws Exception {
        String testCommand = firstCommands().get(1);
        assertEquals("./jbang tests/RunTests.java", testCommand);
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run"));
        assertEquals("exec " + testCommand, ci.get(ci.size() - 1).trim());
    }

    /** Every JSON example parses, and each MCP host config runs the server alias the catalog defines. */
    @Test
    void jsonExamplesParseAndMcpConfigsUseTheCatalogAlias() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        ObjectMapper mapper = new ObjectMapper();
        JsonNode aliases = mapper.readTree(ROOT.resolve("jbang-catalog.json").toFile()).get("aliases");
        int configs = 0;
        for (int at = readme.indexOf("```json\n"); at >= 0; at = readme.indexOf("```json\n", at + 1)) {
            String body = readme.substring(at + 8, readme.indexOf("```", at + 8));
            JsonNode example = mapper.readTree(body);
            for (JsonNode servers : List.of(example.path("mcpServers"), example.path("servers"))) {
                for (JsonNode server : servers) {
                    String alias = server.get("args").get(0).asText();
                    assertEquals("jbang", server.get("command").asText(), body);
                    assertTrue(aliases.has(alias.substring(0, alias.indexOf('@'))), alias + " is not in the catalog");
                    assertEquals("mcp-shim.java", aliases.get(alias.substring(0, alias.indexOf('@'))).get("script-ref").asText());
                    configs++;
                }
            }
        }
        assertEquals(2, configs, "the README shows the mcpServers and the VS Code config");
        assertTrue(readme.contains("claude mcp add prdiff -- jbang prdiff-mcp@"), "the Claude Code command");
    }

    /**
     * Every test class that runs gh or the Node MCP client (through the GitHub stand-in, the pull request fixtures or
     * McpClientNode) is named in the README's table of what a machine without them skips.
     */
    @Test
    void theSkipTableNamesEveryClassThatNeedsGhOrNode() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int table = readme.indexOf("| to run | install |");
        assertTrue(table >= 0, "the README has the table of skipped tests");
        String rows = readme.substring(table, readme.indexOf("\n\n", table));
        List<String> missing = new ArrayList<>();
        try (var tests = Files.list(ROOT.resolve("tests"))) {
            for (Path test : tests.filter(p -> p.getFileName().toString().endsWith("Test.java")).sorted().toList()) {
                String source = Files.readString(test);
                String name = test.getFileName().toString().replace(".java", "");
                boolean needs = source.matches("(?s).*\\b(GitHubStandIn|PullRequestFixture|PullRequestScenario|McpClientNode)\\b.*");
                if (needs && !name.equals("ReadmeTest") && !rows.contains("`" + name + "`")) {
                    missing.add(name);
                }
            }
        }
        assertEquals(List.of(), missing, "test classes that skip without gh or node but are not in the README's table");
    }
}
