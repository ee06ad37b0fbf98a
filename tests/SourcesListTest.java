import org.junit.jupiter.api.Test;
import support.RepoRoot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** lib/Sources.java lists every file under lib/ by name: a glob would break the catalog alias run from a URL. */
class SourcesListTest {
    @Test
    void everyLibFileIsListedOnceAndNothingElse() throws IOException {
        Path lib = RepoRoot.find().resolve("lib");
        Set<String> onDisk;
        try (Stream<Path> files = Files.walk(lib)) {
            onDisk = files.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("Sources.java"))
                    .map(p -> lib.relativize(p).toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        List<String> listed = Files.readAllLines(lib.resolve("Sources.java")).stream()
                .filter(l -> l.startsWith("//SOURCES ")).map(l -> l.substring("//SOURCES ".length()).strip()).toList();
        assertEquals(listed.size(), new TreeSet<>(listed).size(), "a file is listed twice: " + listed);
        assertEquals(onDisk, new TreeSet<>(listed));
    }
}
