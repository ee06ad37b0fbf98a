///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//JAVAC_OPTIONS -encoding UTF-8
//DESCRIPTION Times commands in turn, round after round, and prints each one's median (key=value lines)

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Usage: ./jbang bench/Interleaved.java ROUNDS COMMANDS_FILE
 * COMMANDS_FILE has one command per line: a name, then its words, separated by tabs. Each round runs every command
 * once, in file order, with stdin and stdout on /dev/null and stderr discarded; one round first warms up. Prints
 * {@code NAME=MEDIAN_SECONDS} and {@code NAME_spread=P25..P75} per command. Hyperfine times one command after
 * another, so a few seconds of another job's load fall on one of them; in turn, the load falls on all alike, and
 * the difference of two medians (a --file call minus --version: what a call costs after the JVM has started) is
 * then steady to a millisecond or two on a shared two-core machine.
 */
class Interleaved {
    public static void main(String[] args) throws IOException, InterruptedException {
        int rounds = Integer.parseInt(args[0]);
        List<String> names = new ArrayList<>();
        List<List<String>> commands = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            if (!line.isBlank()) {
                List<String> words = List.of(line.split("\t"));
                names.add(words.get(0));
                commands.add(words.subList(1, words.size()));
            }
        }
        double[][] seconds = new double[commands.size()][rounds];
        for (int round = -1; round < rounds; round++) {
            for (int c = 0; c < commands.size(); c++) {
                double s = time(commands.get(c), names.get(c));
                if (round >= 0) {
                    seconds[c][round] = s;
                }
            }
        }
        for (int c = 0; c < commands.size(); c++) {
            double[] sorted = seconds[c].clone();
            Arrays.sort(sorted);
            System.out.printf("%s=%.6f%n%s_spread=%.1f..%.1f%n", names.get(c), quantile(sorted, 0.5), names.get(c),
                    quantile(sorted, 0.25) * 1000, quantile(sorted, 0.75) * 1000);
        }
    }

    /** One run's wall time in seconds; a command that fails ends the benchmark (its output is checked elsewhere). */
    private static double time(List<String> command, String name) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                "/dev/null"))).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        int code = pb.start().waitFor();
        double s = (System.nanoTime() - start) / 1e9;
        if (code != 0) {
            throw new IllegalStateException(name + " exited " + code + ": " + String.join(" ", command));
        }
        return s;
    }

    /** Linear interpolation between the closest ranks, as hyperfine's and Python's medians. */
    private static double quantile(double[] sorted, double q) {
        double rank = q * (sorted.length - 1);
        int low = (int) Math.floor(rank);
        int high = Math.min(low + 1, sorted.length - 1);
        return sorted[low] + (rank - low) * (sorted[high] - sorted[low]);
    }
}
