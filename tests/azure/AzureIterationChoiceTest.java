package azure;

import dev.prdiff.azure.AzureIteration;
import dev.prdiff.azure.AzurePullRequestRef;
import dev.prdiff.azure.AzureRepo;
import dev.prdiff.azure.IterationChoice;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The latest iteration by default with a notice naming it; a named one, or an earlier one for an interdiff. */
@support.Parallel
class AzureIterationChoiceTest {
    static final AzurePullRequestRef REF = new AzurePullRequestRef(
            new AzureRepo("dev.azure.com", List.of("contoso"), "Fabrikam", "web"), 42);
    static final List<AzureIteration> THREE = List.of(it(1), it(2), it(3));

    static AzureIteration it(int id) {
        String sha = String.valueOf(id).repeat(40);
        return new AzureIteration(id, sha, sha, sha, "push", "Jane", "2026-01-01T00:00:00Z");
    }

    @Test
    void theLatestByDefaultSaysSoAndHowToAskForAnother() {
        IterationChoice c = IterationChoice.of(REF, THREE, null, null);
        assertEquals(3, c.iteration().id());
        assertNull(c.since());
        assertEquals("pull request 42: iteration 3 of 3 (the latest); pass --iteration N for another", c.notice());
    }

    @Test
    void aNamedIterationAndAnEarlierOneToCompareWith() {
        IterationChoice c = IterationChoice.of(REF, THREE, 2, 1);
        assertEquals(2, c.iteration().id());
        assertEquals(1, c.since().id());
        assertEquals("pull request 42: iteration 2 of 3", c.notice());
    }

    @Test
    void anIterationThatIsNotThereSaysToOmitIt() {
        PrdiffException e = assertThrows(PrdiffException.class, () -> IterationChoice.of(REF, THREE, 9, null));
        assertEquals(ErrorCode.NOT_FOUND, e.code());
        assertTrue(e.getMessage().contains("omit the iteration to get the latest"), e.getMessage());
        assertEquals(ErrorCode.INVALID_INPUT,
                assertThrows(PrdiffException.class, () -> IterationChoice.of(REF, THREE, 2, 2)).code());
        assertEquals(ErrorCode.NOT_FOUND,
                assertThrows(PrdiffException.class, () -> IterationChoice.of(REF, List.of(), null, null)).code());
    }
}
