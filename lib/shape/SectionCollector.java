package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@link OutputShape#copy} writes when the answer is one JSON envelope instead of diff text: the same
 * pipeline shapes each section, and this keeps every section apart with its shaped bytes, whether shaping trimmed
 * it, and, under a byte budget, whether the budget left it out and the call that fetches it. Bytes written
 * outside a section (the budget's own output and table of contents) are dropped: the envelope says the same per file.
 * Made with a {@code forward} stream, it also passes every byte on, so one diff run gives the text answer and its
 * sections.
 */
public final class SectionCollector extends OutputStream {
    /** One section: {@code diff} null when the byte budget left it out, then {@code fetch} is the call for it. */
    public record Collected(FileSection section, byte[] diff, long size, boolean truncated, String fetch) {}

    private final List<Collected> sections = new ArrayList<>();
    private ByteArrayOutputStream current;
    private OutputShape.Outcome outcome;
    private final OutputStream forward;

    public SectionCollector() {
        this(null);
    }

    /** {@code forward}: where every byte written here also goes, as it would without a collector; null for none. */
    public SectionCollector(OutputStream forward) {
        this.forward = forward;
    }

    void begin() {
        current = new ByteArrayOutputStream();
    }

    void end(FileSection section, boolean trimmed) {
        sections.add(new Collected(section, current.toByteArray(), current.size(), trimmed, null));
        current = null;
    }

    /** The byte budget's decision for the {@code index}th section: its bytes, or null and the call that fetches it. */
    void placed(int index, byte[] bytes, long size, String fetch) {
        Collected c = sections.get(index);
        sections.set(index, new Collected(c.section(), bytes, size, c.truncated() || bytes == null,
                bytes == null ? fetch : null));
    }

    void finished(OutputShape.Outcome outcome) {
        this.outcome = outcome;
    }

    public List<Collected> sections() {
        return List.copyOf(sections);
    }

    /** What shaping left out (filter, page, cuts, budget); null until the copy ended. */
    public OutputShape.Outcome outcome() {
        return outcome;
    }

    @Override
    public void write(int b) throws IOException {
        if (current != null) {
            current.write(b);
        }
        if (forward != null) {
            forward.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (current != null) {
            current.write(b, off, len);
        }
        if (forward != null) {
            forward.write(b, off, len);
        }
    }

    @Override
    public void flush() throws IOException {
        if (forward != null) {
            forward.flush();
        }
    }
}
