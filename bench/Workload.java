///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//DESCRIPTION Writes the benchmark history as a git fast-import stream on stdout; same parameters, same SHAs

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Usage: java bench/Workload.java FILES RENAMES DELETES ADDS LINES | git fast-import
 *
 * main: FILES files of LINES lines of 64 bytes. feature (from main's first commit): every 8th line edited in
 * every file that is not renamed or deleted, RENAMES files moved (every other one also edited), DELETES files
 * deleted, ADDS new files. main then gets one more commit, so main...feature starts at the branch point.
 * Content, names, identities and dates depend only on the parameters.
 */
class Workload {
    static final int LINE = 64;
    static final String WHO = "Bench <bench@prdiff.invalid> ";

    public static void main(String[] args) throws IOException {
        if (args.length != 5) {
            System.err.println("usage: Workload FILES RENAMES DELETES ADDS LINES");
            System.exit(2);
        }
        int files = Integer.parseInt(args[0]);
        int renames = Integer.parseInt(args[1]);
        int deletes = Integer.parseInt(args[2]);
        int adds = Integer.parseInt(args[3]);
        int lines = Integer.parseInt(args[4]);
        // Renamed and deleted files are spread evenly through the tree, alternating, every `spacing` files.
        int spacing = Math.max(1, files / Math.max(1, renames + deletes));
        if (files / spacing < renames + deletes) {
            throw new IllegalArgumentException("too few files for " + renames + " renames and " + deletes + " deletes");
        }
        try (OutputStream out = new BufferedOutputStream(System.out, 1 << 20)) {
            Stream s = new Stream(out);
            s.text("feature done\n");
            s.commit("refs/heads/main", 1, null, 1_700_000_000L, "main: " + files + " files");
            for (int f = 0; f < files; f++) {
                s.file(path(f), content(f, lines, false));
            }
            s.commit("refs/heads/feature", 2, 1, 1_700_000_100L, "feature: edits, renames, deletes, adds");
            int renamed = 0;
            int deleted = 0;
            for (int f = 0; f < files; f++) {
                boolean slot = f % spacing == 0;
                if (slot && (f / spacing) % 2 == 0 && renamed < renames) {
                    s.text("D " + path(f) + "\n");
                    s.file(movedPath(f), content(f, lines, renamed % 2 == 0));
                    renamed++;
                } else if (slot && deleted < deletes) {
                    s.text("D " + path(f) + "\n");
                    deleted++;
                } else {
                    s.file(path(f), content(f, lines, true));
                }
            }
            for (int a = 0; a < adds; a++) {
                s.file(String.format("src/added/new%05d.txt", a), content(files + 1_000_000 + a, lines, false));
            }
            s.commit("refs/heads/main", 3, 1, 1_700_000_200L, "main: one commit after the branch point");
            s.file("MAIN-ONLY.txt", "only on main\n".getBytes(StandardCharsets.US_ASCII));
            s.text("done\n");
        }
    }

    static String path(int f) {
        return String.format("src/m%03d/file%05d.txt", f / 200, f);
    }

    static String movedPath(int f) {
        return String.format("src/moved/file%05d-moved.txt", f);
    }

    /** LINES lines of 63 pseudo-random letters; edited files have every 8th line (3, 11, 19, ...) changed. */
    static byte[] content(int seed, int lines, boolean edited) {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0000L + seed);
        byte[] b = new byte[lines * LINE];
        for (int l = 0; l < lines; l++) {
            int base = l * LINE;
            for (int i = 0; i < LINE - 1; i++) {
                b[base + i] = (byte) ('a' + rnd.nextInt(26));
            }
            b[base + LINE - 1] = '\n';
            if (edited && l % 8 == 3) {
                byte[] mark = "EDITED: ".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(mark, 0, b, base, mark.length);
            }
        }
        return b;
    }

    /** The few fast-import commands the history needs. */
    static final class Stream {
        private final OutputStream out;

        Stream(OutputStream out) {
            this.out = out;
        }

        void text(String s) throws IOException {
            out.write(s.getBytes(StandardCharsets.UTF_8));
        }

        void data(byte[] bytes) throws IOException {
            text("data " + bytes.length + "\n");
            out.write(bytes);
            text("\n");
        }

        void commit(String ref, int mark, Integer from, long date, String message) throws IOException {
            text("commit " + ref + "\nmark :" + mark + "\n");
            text("author " + WHO + date + " +0000\ncommitter " + WHO + date + " +0000\n");
            data(message.getBytes(StandardCharsets.UTF_8));
            if (from != null) {
                text("from :" + from + "\n");
            }
        }

        void file(String path, byte[] content) throws IOException {
            text("M 100644 inline " + path + "\n");
            data(content);
        }
    }
}
