package project;

import org.junit.jupiter.api.Test;
import support.Proc;
import support.RepoRoot;
import support.TempDirs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bench's own arithmetic: bench/Interleaved.java's medians (run as a single-file program, as JBang would) and
 * bench/table's rows from known numbers. The bench itself is too slow for the suite; what it computes is not.
 */
class BenchScriptsTest {
    static final Path ROOT = RepoRoot.find();
    static final String JAVA = ProcessHandle.current().info().command().orElse("java");

    /** key=value lines as a map. */
    static Map<String, String> values(String text) {
        Map<String, String> values = new HashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return values;
    }

    @Test
    void interleavedRoundsGiveEachCommandItsMedian() throws Exception {
        Path commands = TempDirs.create("interleaved-").resolve("commands.txt");
        Files.writeString(commands, "fast\ttrue\nslow\tsleep\t0.2\n");
        Proc.Result r = Proc.run(List.of(JAVA, ROOT.resolve("bench/Interleaved.java").toString(), "3",
                commands.toString()), ROOT, System.getenv(), Duration.ofSeconds(60));
        assertTrue(r.ok(), r.describe());
        Map<String, String> v = values(r.out());
        double fast = Double.parseDouble(v.get("fast"));
        double slow = Double.parseDouble(v.get("slow"));
        assertTrue(slow >= 0.2 && slow < 2, r.out());
        assertTrue(fast < slow, r.out());
        assertTrue(v.get("slow_spread").matches("\\d+\\.\\d\\.\\.\\d+\\.\\d"), r.out());

        Files.writeString(commands, "fast\ttrue\nbroken\tfalse\n");
        Proc.Result broken = Proc.run(List.of(JAVA, ROOT.resolve("bench/Interleaved.java").toString(), "2",
                commands.toString()), ROOT, System.getenv(), Duration.ofSeconds(60));
        assertNotEquals(0, broken.exit(), broken.describe());
        assertTrue(broken.stderr().contains("broken exited 1"), broken.describe());
    }

    @Test
    void theTableSubtractsStartAndGitFromAFileCall() throws Exception {
        Path dir = TempDirs.create("bench-table-");
        Path machine = Files.writeString(dir.resolve("machine.txt"), "machine: test\n");
        Path results = Files.writeString(dir.resolve("results.txt"), String.join("\n",
                "start=0.080000", "start_spread=79.0..81.0",
                "file_modified=0.095000", "file_modified_spread=94.0..96.5", "git_modified=0.002000",
                "file_added=0.120000", "git_added=0.002000",
                "file_added_first=0.300000", "file_renamed_first=1.200000", "git_renamed=0.002000",
                "git_renames=1.000000",
                "files_only=1.0", "numstat=2.0", "full=1.0", "git_full=1.0",
                "parser=mb_per_s=1200 sections=1", "parse_diff=not run", "jbang_tiny=0.2", "java_tiny=0.3",
                "mcp_calls=10", "mcp_get_changed_files_p50_ms=5", "mcp_get_changed_files_p99_ms=6",
                "git_numstat_p50_ms=1", "git_numstat_p99_ms=2", "mcp_get_diff_path_p50_ms=3",
                "mcp_get_diff_path_p99_ms=4", "git_diff_path_p50_ms=1", "git_diff_path_p99_ms=2",
                "mcp_initialize_ms=250") + "\n");
        Proc.Result r = Proc.run(List.of("bash", ROOT.resolve("bench/table").toString(), machine.toString(),
                results.toString()), ROOT, System.getenv(), Duration.ofSeconds(30));
        assertTrue(r.ok(), r.describe());
        String modified = line(r.out(), "| `--file` modified vs");
        assertTrue(modified.contains("95.0 ms (p25..p75 94.0..96.5 ms)"), modified);
        assertTrue(modified.contains("+13.0 ms after start"), modified);
        assertTrue(modified.endsWith("| MISS |"), modified);
        String added = line(r.out(), "| `--file` added, a later call");
        assertTrue(added.contains("+38.0 ms after start"), added);
        // A first call is its proof within git + 10 ms, or a fallback within the full diff's time + 10 ms.
        String addedFirst = line(r.out(), "| `--file` added, a first call");
        assertTrue(addedFirst.contains("+218.0 ms after start; -780.0 ms over the rename pass"), addedFirst);
        assertTrue(addedFirst.endsWith("| PASS (<= full diff) |"), addedFirst);
        String renamedFirst = line(r.out(), "| `--file` renamed, a first call");
        assertTrue(renamedFirst.contains("+120.0 ms over the rename pass"), renamedFirst);
        assertTrue(renamedFirst.endsWith("| MISS |"), renamedFirst);
        assertTrue(line(r.out(), "| Start: `prdiff --version`").contains("p25..p75 79.0..81.0 ms) | 80.0 ms"),
                r.out());
        assertEquals("| `--files-only` vs `git diff --numstat -z` | 1000.0 ms | 2000.0 ms | 0.50x | <= 0.80x | PASS |",
                line(r.out(), "| `--files-only`"));
    }

    @Test
    void theTableGivesTheInstalledCommandsRatiosAndItsPerFileCallOverTheJvmFloor() throws Exception {
        Path dir = TempDirs.create("bench-table-");
        Path machine = Files.writeString(dir.resolve("machine.txt"), "machine: test\n");
        Path results = Files.writeString(dir.resolve("results.txt"), String.join("\n",
                "start=0.2", "installed_version=0.103", "java_version=0.100", "jvm_version=0.049",
                "installed_file_modified=0.095", "installed_file_json=0.131", "file_modified=0.2",
                "git_modified=0.005", "files_only=1.0", "numstat=2.0", "full=1.0", "git_full=1.0", "parser=mb_per_s=1200 sections=1",
                "parse_diff=not run", "jbang_tiny=0.2", "java_tiny=0.3", "mcp_calls=10") + "\n");
        Proc.Result r = Proc.run(List.of("bash", ROOT.resolve("bench/table").toString(), machine.toString(),
                results.toString()), ROOT, System.getenv(), Duration.ofSeconds(30));
        assertTrue(r.ok(), r.describe());
        assertEquals("| installed `prdiff --version` vs the same java command line run directly | 103.0 ms | 100.0 ms"
                + " | 1.03x | <= 1.05x | PASS |", line(r.out(), "| installed `prdiff --version`"));
        assertEquals("| that java command (`--version`) vs `java -version` with the same JVM flags | 100.0 ms | 49.0 ms"
                + " | 2.04x | <= 2.00x | MISS |", line(r.out(), "| that java command"));
        String perFile = line(r.out(), "| installed `prdiff --file` modified");
        assertTrue(perFile.contains("| 95.0 ms | 54.0 ms | +41.0 ms over floor + git |"), perFile);
        assertTrue(perFile.endsWith("| MISS |"), perFile);
        assertEquals("| installed `prdiff --file` modified `--json` vs the same call as text (95.0 ms) | 131.0 ms | |"
                + " +36.0 ms | <= text + 30 ms | MISS |", line(r.out(), "| installed `prdiff --file` modified `--json`"));
    }

    private static String line(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).findFirst().orElse("(no line starting " + start + ")");
    }
}
