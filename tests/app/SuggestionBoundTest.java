package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.mcp.McpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.Proc;
import support.TempRepo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The did-you-mean search over --file paths that match nothing is bounded: 5,000 such paths against 2,000 changed
 * files once took 64 s under --timeout 2, and an MCP call cancelled during it kept its worker busy for 20 s. Only the
 * first paths are searched, within a budget of distance work; the wall bounds here are ten times what it takes now
 * and a fraction of what it took.
 */
@Timeout(120)
class SuggestionBoundTest {
    static final int CHANGED = 2_000;
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        repo.write("seed.txt", "seed\n");
        String base = repo.commit("base");
        for (int i = 0; i < CHANGED; i++) {
            repo.write(path(i), i + "\n");
        }
        String head = repo.commit("wide");
        range = base + "..." + head;
    }

    static String path(int i) {
        return "src/module-" + (i % 40) + "/component/handler-" + i + ".txt";
    }

    /** A path one letter off a changed one, close enough to every other path of its folder to be a candidate. */
    static String typo(int i) {
        return "src/module-" + (i % 40) + "/component/handlr-" + i + ".txt";
    }

    @Test
    void thousandsOfUnmatchedPathsAreReportedQuicklyWithSuggestionsForTheFirst() {
        List<String> args = new ArrayList<>(List.of("-C", repo.dir().toString(), "--timeout", "2", range,
                "--files-only"));
        for (int i = 0; i < 5_000; i++) {
            args.add("--file");
            args.add(typo(i % CHANGED) + (i >= CHANGED ? "-" + i : ""));
        }
        long start = System.nanoTime();
        Proc.Result r = PrdiffCli.run(args.toArray(String[]::new));
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("    measured: 5,000 unmatched --file paths against " + CHANGED + " changed files: " + millis
                + " ms");
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(millis < 15_000, millis + " ms");
        String err = r.stderr();
        assertTrue(err.contains("no changed file matches '" + typo(0) + "'; did you mean " + path(0)), err);
        assertTrue(err.contains("did-you-mean suggestions are given for the first 20 of 5000 paths"), err);
        assertEquals(5_000, err.split("no changed file matches", -1).length - 1);
        assertTrue(!err.contains("'" + typo(100) + "'; did you mean"), "path 101 was searched: " + err);
    }

    @Test
    void aCallCancelledDuringTheSearchFreesItsWorker() {
        McpServer.Config config = McpSession.config(repo.dir()).withPool(1, 8);
        try (McpSession s = McpSession.initialized(config)) {
            List<String> paths = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                paths.add(typo(i));
            }
            String[] sides = range.split("\\.\\.\\.");
            ObjectNode wide = JsonNodeFactory.instance.objectNode().put("base", sides[0]).put("head", sides[1])
                    .put("path", String.join(",", paths));
            ObjectNode p = JsonNodeFactory.instance.objectNode().put("name", "get_diff");
            p.set("arguments", wide);
            s.sendRequest("wide", "tools/call", p);
            // Cancel once the worker is inside the search (unless it answered first), as the client did.
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!searching() && !s.hasPending() && System.nanoTime() < deadline) {
                sleep(10);
            }
            boolean caught = searching();
            s.notify("notifications/cancelled", JsonNodeFactory.instance.objectNode().put("requestId", "wide"));
            long cancelled = System.nanoTime();
            while (searching() && System.nanoTime() - cancelled < Duration.ofSeconds(30).toNanos()) {
                sleep(10);
            }
            long stopped = (System.nanoTime() - cancelled) / 1_000_000;
            System.out.println("    measured: the search " + (caught ? "stopped " + stopped + " ms after the cancel"
                    : "had answered before it could be cancelled"));
            assertTrue(stopped < 2_000, "the search ran on " + stopped + " ms after the cancel");
            ObjectNode small = JsonNodeFactory.instance.objectNode().put("base", sides[0]).put("head", sides[1])
                    .put("top", 1);
            ObjectNode q = JsonNodeFactory.instance.objectNode().put("name", "get_changed_files");
            q.set("arguments", small);
            s.sendRequest("next", "tools/call", q);
            JsonNode next = s.next(Duration.ofSeconds(30));
            if ("wide".equals(next.path("id").asText())) {
                next = s.next(Duration.ofSeconds(30)); // it ended before the cancel arrived
            }
            assertEquals("next", next.path("id").asText(), next.toString());
            assertTrue(next.has("result"), next.toString());
        }
    }

    /** A worker of the in-process server is reporting unmatched paths, suggestions and all. */
    static boolean searching() {
        return Thread.getAllStackTraces().entrySet().stream()
                .anyMatch(e -> e.getKey().getName().startsWith("prdiff-mcp-worker") && java.util.Arrays
                        .stream(e.getValue()).anyMatch(f -> f.getClassName().endsWith(".PathSelection")
                                && f.getMethodName().equals("report")));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
