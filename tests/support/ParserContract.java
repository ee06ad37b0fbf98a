package support;

import dev.prdiff.diff.DiffParseException;
import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.SectionFilter;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What DiffParser promises for any input bytes at all: it ends within {@link #BOUND_MS}; the only exception it
 * throws is {@link DiffParseException}; an accepted input splits losslessly (preamble + sections == input), also
 * when read a few bytes at a time; and SectionFilter, streaming through {@code copyNext}, gives the same section
 * bytes when every path is selected (and rejects exactly the inputs the parser rejects).
 */
public final class ParserContract {
    public static final long BOUND_MS = 5_000;
    private static ExecutorService worker = newWorker();

    private ParserContract() {}

    /** Throws AssertionError when {@code input} breaks the contract; returns whether the parser accepted it. */
    public static boolean check(byte[] input) {
        Future<Boolean> done = worker.submit(() -> checkNow(input));
        try {
            return done.get(BOUND_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            done.cancel(true);
            worker.shutdownNow();
            worker = newWorker(); // the stuck thread is a daemon and is left behind
            throw new AssertionError("the parser did not finish within " + BOUND_MS + " ms on "
                    + input.length + " bytes");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AssertionError a) {
                throw a;
            }
            throw new AssertionError("unexpected " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted");
        }
    }

    private static boolean checkNow(byte[] input) throws IOException {
        Parsed whole = parse(new ByteArrayInputStream(input));
        Parsed trickled = parse(new Trickle(input));
        assertEquals(whole.error == null, trickled.error == null, "read whole vs. a few bytes at a time");
        Filtered filtered = filter(input, whole.paths());
        assertEquals(whole.error == null, filtered.error == null, "DiffParser.next vs. SectionFilter.copy: "
                + (whole.error != null ? whole.error : filtered.error));
        if (whole.error != null) {
            assertEquals(whole.error.lineNumber(), trickled.error.lineNumber());
            return false;
        }
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        joined.writeBytes(whole.preamble);
        whole.sections.forEach(s -> joined.writeBytes(s.bytes()));
        assertArrayEquals(input, joined.toByteArray(), "preamble + sections == input");
        assertEquals(summary(whole.sections), summary(trickled.sections), "same sections read a few bytes at a time");
        ByteArrayOutputStream selected = new ByteArrayOutputStream();
        whole.sections.stream().filter(s -> SectionFilter.touches(whole.paths(), s))
                .forEach(s -> selected.writeBytes(s.bytes()));
        assertArrayEquals(selected.toByteArray(), filtered.bytes, "SectionFilter.copy of every path");
        assertEquals(whole.sections.size(), filtered.count, "SectionFilter selects every section");
        return true;
    }

    private record Parsed(byte[] preamble, List<FileSection> sections, DiffParseException error) {
        Set<String> paths() {
            Set<String> paths = new HashSet<>();
            for (FileSection s : sections) {
                if (s.oldPath() != null) {
                    paths.add(s.oldPath());
                }
                if (s.newPath() != null) {
                    paths.add(s.newPath());
                }
            }
            return paths;
        }
    }

    /** A section's fields with its bytes as a list, since a record compares arrays by identity. */
    private static List<String> summary(List<FileSection> sections) {
        return sections.stream().map(s -> s.oldPath() + "|" + s.newPath() + "|" + s.changeType() + "|" + s.binary()
                + "|" + s.additions() + "|" + s.deletions() + "|" + s.oldMode() + "|" + s.newMode() + "|"
                + s.similarity() + "|" + s.firstLine() + "|" + java.util.Arrays.hashCode(s.bytes())).toList();
    }

    private record Filtered(byte[] bytes, int count, DiffParseException error) {}

    private static Parsed parse(InputStream in) {
        DiffParser parser = new DiffParser(in);
        List<FileSection> sections = new ArrayList<>();
        try {
            for (FileSection s; (s = parser.next()) != null; ) {
                sections.add(s);
            }
            return new Parsed(parser.preamble(), sections, null);
        } catch (DiffParseException e) {
            return new Parsed(null, sections, e);
        }
    }

    private static Filtered filter(byte[] input, Set<String> paths) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            int n = SectionFilter.copy(new ByteArrayInputStream(input), paths, out);
            return new Filtered(out.toByteArray(), n, null);
        } catch (DiffParseException e) {
            return new Filtered(null, 0, e);
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "parser-contract");
            t.setDaemon(true);
            return t;
        });
    }

    /** Hands out at most 7 bytes per read, so lines cross every buffer boundary. */
    private static final class Trickle extends ByteArrayInputStream {
        Trickle(byte[] b) {
            super(b);
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 7));
        }
    }
}
