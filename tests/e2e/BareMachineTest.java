package e2e;

import org.junit.jupiter.api.Test;
import support.Proc;
import support.RepoRoot;
import support.TempDirs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/testing.md's bare-machine recipe as a test: the classes its table says a machine without gh or Node.js skips are
 * run by RunTests in a JVM of its own whose PATH holds everything but gh, node and npm. They must skip, and nothing
 * may throw (a teardown closing a scenario that never started did). Classes of which only some cases need gh are
 * left out: their other cases run here anyway.
 */
class BareMachineTest {
    private static final Set<String> HIDDEN = Set.of("gh", "node", "nodejs", "npm", "npx", "corepack");

    @Test
    void theClassesThatNeedGhOrNodeSkipOnAMachineWithoutThem() throws IOException {
        List<String> classes = classesTheSkipTableNames();
        assertTrue(classes.size() >= 10, classes.toString());
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("PRDIFF_REQUIRE_ALL");
        env.put("PATH", bareBin().toString());
        List<String> argv = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dfile.encoding=UTF-8", "-cp", System.getProperty("java.class.path"), "RunTests",
                "^(" + String.join("|", classes) + ")$");
        Proc.Result r = Proc.run(argv, RepoRoot.find(), env, Duration.ofSeconds(300));
        String out = r.out();
        assertEquals(0, r.exit(), r.describe());
        assertTrue(out.matches("(?s).*\n0 passed, 0 failed, \\d+ skipped\n"), out);
        assertTrue(out.contains("skipped: gh is not on PATH"), out);
        assertFalse(out.contains("Exception"), out);
    }

    /** The names in docs/testing.md's "to run | install" table, but for the classes named as "the gh cases of". */
    static List<String> classesTheSkipTableNames() throws IOException {
        String testing = Files.readString(RepoRoot.find().resolve("docs/testing.md"));
        int table = testing.indexOf("| to run | install |");
        String rows = testing.substring(table, testing.indexOf("\n\n", table));
        Set<String> names = new LinkedHashSet<>();
        Matcher m = Pattern.compile("`(\\w+Test)`").matcher(rows);
        while (m.find()) {
            names.add(m.group(1));
        }
        Matcher partly = Pattern.compile("the gh cases of ((?:`\\w+Test`(?:, | and )?)+)").matcher(rows);
        while (partly.find()) {
            Matcher name = Pattern.compile("`(\\w+Test)`").matcher(partly.group(1));
            while (name.find()) {
                names.remove(name.group(1));
            }
        }
        return new ArrayList<>(names);
    }

    /** A folder of links to every program on PATH but gh, node and npm (the first of each name, as PATH finds it). */
    static Path bareBin() throws IOException {
        Path bin = TempDirs.create("bare-bin-");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path folder = Path.of(dir.isEmpty() ? "." : dir);
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (var programs = Files.list(folder)) {
                for (Path program : programs.toList()) {
                    Path link = bin.resolve(program.getFileName().toString());
                    if (!HIDDEN.contains(program.getFileName().toString())
                            && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, program.toAbsolutePath());
                    }
                }
            }
        }
        return bin;
    }
}
