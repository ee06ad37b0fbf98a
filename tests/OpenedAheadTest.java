import dev.prdiff.app.TargetAhead;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Git;
import org.junit.jupiter.api.Test;
import support.Proc;
import support.RecordingGit;
import support.TempDirs;
import support.TempRepo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command line's range is opened while picocli builds its command ({@code Git.prepare} with {@link TargetAhead},
 * as prdiff's main does): the call then runs only its diff, and for {@code --file PATH} not even that, the diff
 * having been started ahead. A guess that does not match the call, or an opening that failed ahead, changes nothing
 * the call prints.
 */
class OpenedAheadTest {
    /** Opens ahead as main does, waits for it, and forgets the git processes that took. */
    private static void openAhead(RecordingGit git, String... args) {
        Git.prepare(git.env(), TargetAhead.of(args));
        Git.awaitPrepared();
        git.clear();
    }

    @Test
    void theCallUsesTheRangeOpenedAheadAndRunsOnlyItsDiff() {
        try (TempRepo r = DiscoveryTest.forked()) {
            RecordingGit git = RecordingGit.create();
            String[] args = {"-C", r.dir().toString(), "main...feature", "--file", "a.txt"};
            openAhead(git, args);
            byte[] out = PrdiffCli.ok(git.env(), args).stdout();
            assertArrayEquals(r.gitDiff("main...feature", "--", "a.txt"), out);
            assertEquals(List.of("diff"), DiscoveryTest.commands(git), git.calls().toString());

        }
        // A fresh repository: where an MCP server ran in this process, discovery keeps what it found for a
        // directory, and a second opening of it resolves the range in a process of its own.
        try (TempRepo r = DiscoveryTest.forked()) {
            RecordingGit git = RecordingGit.create();
            String[] twoDots = {"-C", r.dir().toString(), "main..feature"};
            openAhead(git, twoDots);
            assertArrayEquals(r.gitDiff("main..feature"), PrdiffCli.ok(git.env(), twoDots).stdout());
            assertEquals(List.of("diff"), DiscoveryTest.commands(git), git.calls().toString());
        }
    }

    @Test
    void aGuessForAnotherRangeIsNotUsed() {
        try (TempRepo r = DiscoveryTest.forked()) {
            RecordingGit git = RecordingGit.create();
            openAhead(git, "-C", r.dir().toString(), "feature...main");
            byte[] out = PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "main...feature").stdout();
            assertArrayEquals(r.gitDiff("main...feature"), out);
            assertTrue(git.calls().stream().anyMatch(call -> call.contains("rev-parse")
                    && call.stream().anyMatch(a -> a.startsWith("main^{commit}"))), git.calls().toString());
        }
    }

    @Test
    void failuresAheadAreTheCallsOwn() {
        try (TempRepo r = DiscoveryTest.forked()) {
            assertSameWithAndWithoutAhead("[SHA_NOT_FOUND]", "-C", r.dir().toString(), "main...no-such-branch");
        }
        try (TempRepo r = DiscoveryTest.forked()) {
            assertSameWithAndWithoutAhead("[INVALID_INPUT]", "-C", r.dir().toString(), "main...-feature");
        }
        assertSameWithAndWithoutAhead("[NOT_A_REPOSITORY]", "-C", TempDirs.create("not-a-repo-").toString(),
                "main...feature");
    }

    /** A call that fails: the same exit and stderr, with {@code code}, whether its range was opened ahead or not. */
    private static void assertSameWithAndWithoutAhead(String code, String... args) {
        RecordingGit git = RecordingGit.create();
        Proc.Result without = PrdiffCli.run(git.env(), args);
        openAhead(git, args);
        Proc.Result with = PrdiffCli.run(git.env(), args);
        assertEquals(1, with.exit(), with.stderr());
        assertTrue(with.stderr().contains(code), with.stderr());
        assertEquals(without.stderr(), with.stderr());
    }

    @Test
    void theFilesDiffIsStartedAheadAndTheCallTakesIt() {
        // A fresh repository each: see theCallUsesTheRangeOpenedAheadAndRunsOnlyItsDiff.
        for (List<String> words : List.of(List.of("main...feature", "--file", "a.txt"), List.of("main..feature", "--file=a.txt"),
                List.of("main..feature", "--file", "a.txt,b.txt"), List.of("feature", "--file", "b.txt"))) {
            try (TempRepo r = DiscoveryTest.forked()) {
                RecordingGit git = RecordingGit.create();
                List<String> all = new java.util.ArrayList<>(List.of("-C", r.dir().toString()));
                all.addAll(words);
                String[] args = all.toArray(String[]::new);
                Git.prepare(git.env(), TargetAhead.of(args));
                Git.awaitPrepared();
                // The recording git writes its log once its shell runs, a moment after the start.
                for (long until = System.nanoTime() + 10_000_000_000L; DiscoveryTest.commands(git).size() < 2
                        && System.nanoTime() < until; ) {
                    Thread.onSpinWait();
                }
                assertEquals(List.of("rev-parse", "diff"), DiscoveryTest.commands(git), git.calls().toString());
                git.clear();
                byte[] out = PrdiffCli.ok(git.env(), args).stdout();
                // feature alone is feature...HEAD, HEAD being main
                String range = args[2].contains(".") ? args[2] : args[2] + "...HEAD";
                List<String> expected = new java.util.ArrayList<>(List.of(range, "--"));
                expected.addAll(List.of(args[args.length - 1].replace("--file=", "").split(",")));
                assertArrayEquals(r.gitDiff(expected.toArray(String[]::new)), out);
                assertTrue(out.length > 0);
                assertEquals(List.of(), DiscoveryTest.commands(git), "the call took the diff started ahead");
            }
        }
    }

    @Test
    void aDiffStartedAheadForAnotherFileIsNotTaken() {
        try (TempRepo r = DiscoveryTest.forked()) {
            RecordingGit git = RecordingGit.create();
            openAhead(git, "-C", r.dir().toString(), "main..feature", "--file", "a.txt");
            try {
                // b.txt changed on main only: taking a.txt's diff would print a section where there is none.
                byte[] out = PrdiffCli.ok(git.env(), "-C", r.dir().toString(), "main..feature", "--file", "b.txt")
                        .stdout();
                assertArrayEquals(r.gitDiff("main..feature", "--", "b.txt"), out);
                assertTrue(out.length > 0);
            } finally {
                Subprocess.dropStartedAhead();
            }
        }
    }

    @Test
    void onlyThePlainShapeIsGuessed() {
        Duration thirty = Duration.ofSeconds(30);
        assertEquals(new Git.Ahead(Path.of("repo"), thirty, new Git.RangeRevisions("main", "feature", true), null),
                TargetAhead.of("-C", "repo", "main...feature", "--file", "a.txt", "--", "b.txt"));
        assertEquals(new Git.Ahead(Path.of(""), thirty, new Git.RangeRevisions("HEAD", "topic", false), null),
                TargetAhead.of("..topic", "--files-only"));
        // A revision alone is REV...HEAD, as the call reads it; an object id is a commit, and not opened ahead.
        assertEquals(new Git.Ahead(Path.of(""), thirty, new Git.RangeRevisions("main~2", "HEAD", true), null),
                TargetAhead.of("main~2", "--stat"));
        // The file's diff is guessed only for exactly one plain --file value (one path, or several with commas).
        assertTrue(TargetAhead.of("-C", "repo", "main...feature", "--file", "a.txt").then() != null);
        assertTrue(TargetAhead.of("main...feature", "--file=dir/a.txt").then() != null);
        assertTrue(TargetAhead.of("main...feature", "--file", "a.txt,b.txt").then() != null);
        for (List<String> args : List.<List<String>>of(
                List.of("main...feature", "--file", "\"caf\\351\""), List.of("main...feature", "--file", "a", "-U1"),
                List.of("main...feature", "--file", "a", "--file", "b"), List.of("main...feature", "--file="),
                List.of("main...feature", "--stat", "--file", "a"))) {
            assertNull(TargetAhead.of(args.toArray(String[]::new)).then(), args.toString());
        }
        for (List<String> args : List.<List<String>>of(List.of(), List.of("--file", "a.txt", "main...feature"),
                List.of("main...feature", "-C", "elsewhere"), List.of("main...feature", "--timeout", "5"),
                List.of("main...feature", "--commit", "HEAD"), List.of("show", "HEAD:a.txt"), List.of("10745"),
                List.of("cli/cli#10745"), List.of("3f2a9c1"), List.of("-C", "a\0b", "main...feature"),
                List.of("-C", "repo"))) {
            assertNull(TargetAhead.of(args.toArray(String[]::new)), args.toString());
        }
    }
}
