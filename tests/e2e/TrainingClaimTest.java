package e2e;

import support.Proc;
import support.StandInClone;
import support.Wrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Only one launch at a time trains the launch's archive: it claims it with a folder beside the record, and launches
 * meanwhile run without an archive instead of each training one (MCP hosts start their servers at once). A claim
 * left by a killed run is taken over after ten minutes. Whole processes through ./jbang on a stand-in clone
 * (support.StandInClone: the subject is the wrapper, whose claim is the same for any script), each test with a JBang
 * cache of its own and a launch record whose archive was removed, so the next launch trains.
 */
class TrainingClaimTest {
    private static final String WRITING = "(writing a CDS archive)";
    private static final String MEANWHILE = "(another launch is writing the archive; running without one)";
    private static final String VERSION = "prdiff " + StandInClone.VERSION;

    @Test
    void aLaunchWhileAnotherTrainsRunsWithoutAnArchiveAndAClaimTenMinutesOldIsTakenOver(@TempDir Path tmp)
            throws IOException {
        Map<String, String> env = recordWithoutArchive(tmp);
        Path claim = Files.createDirectory(Path.of(jsa(tmp) + ".training"));

        Proc.Result meanwhile = launch(tmp, env);
        assertEquals(0, meanwhile.exit(), meanwhile.describe());
        assertEquals(VERSION + "\n", meanwhile.out());
        assertTrue(meanwhile.stderr().contains(MEANWHILE), meanwhile.stderr());
        assertFalse(Files.exists(jsa(tmp)), "an archive was written although another launch claimed it");
        assertTrue(Files.isDirectory(claim), "another launch's claim was removed");

        // The claim of a run killed eleven minutes ago: the next launch takes it over, trains, and removes it.
        Files.setLastModifiedTime(claim, FileTime.from(Instant.now().minus(Duration.ofMinutes(11))));
        Proc.Result takeOver = launch(tmp, env);
        assertEquals(0, takeOver.exit(), takeOver.describe());
        assertEquals(VERSION + "\n", takeOver.out());
        assertTrue(takeOver.stderr().contains(WRITING), takeOver.stderr());
        assertTrue(Files.isRegularFile(jsa(tmp)), "no archive written");
        assertFalse(Files.exists(claim), "the claim was left behind");
    }

    @Test
    void launchesAtOnceTrainOneArchive(@TempDir Path tmp) throws IOException {
        Map<String, String> env = recordWithoutArchive(tmp);
        List<CompletableFuture<Proc.Result>> launches = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            launches.add(CompletableFuture.supplyAsync(() -> launch(tmp, env)));
        }
        int writing = 0;
        for (CompletableFuture<Proc.Result> f : launches) {
            Proc.Result r = f.join();
            assertEquals(0, r.exit(), r.describe());
            assertEquals(VERSION + "\n", r.out());
            writing += r.stderr().contains(WRITING) ? 1 : 0;
        }
        assertEquals(1, writing, "launches that wrote an archive");
        assertTrue(Files.isRegularFile(jsa(tmp)), "no archive written");
        assertFalse(Files.exists(Path.of(jsa(tmp) + ".training")), "the claim was left behind");
    }

    /**
     * A fresh JBang cache seeded from the shared build, one launch that makes the record (and an archive), and that
     * archive removed: the record stays valid, so the next launch trains a new one.
     */
    private static Map<String, String> recordWithoutArchive(Path tmp) throws IOException {
        StandInClone.make(tmp.resolve("clone"));
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        Proc.Result first = launch(tmp, env);
        assertEquals(0, first.exit(), first.describe());
        Files.deleteIfExists(jsa(tmp));
        Files.deleteIfExists(Path.of(jsa(tmp) + ".none"));
        return env;
    }

    private static Proc.Result launch(Path tmp, Map<String, String> env) {
        Path clone = tmp.resolve("clone");
        return Wrapper.run(clone, clone.resolve("prdiff.java"), List.of("--version"), env, null);
    }

    /** The CDS archive the record names: RECORD.ID.jsa, ID being the record's third line. */
    private static Path jsa(Path tmp) throws IOException {
        Path record = Wrapper.launchRecord(tmp.resolve("jbang-dir"), tmp.resolve("clone/prdiff.java"));
        return Path.of(record + "." + Files.readAllLines(record).get(2) + ".jsa");
    }
}
