///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//JAVAC_OPTIONS -encoding UTF-8
//JAVA_OPTIONS -Xmx256m
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DESCRIPTION The diff parser alone: splits a diff file into sections and prints MB/s (one line of key=value)
//SOURCES ../lib/Sources.java

import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Usage: ./jbang bench/ParseSpeed.java DIFF_FILE [RUNS]
 * Splits the file RUNS times (default 3) keeping each section's bytes, as prdiff does for --file, and prints
 * the median throughput plus what the split found: sections, additions, deletions, and whether the preamble and
 * the sections' bytes add up to the file's size (they must: splitting is lossless).
 */
class ParseSpeed {
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long size = Files.size(file);
        double[] mbPerS = new double[runs];
        Totals totals = null;
        for (int r = 0; r < runs; r++) {
            long start = System.nanoTime();
            totals = split(file);
            mbPerS[r] = size / 1e6 / ((System.nanoTime() - start) / 1e9);
        }
        Arrays.sort(mbPerS);
        System.out.printf("mb_per_s=%.0f bytes=%d sections=%d additions=%d deletions=%d lossless=%b heap_max_mb=%d%n",
                mbPerS[runs / 2], size, totals.sections, totals.additions, totals.deletions, totals.bytes == size,
                Runtime.getRuntime().maxMemory() >> 20);
    }

    record Totals(long sections, long additions, long deletions, long bytes) {}

    static Totals split(Path file) throws IOException {
        long sections = 0, additions = 0, deletions = 0, bytes = 0;
        try (InputStream in = new FileInputStream(file.toFile())) {
            DiffParser parser = new DiffParser(in);
            for (FileSection s; (s = parser.next()) != null; ) {
                sections++;
                additions += s.additions();
                deletions += s.deletions();
                bytes += s.bytes().length;
            }
            bytes += parser.preamble() == null ? 0 : parser.preamble().length;
        }
        return new Totals(sections, additions, deletions, bytes);
    }
}
