package diff;

import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import support.TempRepo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A kept section stays in the parser's read buffer until it ends and leaves it in one copy, so sections that
 * outgrow the buffer (it grows), straddle refills, or end right where a read ends must still come out exactly as
 * git prints each file's diff, whatever sizes the stream's reads return.
 */
class ParserLargeSectionTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String base;
    static String head;
    static final List<String> PATHS = List.of("a-first.txt", "b-big.txt", "c-between.txt", "d-huge.txt", "e-last.txt");

    @BeforeAll
    static void fixture() {
        repo.write("a-first.txt", "one\ntwo\n");
        repo.write("b-big.txt", lines(30_000, "old", "\n"));  // a section of about 2.5 MB: the buffer grows
        repo.write("c-between.txt", "kept\n");
        repo.write("d-huge.txt", lines(70_000, "old", "\r\n"));  // larger still: it grows again
        repo.write("e-last.txt", "last\n");
        base = repo.commit("base");
        repo.write("a-first.txt", "one\ntwo, and no newline");  // "\ No newline at end of file" ends the hunk
        repo.write("b-big.txt", lines(30_000, "new", "\n"));
        repo.write("c-between.txt", "changed\n");
        repo.write("d-huge.txt", lines(70_000, "new", "\r\n") + "tail without newline");
        repo.write("e-last.txt", "last, changed");
        head = repo.commit("head");
    }

    /** Every third line differs between versions, so hunks mix context, removals and additions throughout. */
    static String lines(int n, String version, String eol) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("line ").append(i).append(' ').append(i % 3 == 0 ? version : "same")
                    .append(" padding to make the line longer than a word or two").append(eol);
        }
        return b.toString();
    }

    @ParameterizedTest(name = "reads of at most {0} bytes")
    @ValueSource(ints = {1 << 30, 65_536, 4_099, 333})
    void eachSectionIsGitsOwnDiffOfThatFile(int maxRead) {
        byte[] diff = repo.gitDiff(base, head);
        DiffParser parser = new DiffParser(new ChunkedStream(diff, maxRead));
        List<FileSection> sections = new ArrayList<>();
        for (FileSection s; (s = parser.next()) != null; ) {
            sections.add(s);
        }
        assertEquals(PATHS.size(), sections.size());
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        joined.writeBytes(parser.preamble());
        for (int i = 0; i < sections.size(); i++) {
            FileSection s = sections.get(i);
            String path = PATHS.get(i);
            assertEquals(path, s.newPath());
            assertArrayEquals(repo.gitDiff(base, head, "--", path), s.bytes(), path);
            String[] numstat = repo.text("diff", "--numstat", base, head, "--", path).trim().split("\t");
            assertEquals(numstat[0] + " " + numstat[1], s.additions() + " " + s.deletions(), path);
            joined.writeBytes(s.bytes());
        }
        assertArrayEquals(diff, joined.toByteArray());
    }

    /** Returns the bytes in reads of pseudo-random sizes up to {@code maxRead}, as a pipe may. */
    static final class ChunkedStream extends InputStream {
        private final ByteArrayInputStream in;
        private final int maxRead;
        private final Random sizes = new Random(9);

        ChunkedStream(byte[] bytes, int maxRead) {
            this.in = new ByteArrayInputStream(bytes);
            this.maxRead = maxRead;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, 1 + sizes.nextInt(Math.min(maxRead, 1 << 20))));
        }
    }
}
