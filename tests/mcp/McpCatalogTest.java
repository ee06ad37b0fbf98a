package mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.prdiff.core.Json;
import support.McpSession;
import support.OpenApiDocument;
import support.RepoRoot;
import support.Fixtures;
import support.TempRepo;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.McpCalls.TOOLS;

/**
 * openapi.yaml is the single source of the tool list: tools/list, as a client receives it, must equal what the
 * document says field by field, with the mapping (written at the top of openapi.yaml) computed here from the
 * YAML and not by the server's own catalog code.
 */
@Timeout(30)
@support.Parallel
class McpCatalogTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static JsonNode listed;

    @BeforeAll
    static void list() {
        Fixtures.oneCommit(repo);
        try (McpSession s = McpSession.initialized(repo.dir())) {
            listed = s.request("tools/list", null).get("result").get("tools");
        }
    }

    static JsonNode tool(String name) {
        for (JsonNode t : listed) {
            if (name.equals(t.path("name").asText())) {
                return t;
            }
        }
        throw new AssertionError("tools/list has no " + name + ": " + listed);
    }

    /**
     * The text a client shows for the server (its instructions), the catalog alias's description and the script's
     * //DESCRIPTION (what JBang shows) name every tool.
     */
    @Test
    void theInstructionsAndTheCatalogNameEveryTool() throws java.io.IOException {
        String instructions;
        try (McpSession s = McpSession.start(McpSession.config(repo.dir()))) {
            instructions = s.request("initialize", McpSession.initializeParams("2025-06-18"))
                    .path("result").path("instructions").asText();
        }
        String catalog = Json.MAPPER.readTree(RepoRoot.find().resolve("jbang-catalog.json").toFile())
                .path("aliases").path("prdiff-mcp").path("description").asText();
        String script = java.nio.file.Files.readAllLines(RepoRoot.find().resolve("mcp-shim.java")).stream()
                .filter(l -> l.startsWith("//DESCRIPTION ")).findFirst().orElse("");
        for (String tool : TOOLS) {
            assertTrue(instructions.contains(tool), tool + " is not in the instructions: " + instructions);
            assertTrue(catalog.contains(tool), tool + " is not in the catalog's description: " + catalog);
            assertTrue(script.contains(tool), tool + " is not in mcp-shim.java's //DESCRIPTION: " + script);
        }
    }

    @Test
    void theListNamesTheDocumentsToolsInItsOrder() {
        List<String> names = new ArrayList<>();
        listed.forEach(t -> names.add(t.get("name").asText()));
        assertEquals(OpenApiDocument.load().tools(), names);
        assertEquals(TOOLS, names);
    }

    @Test
    void everyToolEqualsTheDocumentFieldByField() {
        OpenApiDocument doc = OpenApiDocument.load();
        for (String name : doc.tools()) {
            JsonNode t = tool(name);
            JsonNode op = doc.operation(name);
            assertEquals(name, op.get("operationId").asText(), name + ": operationId");
            assertEquals(op.get("summary").asText(), t.get("title").asText(), name + ": title");
            assertEquals(op.get("description").asText(), t.get("description").asText(), name + ": description");
            assertEquals(doc.inputSchema(name), t.get("inputSchema"), name + ": inputSchema");
            assertEquals(doc.outputSchema(name), t.get("outputSchema"), name + ": outputSchema");
            ObjectNode annotations = ((ObjectNode) op.get("x-mcp-annotations")).deepCopy();
            assertEquals(annotations, t.get("annotations"), name + ": annotations");
            Set<String> fields = new TreeSet<>();
            t.fieldNames().forEachRemaining(fields::add);
            Set<String> expected = new TreeSet<>(Set.of("name", "title", "description", "inputSchema", "annotations"));
            if (doc.outputSchema(name) != null) {
                expected.add("outputSchema");
            }
            assertEquals(expected, fields, name + ": no field beyond the document's");
        }
    }

    @Test
    void schemasStandAloneWithEveryRefResolved() {
        for (JsonNode t : listed) {
            assertFalse(t.toString().contains("$ref"), t.toString());
            assertEquals("object", t.get("inputSchema").get("type").asText());
            if (t.has("outputSchema")) {
                assertEquals("object", t.get("outputSchema").get("type").asText());
            }
        }
        assertEquals("integer", tool("get_pull_request_diff").get("inputSchema").get("properties").get("pr_number")
                .get("type").asText());
        assertEquals(OpenApiDocument.load().doc().at("/components/schemas/RepoPath"),
                tool("get_commit_diff").get("inputSchema").get("properties").get("repo_path"));
    }

    @Test
    void descriptionsFitTheLimitAndThePullRequestToolSaysShaIsHermetic() {
        for (JsonNode t : listed) {
            String description = t.get("description").asText();
            assertTrue(description.length() <= 1024, t.get("name") + " has " + description.length() + " characters");
            assertFalse(description.isBlank());
        }
        String pr = tool("get_pull_request_diff").get("description").asText();
        assertTrue(pr.contains("sha"), pr);
        assertTrue(pr.contains("hermetic by construction"), pr);
        assertTrue(pr.contains("SHA_NOT_FOUND"), pr);
    }

    @Test
    void everyToolIsReadOnlyAndOnlyThePullRequestToolReachesOutside() {
        for (JsonNode t : listed) {
            JsonNode a = t.get("annotations");
            String name = t.get("name").asText();
            assertTrue(a.get("readOnlyHint").booleanValue(), name);
            // Only meaningful when readOnlyHint is false, says the specification: left out to keep the list small.
            assertFalse(a.has("destructiveHint"), name);
            assertFalse(a.has("idempotentHint"), name);
            assertEquals(name.equals("get_pull_request_diff"), a.get("openWorldHint").booleanValue(), name);
            assertFalse(a.has("title"), name + ": the title is the tool's own, said once");
        }
    }

    /** Before 2025-06-18 a tool has no title of its own: the annotations carry it, and nothing else says it. */
    @Test
    void clientsBeforeToolTitlesReadTheTitleFromTheAnnotations() {
        OpenApiDocument doc = OpenApiDocument.load();
        for (String version : List.of("2025-03-26", "2024-11-05")) {
            JsonNode tools;
            try (McpSession s = McpSession.start(McpSession.config(repo.dir()))) {
                s.request("initialize", McpSession.initializeParams(version));
                s.notify("notifications/initialized", null);
                tools = s.request("tools/list", null).at("/result/tools");
            }
            assertEquals(TOOLS.size(), tools.size(), version);
            for (JsonNode t : tools) {
                String name = t.get("name").asText();
                assertFalse(t.has("title"), version + " " + name);
                assertEquals(doc.operation(name).get("summary").asText(), t.at("/annotations/title").asText(),
                        version + " " + name);
            }
        }
    }

    /**
     * A declared outputSchema obliges every successful result to carry structuredContent: get_changed_files declares
     * the FileList, get_diff and get_pull_request_diff the DiffEnvelope (their text stays the diff), and
     * get_commit_diff, which answers text alone, none. The JSON schema is picked also when a text type is beside it.
     */
    @Test
    void theDiffToolsDeclareTheEnvelopeAndTheFileToolTheFileList() {
        OpenApiDocument doc = OpenApiDocument.load();
        JsonNode envelope = doc.resolve(doc.doc().at("/components/schemas/DiffEnvelope"));
        JsonNode fileList = doc.resolve(doc.doc().at("/components/schemas/FileList"));
        assertEquals(fileList, tool("get_changed_files").get("outputSchema"));
        for (String name : List.of("get_pull_request_diff", "get_diff")) {
            assertEquals(envelope, tool(name).get("outputSchema"), name);
            assertTrue(doc.responseSchema(name, "text/x-diff") != null, name + " still answers diff text");
        }
        assertFalse(tool("get_commit_diff").has("outputSchema"));
        assertNull(doc.outputSchema("get_commit_diff"));
    }

    @Test
    void everyToolFailureIsDescribedByTheToolErrorSchemaWithTheClisCodes() {
        OpenApiDocument doc = OpenApiDocument.load();
        Set<String> codes = new TreeSet<>();
        for (dev.prdiff.core.ErrorCode code : dev.prdiff.core.ErrorCode.values()) {
            codes.add(code.name());
        }
        for (String name : doc.tools()) {
            JsonNode error = doc.errorSchema(name);
            Set<String> declared = new TreeSet<>();
            error.get("properties").get("error_code").get("enum").forEach(c -> declared.add(c.asText()));
            assertEquals(codes, declared, name);
            assertEquals(List.of("error_code", "message"), texts(error.get("required")), name);
            assertTrue(error.get("properties").has("retry_after_seconds"), name);
        }
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
