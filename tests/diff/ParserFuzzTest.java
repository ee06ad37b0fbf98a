package diff;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import support.DiffMutator;
import support.DiffMutator.Mutation;
import support.FuzzSeeds;
import support.ParserContract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/**
 * Fuzzes DiffParser with jqwik: real diffs from git (FuzzSeeds), each changed by one to eight mutations (byte
 * flips, inserted diff syntax, deletions, duplicated or removed lines, truncation, splicing two diffs), checked
 * against {@link ParserContract}. jqwik shrinks a failure to its fewest mutations and prints the seed.
 *
 * <p>Tries per run: PRDIFF_FUZZ_TRIES (RunTests passes it to jqwik as jqwik.tries.default; 4000 in the suite).
 * A long run: {@code PRDIFF_FUZZ_TRIES=200000 ./jbang tests/RunTests.java ParserFuzz}. A failing input is also
 * written to a temp file, named in the failure, to be added under tests/fixtures/fuzz/ (ParserFuzzFixturesTest).
 */
class ParserFuzzTest {
    @Property(shrinking = net.jqwik.api.ShrinkingMode.BOUNDED)
    void mutatedDiffsKeepTheParserContract(@ForAll("mutatedDiffs") byte[] input) {
        try {
            net.jqwik.api.statistics.Statistics.collect(ParserContract.check(input) ? "accepted" : "rejected");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + " (input saved as " + save(input) + ")", e);
        }
    }

    @Provide
    Arbitrary<byte[]> mutatedDiffs() {
        List<byte[]> seeds = FuzzSeeds.all();
        Arbitrary<Mutation> mutation = Combinators.combine(
                Arbitraries.of(DiffMutator.Kind.class),
                Arbitraries.integers().greaterOrEqual(0),
                Arbitraries.integers().between(0, 1 << 20),
                Arbitraries.integers().between(0, 255)).as(Mutation::new);
        return Combinators.combine(Arbitraries.integers().between(0, seeds.size() - 1),
                        mutation.list().ofMinSize(1).ofMaxSize(8))
                .as((seed, mutations) -> DiffMutator.apply(seeds.get(seed), mutations, seeds));
    }

    static Path save(byte[] input) {
        try {
            String name = "crash-" + HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(input), 0, 6) + ".diff";
            Path file = Path.of(System.getProperty("java.io.tmpdir"), name);
            Files.write(file, input);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
