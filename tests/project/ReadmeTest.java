package project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import dev.prdiff.core.ErrorCode;
import support.Catalogs;
import support.Proc;
import support.RepoRoot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README: its first two commands (the main job works as written, and CI runs exactly the test command), its
 * length, its error table, its install catalog and its MCP configs.
 */
@support.Parallel
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

    /** The README is what a user reads first: the rest lives in docs/. */
    @Test
    void theReadmeIsAtMost300Lines() throws Exception {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertTrue(lines.size() <= 300, "README.md has " + lines.size() + " lines; move detail to docs/");
    }

    /** The error table names every ErrorCode, in its order, and nothing else. */
    @Test
    void theErrorTableNamesEveryCode() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int table = readme.indexOf("| code | when |");
        assertTrue(table >= 0, "the README has the table of error codes");
        String rows = readme.substring(table, (readme + "\n\n").indexOf("\n\n", table));
        List<String> named = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\| `([A-Z_]+)` \\|").matcher(rows);
        while (m.find()) {
            named.add(m.group(1));
        }
        List<String> codes = new ArrayList<>();
        for (ErrorCode code : ErrorCode.values()) {
            codes.add(code.name());
        }
        assertEquals(codes, named);
    }

    /**
     * The catalog an organization puts in its jbang-catalog repository has this repository's aliases, each naming
     * the raw URL of the script this repository's own catalog names.
     */
    @Test
    void theOrganizationsCatalogPointsAtThisRepositorysScripts() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode own = mapper.readTree(ROOT.resolve("jbang-catalog.json").toFile()).get("aliases");
        JsonNode org = mapper.readTree(Catalogs.readmeCatalog()).get("aliases");
        List<String> ownNames = new ArrayList<>();
        own.fieldNames().forEachRemaining(ownNames::add);
        List<String> orgNames = new ArrayList<>();
        org.fieldNames().forEachRemaining(orgNames::add);
        assertEquals(ownNames, orgNames);
        for (String name : ownNames) {
            assertEquals(Catalogs.RAW + own.get(name).get("script-ref").asText(),
                    org.get(name).get("script-ref").asText(), name);
            assertEquals(own.get(name).get("description"), org.get(name).get("description"), name);
        }
        String readme = Files.readString(ROOT.resolve("README.md"));
        assertTrue(readme.contains("jbang prdiff@ORG 10745 --files-only"), "the install section's form");
    }
}
