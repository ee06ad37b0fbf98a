package cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.PrdiffCli;
import support.HangingRepo;
import support.Proc;
import support.TempRepo;
import support.TempDirs;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exit codes and stable error codes: 1 for errors printed as "prdiff: error [CODE]: ...", 2 for usage. */
class CliErrorsTest {
    @Test
    void anUnknownRevisionIsNotFoundNeverAFallback() {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n");
            r.commit("a");
            String dir = r.dir().toString();
            for (String[] args : new String[][] {
                {"-C", dir, "--commit", "0123456789abcdef0123456789abcdef01234567"},
                {"-C", dir, "main~5"},
                {"-C", dir, "main...nope"},
                {"-C", dir, "nope..main"},
                {"-C", dir, "--base", "nope"},
            }) {
                Proc.Result res = PrdiffCli.run(args);
                assertEquals(1, res.exit(), String.join(" ", args));
                // hex digits and a ref's missing ancestor are no commit; a name no ref has is a ref not found
                String code = String.join(" ", args).contains("nope") ? "REF_NOT_FOUND" : "SHA_NOT_FOUND";
                assertTrue(res.stderr().startsWith("prdiff: error [" + code + "]: "), res.stderr());
                assertEquals(0, res.stdout().length);
            }
        }
    }

    @Test
    void outsideARepositoryIsNotARepository() throws Exception {
        Path empty = TempDirs.create("prdiff-norepo-");
        Proc.Result res = PrdiffCli.run("-C", empty.toString(), "--commit", "HEAD");
        assertEquals(1, res.exit());
        assertTrue(res.stderr().startsWith("prdiff: error [NOT_A_REPOSITORY]: "), res.stderr());
        Files.delete(empty);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "--no-such-option",
        "--timeout|abc",
        "--timeout|0",
        "a...b|extra",
        "-x...main",
    })
    void badUsageExitsTwo(String joined) {
        Proc.Result res = PrdiffCli.run(joined.split("\\|"));
        assertEquals(2, res.exit(), res.stderr());
        assertTrue(res.stderr().startsWith("prdiff: usage error: "), res.stderr());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "https://github.com/o/r/issues/1",
        "0",
        "#0",
        "https://example.com/not/a/pr",
        "--commit|HEAD|a...b",
        "--commit=",
        "--commit|-rf",
        "--commit=-rf",
        "--base=-x",
        "--base=-x...main",
        "--commit=a\nb",
    })
    void invalidInputIsReportedWithItsCode(String joined) {
        Proc.Result res = PrdiffCli.run(joined.split("\\|"));
        assertEquals(1, res.exit(), res.stderr());
        assertTrue(res.stderr().startsWith("prdiff: error [INVALID_INPUT]: "), res.stderr());
    }

    @Test
    void aHangingGitIsKilledAtTheTimeoutWithANamedError() {
        try (HangingRepo hang = HangingRepo.create()) {
            long start = System.nanoTime();
            Proc.Result res = PrdiffCli.run("-C", hang.repo.dir().toString(), "--timeout", "1");
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            assertEquals(1, res.exit(), res.stderr());
            assertTrue(res.stderr().matches("(?s)prdiff: error \\[TIMEOUT]: git \\w[\\w-]* timed out after 1s\\n"),
                    res.stderr());
            assertTrue(seconds < 20, "took " + seconds + "s");
        }
    }
}
