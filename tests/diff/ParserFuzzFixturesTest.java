package diff;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import support.ParserContract;
import support.RepoRoot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** Replays every input the parser fuzzer (ParserFuzzTest) ever found, kept under tests/fixtures/fuzz/. */
class ParserFuzzFixturesTest {
    @TestFactory
    Stream<DynamicTest> everyFoundInputKeepsTheContract() throws IOException {
        Path dir = RepoRoot.find().resolve("tests/fixtures/fuzz");
        List<Path> inputs;
        try (Stream<Path> files = Files.list(dir)) {
            inputs = files.filter(p -> p.toString().endsWith(".diff")).sorted().toList();
        }
        assertFalse(inputs.isEmpty(), "no fixtures under " + dir);
        return inputs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(),
                () -> ParserContract.check(Files.readAllBytes(p))));
    }
}
