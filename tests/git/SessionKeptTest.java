package git;

import dev.prdiff.app.Sessions;
import dev.prdiff.git.Session;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a layer above keeps in a session (the MCP server's pull request diffs) is made once per session and type,
 * and no other session sees it.
 */
@support.Parallel
class SessionKeptTest {
    @Test
    void aKeptObjectIsMadeOncePerSessionAndTypeAndAnotherSessionHasItsOwn() {
        AtomicInteger made = new AtomicInteger();
        try (Session server = Sessions.forManyCalls(System.getenv());
                Session other = Sessions.forManyCalls(System.getenv())) {
            List<?> first = server.kept(List.class, () -> {
                made.incrementAndGet();
                return new ArrayList<>();
            });
            assertSame(first, server.kept(List.class, ArrayList::new));
            assertEquals(1, made.get());
            assertNotSame(first, other.kept(List.class, ArrayList::new));
            assertNotSame(first, server.kept(StringBuilder.class, StringBuilder::new));
        }
    }

    @Test
    void onlyAServerSessionServesManyCalls() {
        try (Session server = Sessions.forManyCalls(System.getenv()); Session run = Sessions.forOneCall(System.getenv())) {
            assertTrue(server.servesManyCalls());
            assertFalse(run.servesManyCalls());
        }
    }
}
