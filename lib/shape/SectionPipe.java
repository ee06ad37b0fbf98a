package dev.prdiff.shape;

import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the parser hands each wanted section's lines, with their kinds: through the steps the limits ask for
 * (binary trim, generated trim, line cap, then the layout of its hunk lines), then as bytes into the byte budget or
 * straight out. Without limits a section goes straight out.
 */
final class SectionPipe implements LineSink {
    private final SectionLimits limits;
    private final OutputStream out;
    private final Refetch refetch;
    private final ByteBudget budget;
    private final List<String> cut = new ArrayList<>();
    private int generated;
    /** The current section's first step, and the parts that report on it. */
    private LineSink head;
    private LineCap cap;
    private HunkLines renderer;
    private GeneratedTrim trim;
    private ByteBudget.Slot slot;
    private boolean binaryTrimmed;
    /** Set when the answer is a JSON envelope: it keeps each section apart. */
    private final SectionCollector collector;

    SectionPipe(SectionLimits limits, OutputStream out, Refetch refetch) {
        this.limits = limits;
        this.out = out;
        this.refetch = refetch;
        this.budget = limits.maxBytes() == null ? null : new ByteBudget(limits.maxBytes(), refetch, limits.cursor(),
                limits.layout().plain());
        this.collector = out instanceof SectionCollector c ? c : null;
    }

    /** A wanted section begins: {@code header} has its paths and change type. */
    void open(FileSection header) {
        slot = budget == null ? null : budget.open();
        if (collector != null) {
            collector.begin();
        }
        OutputStream bytes = slot != null ? slot : out;
        renderer = limits.layout().renderer(bytes, header.path());
        LineSink next = renderer != null ? renderer : slot != null ? slot : LineSink.bytes(bytes);
        cap = limits.maxLines() == null ? null : new LineCap(next, limits.maxLines(), refetch);
        next = cap != null ? cap : next;
        boolean generatedFile = limits.skipGenerated()
                && (limits.generated().generated(header.newPath()) || limits.generated().generated(header.oldPath()));
        trim = generatedFile ? new GeneratedTrim(next, refetch) : null;
        next = trim != null ? trim : next;
        binaryTrimmed = limits.noBinary() && header.binary();
        head = binaryTrimmed ? new BinaryTrim(next) : next;
    }

    /** The section ended ({@code section} has its counts); unwanted sections come here too. */
    void close(FileSection section) throws IOException {
        if (head == null) {
            return;
        }
        if (head instanceof SectionStage stage) {
            stage.finish(section);
        }
        if (renderer != null) {
            renderer.finish();
        }
        if (cap != null && cap.cut()) {
            cut.add(section.path());
        }
        if (trim != null && trim.trimmed()) {
            generated++;
        }
        if (collector != null) {
            collector.end(section, (cap != null && cap.cut()) || (trim != null && trim.trimmed()) || binaryTrimmed);
        }
        if (slot != null) {
            budget.close(slot, section);
        }
        head = null;
        renderer = null;
        cap = null;
        trim = null;
        slot = null;
    }

    OutputShape.Outcome outcome(int removed, int before, dev.prdiff.core.Pagination pagination) throws IOException {
        ByteBudget.Result result = budget == null ? null : budget.finish(out);
        if (collector != null && budget != null) {
            budget.placements(collector);
        }
        OutputShape.Outcome outcome = new OutputShape.Outcome(removed, before, pagination, List.copyOf(cut), generated,
                result, refetch);
        if (collector != null) {
            collector.finished(outcome);
        }
        return outcome;
    }

    @Override
    public void line(LineKind kind, byte[] b, int off, int len) throws IOException {
        head.line(kind, b, off, len);
    }
}
