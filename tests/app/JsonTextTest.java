package app;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prdiff.app.DiffEnvelope;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.JsonText;
import dev.prdiff.core.JsonValue;
import dev.prdiff.core.Pagination;
import dev.prdiff.source.PullRequestInfo;
import org.junit.jupiter.api.Test;
import support.RandomJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The answers' JSON text, which prdiff writes without jackson-databind: byte for byte what Jackson writes for the
 * same values (its compact output and its default pretty printer are the oracle), and each answer's members named
 * and ordered as the tools' schemas say, a member that may be absent left out when it is null.
 */
class JsonTextTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    /** A map written as an answer: its entries are the members. */
    private record Members(Map<String, Object> members) implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            members.forEach(out::field);
        }
    }

    @Test
    void randomValuesAreWrittenAsJacksonWritesThem() throws Exception {
        Random random = new Random(30);
        for (int i = 0; i < 2_000; i++) {
            Map<String, Object> value = RandomJson.object(random);
            String compact = JACKSON.writeValueAsString(value);
            String indented = JACKSON.writerWithDefaultPrettyPrinter().writeValueAsString(value);
            assertEquals(compact, JsonText.compact(new Members(value)));
            assertEquals(indented, JsonText.indented(new Members(value)));
        }
    }

    @Test
    void everyCharacterIsEscapedAsJacksonEscapesIt() throws Exception {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x800; c++) {
            all.append(c);
        }
        all.append("\u2028\u2029\uFEFF\uD83D\uDE00/\u007F");
        String s = all.toString();
        assertEquals(JACKSON.writeValueAsString(s), JsonText.quoted(s));
        assertEquals(JACKSON.writeValueAsString(Map.of("k", s)), JsonText.compact(new Members(Map.of("k", s))));
    }

    @Test
    void emptyContainersAndNullsAreWrittenAsJacksonWritesThem() throws Exception {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("none", null);
        value.put("empty object", Map.of());
        value.put("empty list", List.of());
        value.put("list of empties", List.of(Map.of(), List.of(), new ArrayList<>(List.of(Map.of()))));
        assertEquals(JACKSON.writeValueAsString(value), JsonText.compact(new Members(value)));
        assertEquals(JACKSON.writerWithDefaultPrettyPrinter().writeValueAsString(value),
                JsonText.indented(new Members(value)));
        assertEquals("{ }", JsonText.indented(new Members(Map.of())));
    }

    @Test
    void aFileListNamesItsMembersInTheSchemasOrderAndLeavesOutWhatIsAbsent() {
        FileEntry renamed = new FileEntry("b.txt", 1, 2, "renamed", "a.txt", null, null, null);
        FileEntry binary = new FileEntry("\"x\\377\"", 0, 0, "added", null, true, "eP8=", null);
        FileList list = new FileList(List.of(renamed, binary), "main...feature", "b1", "h2", "m3", "git",
                new Pagination(5, 2, true, 2));
        assertEquals("{\"files\":[{\"path\":\"b.txt\",\"additions\":1,\"deletions\":2,\"status\":\"renamed\","
                + "\"previous_path\":\"a.txt\"},{\"path\":\"\\\"x\\\\377\\\"\",\"additions\":0,\"deletions\":0,"
                + "\"status\":\"added\",\"binary\":true,\"path_bytes_base64\":\"eP8=\"}],\"range\":\"main...feature\","
                + "\"base_sha\":\"b1\",\"head_sha\":\"h2\",\"merge_base_sha\":\"m3\",\"source\":\"git\","
                + "\"pagination\":{\"total\":5,\"showing\":2,\"has_more\":true,\"next_skip\":2}}",
                JsonText.compact(list));
        assertEquals("{\"files\":[],\"source\":\"git\"}",
                JsonText.compact(new FileList(List.of(), null, null, null, null, "git")));
        assertEquals("{\"total\":2,\"showing\":2,\"has_more\":false}", JsonText.compact(new Pagination(2, 2, false, null)));
    }

    @Test
    void anEnvelopeWritesTheRangesNullsAndLeavesOutAChangesAbsentMembers() {
        DiffEnvelope.Change change = new DiffEnvelope.Change("modified", "a.txt", null, null, null, 3, 1, false,
                "diff --git a/a.txt b/a.txt\n", null, true, "prdiff X --file a.txt");
        DiffEnvelope ok = new DiffEnvelope(true, new DiffEnvelope.Data(
                new DiffEnvelope.Summary(1, 3, 1, new LinkedHashMap<>(Map.of("modified", 1))),
                new DiffEnvelope.Range("b", "h", null, "how"), List.of(change)), null, List.of(), List.of("w"),
                new DiffEnvelope.Metadata("/r", "0.1.0", "2026-11-27T00:00:00Z"));
        assertEquals("{\"success\":true,\"data\":{\"summary\":{\"files\":1,\"additions\":3,\"deletions\":1,"
                + "\"by_change_type\":{\"modified\":1}},\"range\":{\"base\":\"b\",\"head\":\"h\",\"merge_base\":null,"
                + "\"how\":\"how\"},\"changes\":[{\"change_type\":\"modified\",\"path\":\"a.txt\",\"additions\":3,"
                + "\"deletions\":1,\"binary\":false,\"diff\":\"diff --git a/a.txt b/a.txt\\n\",\"truncated\":true,"
                + "\"fetch\":\"prdiff X --file a.txt\"}]},\"errors\":[],\"warnings\":[\"w\"],\"metadata\":{"
                + "\"repository\":\"/r\",\"tool_version\":\"0.1.0\",\"time\":\"2026-11-27T00:00:00Z\"}}",
                JsonText.compact(ok));
        DiffEnvelope failed = new DiffEnvelope(false, null, null, List.of(new DiffEnvelope.Error("NO_MATCH", "m")),
                List.of(), new DiffEnvelope.Metadata(null, "0.1.0", "t"));
        assertEquals("{\"success\":false,\"errors\":[{\"code\":\"NO_MATCH\",\"message\":\"m\"}],\"warnings\":[],"
                + "\"metadata\":{\"repository\":null,\"tool_version\":\"0.1.0\",\"time\":\"t\"}}", JsonText.compact(failed));
    }

    @Test
    void aPullRequestsCloneUrlIsNeverWritten() {
        PullRequestInfo info = new PullRequestInfo(7, "t", "OPEN", false, true, "https://h/o/r/pull/7", "o/r", "me",
                "h1", "feature", "o/r", "b1", "main", 2, 1, 10, 3, null, "https://h/o/r.git");
        assertEquals("{\"number\":7,\"title\":\"t\",\"state\":\"OPEN\",\"draft\":false,\"merged\":true,"
                + "\"url\":\"https://h/o/r/pull/7\",\"repo\":\"o/r\",\"author\":\"me\",\"head_sha\":\"h1\","
                + "\"head_ref\":\"feature\",\"head_repo\":\"o/r\",\"base_sha\":\"b1\",\"base_ref\":\"main\","
                + "\"changed_files\":2,\"commits\":1,\"additions\":10,\"deletions\":3}", JsonText.compact(info));
    }
}
