package dev.prdiff.shape;

import dev.prdiff.core.PathBytes;
import dev.prdiff.diff.FileSection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * --max-bytes N: the answer, table of contents included, is at most N bytes, and no section is ever cut. Sections
 * are taken whole, in diff order, while they fit (a section too large is left out and smaller ones after it may
 * still fit). Then a table of contents lists every file left out, with its change type, counts, size and the
 * call that fetches it; if the table would not fit, the largest sections taken are given back to it when that
 * makes it fit, else it lists what fits and ends with the call that lists every file. Holds at most N bytes of sections.
 */
final class ByteBudget {
    private final long max;
    private final Refetch refetch;
    private final List<Entry> entries = new ArrayList<>();
    private long kept;
    private long original;

    /** One section: its bytes when they fit (else null), its size either way. */
    private static final class Entry {
        FileSection section;
        byte[] bytes;
        long size;
    }

    ByteBudget(long max, Refetch refetch) {
        this.max = max;
        this.refetch = refetch;
    }

    /** Where the next section's bytes go: kept while they fit what is left of the budget, counted past it. */
    Slot open() {
        return new Slot(max - kept);
    }

    /** The section written to {@code slot} ended. */
    void close(Slot slot, FileSection section) {
        Entry e = new Entry();
        e.section = section;
        e.size = slot.size;
        if (!slot.over) {
            e.bytes = slot.toByteArray();
            kept += e.size;
        }
        original += e.size;
        entries.add(e);
    }

    final class Slot extends ByteArrayOutputStream {
        private final long room;
        private long size;
        private boolean over;

        private Slot(long room) {
            this.room = room;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            size += len;
            if (over) {
                return;
            }
            if (size > room) {
                over = true;
                reset();
                return;
            }
            super.write(b, off, len);
        }
    }

    /** What the budget did: how many sections were shown, and the bytes of the whole and of what was shown. */
    record Result(int shown, int total, long shownBytes, long originalBytes) {
        boolean truncated() {
            return shown < total;
        }
    }

    /** After {@link #finish}: tells {@code collector} which sections it kept and the call for each it left out. */
    void placements(SectionCollector collector) {
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            collector.placed(i, e.bytes, e.size, e.bytes == null ? refetch.whole(e.section.path(), e.size, false) : null);
        }
    }

    /** Writes the sections that fit, then the table of contents of the rest. */
    Result finish(OutputStream out) throws IOException {
        String[] lines = new String[entries.size()];
        long[] sizes = new long[entries.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = tocLine(entries.get(i));
            sizes[i] = utf8Length(lines[i]);
        }
        long tocBytes = omittedBytes(sizes);
        long headerBytes = utf8Length(header(entries.size(), entries.size()));
        long restBytes = utf8Length(rest(entries.size()));
        // Give back the last sections taken if that makes the whole table fit; if nothing can, keep the sections
        // and give back only what the table's end (the call listing every file) needs.
        if (tocBytes > 0 && !giveBack(sizes, tocBytes, headerBytes, true)) {
            giveBack(sizes, tocBytes, headerBytes + restBytes, false);
        }
        tocBytes = omittedBytes(sizes);
        int shown = 0;
        StringBuilder toc = new StringBuilder();
        long room = max - kept - headerBytes;
        int omitted = 0;
        int listed = 0;
        for (int i = 0; i < lines.length; i++) {
            Entry e = entries.get(i);
            if (e.bytes != null) {
                out.write(e.bytes);
                shown++;
                continue;
            }
            omitted++;
            // List while the entry fits with room for the closing line, or when it is the last and fits alone.
            boolean fits = tocBytes <= room || sizes[i] + restBytes <= room;
            if (fits && listed == omitted - 1) {
                toc.append(lines[i]);
                room -= sizes[i];
                tocBytes -= sizes[i];
                listed++;
            }
        }
        if (omitted > 0) {
            out.write(PathBytes.encode(header(shown, omitted)));
            out.write(PathBytes.encode(toc.toString()));
            if (listed < omitted) {
                out.write(PathBytes.encode(rest(omitted - listed)));
            }
        }
        return new Result(shown, entries.size(), kept, original);
    }

    private long omittedBytes(long[] sizes) {
        long sum = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (entries.get(i).bytes == null) {
                sum += sizes[i];
            }
        }
        return sum;
    }

    /**
     * Gives back sections taken, each larger than its table line and the largest first, until the table ({@code tocBytes},
     * plus {@code fixed}) fits; with {@code whole}, the table is every omitted line, else {@code fixed} alone.
     * Returns whether it fits; when it cannot, with {@code whole}, nothing is given back.
     */
    private boolean giveBack(long[] sizes, long tocBytes, long fixed, boolean whole) {
        // The sections that gain the most room go first: for the whole table, a section's size less its line.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).bytes != null && (!whole || entries.get(i).size > sizes[i])) {
                order.add(i);
            }
        }
        order.sort(java.util.Comparator.comparingLong(i -> -(entries.get(i).size - (whole ? sizes[i] : 0))));
        long keptNow = kept;
        long table = whole ? tocBytes : 0;
        List<Integer> given = new ArrayList<>();
        for (int k = 0; k < order.size() && keptNow + table + fixed > max; k++) {
            int i = order.get(k);
            keptNow -= entries.get(i).size;
            table += whole ? sizes[i] : 0;
            given.add(i);
        }
        boolean fits = keptNow + table + fixed <= max;
        if (fits || !whole) {
            for (int i : given) {
                entries.get(i).bytes = null;
            }
            kept = keptNow;
        }
        return fits;
    }

    private String header(int shown, int omitted) {
        return "# prdiff: truncated to --max-bytes " + max + ": " + shown + " of " + entries.size() + " files shown, "
                + omitted + " left out (original size " + original + " bytes), each with the call that fetches it:\n";
    }

    private String rest(int more) {
        return "# ... and " + more + " more files left out; list them all: " + refetch.list() + "\n";
    }

    private String tocLine(Entry e) {
        FileSection s = e.section;
        String name = PathBytes.inLine(s.path());
        String from = s.previousPath() == null ? "" : " (from " + PathBytes.inLine(s.previousPath()) + ")";
        return "# " + s.changeType().label() + " +" + s.additions() + " -" + s.deletions() + " " + name + from + ", "
                + e.size + " bytes: " + refetch.whole(s.path(), e.size, false) + "\n";
    }

    private static long utf8Length(String s) {
        return PathBytes.encode(s).length;
    }
}
