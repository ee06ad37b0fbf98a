package diff;

import dev.prdiff.diff.DiffParser;
import dev.prdiff.diff.FileSection;
import org.junit.jupiter.api.Test;
import support.Proc;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Memory is bounded by the largest section, not the diff: a JVM with a 32 MB heap splits a 512 MB diff that is
 * generated on the fly and never held anywhere whole.
 */
class DiffParserMemoryTest {
    static final long SECTIONS = 16_384;
    static final int LINES_PER_SECTION = 1_024; // 32 KiB of hunk lines per section

    @Test
    void aHalfGigabyteDiffSplitsInA32MegabyteHeap() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Proc.Result r = Proc.run(List.of(java, "-Xmx32m", "-cp", System.getProperty("java.class.path"),
                        "diff.DiffParserMemoryTest$Split"), Path.of("").toAbsolutePath(),
                Map.of("PATH", System.getenv("PATH")), Duration.ofMinutes(5));
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(SECTIONS + " sections, " + SECTIONS * LINES_PER_SECTION / 2 + " additions", r.out().trim());
        assertTrue(r.stderr().isEmpty(), r.stderr());
    }

    /**
     * Selecting sections holds only what is selected, one header at a time: a 256 MB section, unselected or
     * selected into a counting sink, passes through a 32 MB heap.
     */
    @Test
    void aQuarterGigabyteSectionPassesSelectionInA32MegabyteHeap() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String wanted : List.of("small.txt", "big.txt")) {
            Proc.Result r = Proc.run(List.of(java, "-Xmx32m", "-cp", System.getProperty("java.class.path"),
                            "diff.DiffParserMemoryTest$Select", wanted), Path.of("").toAbsolutePath(),
                    Map.of("PATH", System.getenv("PATH")), Duration.ofMinutes(5));
            assertEquals(0, r.exit(), r.stderr());
            long bigBytes = OneBigSection.sectionBytes("big.txt", OneBigSection.BIG_LINES);
            long smallBytes = OneBigSection.sectionBytes("small.txt", 2);
            assertEquals("1 selected, " + (wanted.equals("big.txt") ? bigBytes : smallBytes) + " bytes", r.out().trim());
        }
    }

    static final class Select {
        public static void main(String[] args) throws java.io.IOException {
            long[] count = {0};
            java.io.OutputStream sink = new java.io.OutputStream() {
                @Override
                public void write(int b) {
                    count[0]++;
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    count[0] += len;
                }
            };
            int selected = dev.prdiff.diff.SectionFilter.copy(new OneBigSection(), java.util.Set.of(args[0]), sink);
            System.out.println(selected + " selected, " + count[0] + " bytes");
        }
    }

    /** "big.txt" with BIG_LINES added lines of 32 bytes, then "small.txt" with two, generated as read. */
    static final class OneBigSection extends InputStream {
        static final long BIG_LINES = 8L << 20;
        private static final byte[] LINE = "+0123456789012345678901234567890\n".getBytes(StandardCharsets.US_ASCII);
        private final byte[] bigHeader = header("big.txt", BIG_LINES);
        private final byte[] small = section("small.txt");
        private long pos;

        static byte[] header(String name, long lines) {
            return ("diff --git a/" + name + " b/" + name + "\nnew file mode 100644\nindex 0000000..1234567\n"
                    + "--- /dev/null\n+++ b/" + name + "\n@@ -0,0 +1," + lines + " @@\n").getBytes(StandardCharsets.US_ASCII);
        }

        static byte[] section(String name) {
            byte[] h = header(name, 2);
            byte[] all = java.util.Arrays.copyOf(h, h.length + 2 * LINE.length);
            System.arraycopy(LINE, 0, all, h.length, LINE.length);
            System.arraycopy(LINE, 0, all, h.length + LINE.length, LINE.length);
            return all;
        }

        static long sectionBytes(String name, long lines) {
            return header(name, lines).length + lines * LINE.length;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            long bigEnd = bigHeader.length + BIG_LINES * LINE.length;
            if (pos >= bigEnd + small.length) {
                return -1;
            }
            // One piece at a time: the rest of the header, of the line the position is in, or of the small section.
            int n;
            if (pos < bigHeader.length) {
                n = Math.min(len, bigHeader.length - (int) pos);
                System.arraycopy(bigHeader, (int) pos, b, off, n);
            } else if (pos < bigEnd) {
                int in = (int) ((pos - bigHeader.length) % LINE.length);
                n = Math.min(len, LINE.length - in);
                System.arraycopy(LINE, in, b, off, n);
            } else {
                n = Math.min(len, small.length - (int) (pos - bigEnd));
                System.arraycopy(small, (int) (pos - bigEnd), b, off, n);
            }
            pos += n;
            return n;
        }
    }

    /** Runs in the small-heap JVM: parses the generated diff keeping every section's bytes, one at a time. */
    static final class Split {
        public static void main(String[] args) {
            DiffParser parser = new DiffParser(new GeneratedDiff());
            long sections = 0;
            long additions = 0;
            for (FileSection s; (s = parser.next()) != null; ) {
                sections++;
                additions += s.additions();
                if (s.bytes().length < LINES_PER_SECTION * 30) {
                    throw new AssertionError("section bytes were not kept");
                }
            }
            System.out.println(sections + " sections, " + additions + " additions");
        }
    }

    /** A valid git diff of SECTIONS modified files, produced byte by byte as it is read. */
    static final class GeneratedDiff extends InputStream {
        private long section;
        private byte[] chunk = new byte[0];
        private int pos;

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == chunk.length) {
                if (section == SECTIONS) {
                    return -1;
                }
                chunk = section(section++);
                pos = 0;
            }
            int n = Math.min(len, chunk.length - pos);
            System.arraycopy(chunk, pos, b, off, n);
            pos += n;
            return n;
        }

        /** The hunk lines, the same in every section: made once, so the parser's work is what the JVM spends. */
        private static final byte[] HUNK = hunk();

        private static byte[] hunk() {
            StringBuilder sb = new StringBuilder();
            for (int l = 0; l < LINES_PER_SECTION / 2; l++) {
                sb.append("-old line ").append(String.format("%020d", l)).append('\n');
            }
            for (int l = 0; l < LINES_PER_SECTION / 2; l++) {
                sb.append("+new line ").append(String.format("%020d", l)).append('\n');
            }
            return sb.toString().getBytes(StandardCharsets.UTF_8);
        }

        private static byte[] section(long i) {
            StringBuilder sb = new StringBuilder();
            String name = "dir" + (i % 97) + "/file " + i + ".txt";
            sb.append("diff --git a/").append(name).append(" b/").append(name).append('\n')
                    .append("index 1234567..89abcde 100644\n")
                    .append("--- a/").append(name).append("\t\n")
                    .append("+++ b/").append(name).append("\t\n")
                    .append("@@ -1,").append(LINES_PER_SECTION / 2).append(" +1,").append(LINES_PER_SECTION / 2)
                    .append(" @@ heading\n");
            byte[] header = sb.toString().getBytes(StandardCharsets.UTF_8);
            byte[] all = java.util.Arrays.copyOf(header, header.length + HUNK.length);
            System.arraycopy(HUNK, 0, all, header.length, HUNK.length);
            return all;
        }
    }
}
