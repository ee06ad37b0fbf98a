package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.DiffSections;
import support.Proc;
import support.PullRequestScenario;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --json for a pull request, live (through gh and the GitHub stand-in) and pinned with --sha. */
@support.Parallel
class PullRequestJsonCliTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode envelope(String... args) throws Exception {
        Proc.Result r = PrdiffCli.ok(scenario.env, args);
        JsonNode e = JSON.readTree(r.stdout());
        assertTrue(e.get("success").asBoolean(), r.stderr());
        return e;
    }

    static void assertSectionsAreGits(JsonNode e) {
        String range = scenario.pr.baseSha() + "..." + scenario.pr.headSha();
        List<byte[]> git = DiffSections.sections(scenario.clone.gitDiff(range));
        JsonNode changes = e.at("/data/changes");
        assertEquals(git.size(), changes.size());
        for (int i = 0; i < git.size(); i++) {
            assertArrayEquals(git.get(i), DiffSections.diffOf(changes.get(i)), changes.get(i).toString());
        }
        assertEquals(git.size(), e.at("/data/summary/files").asInt());
    }

    @Test
    void liveHeadNamesThePullRequestAndItsShas() throws Exception {
        JsonNode e = envelope("1", "-R", "octo/demo", "--json");
        assertEquals("pull request #1 head (GitHub's diff)", e.at("/data/range/how").asText());
        assertEquals(scenario.pr.headSha(), e.at("/data/range/head").asText());
        assertEquals(scenario.pr.baseSha(), e.at("/data/range/base").asText());
        assertSectionsAreGits(e);
    }

    @Test
    void pinnedShaIsComputedFromObjects() throws Exception {
        JsonNode e = envelope("1", "-C", scenario.clone.dir().toString(), "--sha", scenario.pr.headSha(), "--json");
        assertTrue(e.at("/data/range/how").asText().startsWith("pull request #1 at sha " + scenario.pr.headSha()
                + ", computed from git objects as "), e.at("/data/range").toString());
        assertEquals(scenario.pr.headSha(), e.at("/data/range/head").asText());
        assertEquals(scenario.clone.text("merge-base", scenario.pr.baseSha(), scenario.pr.headSha()).strip(),
                e.at("/data/range/merge_base").asText());
        assertSectionsAreGits(e);
    }
}
