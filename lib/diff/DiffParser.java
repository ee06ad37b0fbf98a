package dev.prdiff.diff;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.US_ASCII;

/**
 * Splits a git unified diff into {@link FileSection}s, streaming over bytes.
 *
 * <p>Lossless: the preamble (anything before the first {@code diff --git} line) followed by every section's
 * bytes is the input, byte for byte. Memory is bounded by the largest section (or constant when bytes are
 * not kept). Each parse step begins on its object's first line and stops on the line after it.
 *
 * <p>Any input bytes at all: the parser ends, and the only failure it raises is {@link DiffParseException}
 * (an I/O failure of the stream aside); what it accepts it splits losslessly, and {@link #copyNext} accepts and
 * writes exactly the same. ParserFuzzTest checks this on mutated real diffs.
 */
public final class DiffParser {
    private static final byte[] DIFF_GIT = ascii("diff --git ");
    private static final byte[] HUNK = ascii("@@ -");

    private final LineReader lines;
    private final boolean keepBytes;
    private byte[] preamble;
    /** Where a section's lines go once its header has been judged by {@link #copyNext}; null: nowhere. */
    private java.io.OutputStream body;
    private boolean streaming;
    private boolean headerJudged;

    public DiffParser(InputStream in) {
        this(in, true);
    }

    /** With {@code keepBytes} false, sections carry no bytes and memory stays constant. */
    public DiffParser(InputStream in, boolean keepBytes) {
        this.keepBytes = keepBytes;
        try {
            this.lines = new LineReader(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<FileSection> parseAll(byte[] diff) {
        DiffParser parser = new DiffParser(new ByteArrayInputStream(diff));
        List<FileSection> all = new ArrayList<>();
        for (FileSection s; (s = parser.next()) != null; ) {
            all.add(s);
        }
        return all;
    }

    /** Bytes before the first section (empty for plain git diff output); available after the first {@link #next()}. */
    public byte[] preamble() {
        return preamble;
    }

    /** The next file section, or null at the end of the input. */
    public FileSection next() {
        try {
            if (preamble == null) {
                readPreamble();
            }
            if (!lines.hasLine()) {
                return null;
            }
            return readSection(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads the next section and writes its bytes to {@code out} only if {@code wanted} accepts it, judged on its
     * header (paths and change type; counts are zero then). Only the header is ever held in memory, so an
     * unselected section of any size costs nothing but reading. Returns the section without bytes, or null at
     * the end of the input.
     */
    public FileSection copyNext(java.util.function.Predicate<FileSection> wanted, java.io.OutputStream out)
            throws IOException {
        if (preamble == null) {
            readPreamble();
        }
        if (!lines.hasLine()) {
            return null;
        }
        streaming = true;
        headerJudged = false;
        try {
            return readSection(header -> {
                if (wanted.test(header.build(0, 0, null))) {
                    lines.writeMarked(out);
                    body = out;
                } else {
                    body = null;
                }
                lines.unmark(); // the body goes on to out or nowhere, never into memory
                headerJudged = true;
            });
        } finally {
            streaming = false;
            body = null;
        }
    }

    /** Called once a section's header lines are read, before its body. */
    private interface HeaderDone {
        void accept(SectionHeader header) throws IOException;
    }

    private void readPreamble() throws IOException {
        ByteArrayOutputStream pre = new ByteArrayOutputStream();
        while (lines.hasLine() && !lines.startsWith(DIFF_GIT)) {
            pre.write(lines.buffer(), lines.start(), lines.length());
            lines.advance();
        }
        preamble = pre.toByteArray();
    }

    private FileSection readSection(HeaderDone headerDone) throws IOException {
        // A kept section, or a header still to be judged by copyNext, stays in the reader's buffer from here on.
        boolean collect = keepBytes && !streaming;
        if (collect || streaming) {
            lines.mark();
        } else {
            lines.unmark();
        }
        long firstLine = lines.lineNumber();
        SectionHeader header = new SectionHeader(firstLine);
        header.diffGitLine(lines.buffer(), lines.start() + DIFF_GIT.length, lines.start() + lines.contentLength());
        take();
        boolean judged = false;
        while (lines.hasLine() && !lines.startsWith(DIFF_GIT) && !lines.startsWith(HUNK)) {
            boolean binaryPatch = header.headerLine(lines.buffer(), lines.start(),
                    lines.start() + lines.contentLength(), lines.lineNumber());
            take();
            if (binaryPatch) {
                if (headerDone != null) {
                    headerDone.accept(header);
                    judged = true;
                }
                skipBinaryPatch();
            }
        }
        if (headerDone != null && !judged) {
            headerDone.accept(header);
        }
        long[] counts = new long[2];
        while (lines.hasLine() && lines.startsWith(HUNK)) {
            readHunk(counts);
        }
        if (lines.hasLine() && !lines.startsWith(DIFF_GIT)) {
            throw new DiffParseException(lines.lineNumber(), "expected a hunk or the next 'diff --git' line, found: "
                    + preview());
        }
        byte[] bytes = null;
        if (collect) {
            bytes = lines.marked();
            lines.unmark();
        }
        return header.build(counts[0], counts[1], bytes);
    }

    /** A "GIT binary patch" body runs to the next section; its lines are base85 and never start with "diff". */
    private void skipBinaryPatch() throws IOException {
        while (lines.hasLine() && !lines.startsWith(DIFF_GIT)) {
            take();
        }
    }

    private void readHunk(long[] counts) throws IOException {
        long headerLine = lines.lineNumber();
        long[] range = HunkHeader.parse(lines.buffer(), lines.start(), lines.start() + lines.contentLength());
        if (range == null) {
            throw new DiffParseException(headerLine, "malformed hunk header: " + preview());
        }
        long oldLeft = range[0];
        long newLeft = range[1];
        take();
        while (oldLeft > 0 || newLeft > 0) {
            if (!lines.hasLine()) {
                throw new DiffParseException(headerLine, "hunk ends early: input stops with " + oldLeft
                        + " old and " + newLeft + " new lines still expected");
            }
            byte op = lines.byteAt(0);
            if (op == ' ' || lines.contentLength() == 0) {
                // A bare newline is an empty context line from a tool that trims trailing spaces.
                oldLeft--;
                newLeft--;
            } else if (op == '-') {
                oldLeft--;
                counts[1]++;
            } else if (op == '+') {
                newLeft--;
                counts[0]++;
            } else if (op != '\\') {
                throw new DiffParseException(lines.lineNumber(), "hunk starting at line " + headerLine
                        + " has an unexpected line (" + oldLeft + " old and " + newLeft + " new lines still expected): "
                        + preview());
            }
            if (oldLeft < 0 || newLeft < 0) {
                throw new DiffParseException(lines.lineNumber(), "hunk starting at line " + headerLine
                        + " has more lines than its header counts");
            }
            take();
        }
        while (lines.hasLine() && lines.byteAt(0) == '\\') {
            take(); // "\ No newline at end of file" after the hunk's last line
        }
    }

    /** Moves past the current line, after writing it where a judged header sends its body (copyNext). */
    private void take() throws IOException {
        if (streaming && headerJudged && body != null) {
            body.write(lines.buffer(), lines.start(), lines.length());
        }
        // Other lines stay in the reader's buffer while marked (readSection) and leave it in one copy.
        lines.advance();
    }

    private String preview() {
        int n = Math.min(lines.contentLength(), 80);
        return new String(lines.buffer(), lines.start(), n, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(US_ASCII);
    }
}
