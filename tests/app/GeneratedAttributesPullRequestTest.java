package app;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.DiffSections;
import support.Proc;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.TempRepo;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pull request's .gitattributes through the real gh and the GitHub stand-in: the live diff honours
 * linguist-generated once the head commit is in the clone, and says it goes by names while it is not; --sha
 * always reads them.
 */
@Timeout(180)
@support.Parallel
class GeneratedAttributesPullRequestTest {
    static final String BY_NAME_ONLY = "warning: generated files are recognised by name only";
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static PullRequestFixture pr;

    @BeforeAll
    static void start() {
        TempRepo w = scenario.origin.work();
        w.checkout("-b", "attributes", "main");
        w.write(".gitattributes", "schema/*.txt linguist-generated\n")
                .write("schema/out.txt", "made by a tool\n")
                .write("notes.txt", "by hand\n")
                .write("yarn.lock", "lock\n");
        w.commit("generated schema");
        w.checkout("main");
        pr = scenario.origin.openPullRequest(2, "attributes", "main", "attributes");
    }

    static Proc.Result ok(String... args) {
        return PrdiffCli.ok(scenario.env, args);
    }

    @Test
    void theLiveDiffReadsTheHeadsAttributesOnceTheHeadIsLocal() {
        String dir = scenario.clone.dir().toString();
        Proc.Result byName = ok("2", "-R", "octo/demo", "-C", dir, "--skip-generated");
        assertEquals(Set.of("yarn.lock"), DiffSections.trimmed(byName.out()), byName.out());
        assertTrue(byName.stderr().contains(BY_NAME_ONLY + ": the head commit " + pr.headSha()), byName.stderr());

        Proc.Result pinned = ok("2", "-R", "octo/demo", "-C", dir, "--sha", pr.headSha(), "--skip-generated");
        assertEquals(Set.of("yarn.lock", "schema/out.txt"), DiffSections.trimmed(pinned.out()),
                pinned.out());
        assertFalse(pinned.stderr().contains(BY_NAME_ONLY), pinned.stderr());

        // --sha fetched the head into the clone: now the live diff reads its attributes too.
        Proc.Result live = ok("2", "-R", "octo/demo", "-C", dir, "--skip-generated");
        assertEquals(Set.of("yarn.lock", "schema/out.txt"), DiffSections.trimmed(live.out()), live.out());
        assertFalse(live.stderr().contains(BY_NAME_ONLY), live.stderr());
        assertEquals(scenario.clone.text("diff", pr.baseSha() + "..." + pr.headSha()),
                ok("2", "-R", "octo/demo", "-C", dir).out());
    }
}
