package dev.prdiff.diff;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static java.nio.charset.StandardCharsets.US_ASCII;

/**
 * Splits a git unified diff into {@link FileSection}s, streaming over bytes. Every line is read once, by the one
 * {@link LineGrammar}, and {@link #copyNext} hands on each line of a wanted section with its {@link LineKind}.
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
    private static final int DIFF_GIT_LENGTH = "diff --git ".length();
    private static final byte[] HUNK = "@@ -".getBytes(US_ASCII);

    private final LineReader lines;
    private final LineGrammar grammar = new LineGrammar();
    private final boolean keepBytes;
    /** The current line's kind; null at the end of the input. */
    private LineKind kind;
    private byte[] preamble;
    /** Where a section's lines go once its header has been judged by {@link #copyNext}; null: nowhere. */
    private LineSink body;
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
        classify();
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

    /** As {@link #copyNext(Predicate, LineSink)}, writing a wanted section's bytes to {@code out}. */
    public FileSection copyNext(Predicate<FileSection> wanted, OutputStream out) throws IOException {
        return copyNext(wanted, LineSink.bytes(out));
    }

    /**
     * Reads the next section and hands its lines, each with its kind, to {@code out} only if {@code wanted} accepts
     * it, judged on its header (paths and change type; counts are zero then). Only the header is ever held in
     * memory, so an unselected section of any size costs nothing but reading. Returns the section without bytes,
     * or null at the end of the input.
     */
    public FileSection copyNext(Predicate<FileSection> wanted, LineSink out) throws IOException {
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
                    handMarkedHeader(out);
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

    /** The header lines held since the section's start: its {@code diff --git} line, then header lines. */
    private void handMarkedHeader(LineSink out) throws IOException {
        byte[] b = lines.buffer();
        int end = lines.start();
        LineKind k = LineKind.SECTION;
        int from = lines.markStart();
        for (int i = from; i < end; i++) {
            if (b[i] == '\n') {
                out.line(k, b, from, i + 1 - from);
                k = LineKind.HEADER;
                from = i + 1;
            }
        }
        if (from < end) {
            out.line(k, b, from, end - from); // the input's last line, without a newline
        }
    }

    private void readPreamble() throws IOException {
        ByteArrayOutputStream pre = new ByteArrayOutputStream();
        while (lines.hasLine() && kind != LineKind.SECTION) {
            pre.write(lines.buffer(), lines.start(), lines.length());
            advance();
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
        header.diffGitLine(lines.buffer(), lines.start() + DIFF_GIT_LENGTH, lines.start() + lines.contentLength());
        take();
        // "@@ -" that the grammar did not read as a hunk header is a malformed one, reported below.
        while (kind == LineKind.HEADER && !lines.startsWith(HUNK)) {
            header.headerLine(lines.buffer(), lines.start(), lines.start() + lines.contentLength(),
                    lines.lineNumber());
            take();
        }
        if (kind == LineKind.BINARY) {
            header.headerLine(lines.buffer(), lines.start(), lines.start() + lines.contentLength(),
                    lines.lineNumber()); // marks the section binary
        }
        if (headerDone != null) {
            headerDone.accept(header);
        }
        // A "GIT binary patch" body runs to the next section; its lines are base85 and never start with "diff".
        while (kind == LineKind.BINARY) {
            take();
        }
        long[] counts = new long[2];
        while (kind == LineKind.HUNK_HEADER) {
            readHunk(counts);
        }
        if (lines.hasLine() && kind != LineKind.SECTION) {
            if (lines.startsWith(HUNK)) {
                throw new DiffParseException(lines.lineNumber(), "malformed hunk header: " + preview());
            }
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

    /** A hunk: its header, then the lines its counts promise, then any no-newline marker after the last. */
    private void readHunk(long[] counts) throws IOException {
        long headerLine = lines.lineNumber();
        long[] range = HunkHeader.parse(lines.buffer(), lines.start(), lines.start() + lines.contentLength());
        long oldLeft = range[0];
        long newLeft = range[1];
        take();
        while (oldLeft > 0 || newLeft > 0) {
            if (!lines.hasLine()) {
                throw new DiffParseException(headerLine, "hunk ends early: input stops with " + oldLeft
                        + " old and " + newLeft + " new lines still expected");
            }
            LineKind k = kind;
            if (k == LineKind.CONTEXT) {
                oldLeft--;
                newLeft--;
            } else if (k == LineKind.ADDED) {
                newLeft--;
                counts[0]++;
            } else if (k == LineKind.REMOVED) {
                oldLeft--;
                counts[1]++;
            } else if (k != LineKind.NO_NEWLINE) {
                throw new DiffParseException(lines.lineNumber(), "hunk starting at line " + headerLine
                        + " has a line that is none of its own (" + oldLeft + " old and " + newLeft
                        + " new lines still expected): " + preview());
            }
            take();
        }
        while (kind == LineKind.NO_NEWLINE) {
            take(); // "\ No newline at end of file" after the hunk's last line
        }
    }

    /** Moves past the current line, after handing it on where a judged header sends its body (copyNext). */
    private void take() throws IOException {
        if (streaming && headerJudged && body != null) {
            body.line(kind, lines.buffer(), lines.start(), lines.length());
        }
        // Other lines stay in the reader's buffer while marked (readSection) and leave it in one copy.
        advance();
    }

    private void advance() throws IOException {
        lines.advance();
        classify();
    }

    private void classify() {
        kind = lines.hasLine() ? grammar.kind(lines.buffer(), lines.start(), lines.end()) : null;
    }

    private String preview() {
        int n = Math.min(lines.contentLength(), 80);
        return new String(lines.buffer(), lines.start(), n, java.nio.charset.StandardCharsets.UTF_8);
    }
}
