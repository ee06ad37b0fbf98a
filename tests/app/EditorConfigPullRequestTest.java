package app;

import dev.prdiff.shape.SideBySide;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.PullRequestFixture;
import support.PullRequestScenario;
import support.RenderFixture;
import support.TempRepo;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A pull request side by side through the real gh and the GitHub stand-in: the diff GitHub serves takes the head
 * commit's .editorconfig tab widths once that commit is in the clone, and 4 while it is not; --sha always reads it.
 */
@Timeout(180)
class EditorConfigPullRequestTest {
    @RegisterExtension
    static final PullRequestScenario scenario = PullRequestScenario.shared();
    static PullRequestFixture pr;

    @BeforeAll
    static void start() {
        TempRepo w = scenario.origin.work();
        w.checkout("-b", "tabs", "main");
        w.write(".editorconfig", "[*.go]\ntab_width = 2\n")
                .write("tabs.go", "func f() {\n\tif x {\n\t\treturn y\n\t}\n}\n");
        w.commit("tab-indented");
        w.checkout("main");
        pr = scenario.origin.openPullRequest(3, "tabs", "main", "tabs");
    }

    static String ok(String... args) {
        return PrdiffCli.ok(scenario.env, args).out();
    }

    static String sideBySide(int tabWidth, String diff) {
        return new String(RenderFixture.whole(o -> new SideBySide(o, 100, tabWidth, false),
                diff.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }

    @Test
    void theServedDiffTakesTheHeadsTabWidthsOnceTheHeadIsLocal() {
        String dir = scenario.clone.dir().toString();
        String served = ok("3", "-R", "octo/demo", "-C", dir, "--", "tabs.go");
        assertEquals(sideBySide(4, served),
                ok("3", "-R", "octo/demo", "-C", dir, "--side-by-side", "--width", "100", "--", "tabs.go"));

        String pinned = ok("3", "-R", "octo/demo", "-C", dir, "--sha", pr.headSha(), "--", "tabs.go");
        assertEquals(sideBySide(2, pinned), ok("3", "-R", "octo/demo", "-C", dir, "--sha", pr.headSha(),
                "--side-by-side", "--width", "100", "--", "tabs.go"));

        // --sha fetched the head into the clone: now the served diff takes its widths too.
        assertEquals(sideBySide(2, served),
                ok("3", "-R", "octo/demo", "-C", dir, "--side-by-side", "--width", "100", "--", "tabs.go"));
    }
}
