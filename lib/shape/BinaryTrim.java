package dev.prdiff.shape;

import dev.prdiff.core.PathBytes;
import dev.prdiff.diff.FileSection;

import java.io.IOException;
import java.io.OutputStream;

/**
 * --no-binary: a binary file's section keeps its header lines, and a {@code GIT binary patch} body (base85,
 * useless to a reader and often large) becomes the line git prints without --binary:
 * {@code Binary files a/x and b/x differ}.
 */
final class BinaryTrim extends SectionStage {
    private static final byte[] PATCH = ascii("GIT binary patch");
    private boolean dropping;

    BinaryTrim(OutputStream out) {
        super(out);
    }

    @Override
    protected void line(byte[] b, int len) throws IOException {
        if (!dropping && startsWith(b, len, PATCH)) {
            dropping = true;
        }
        if (!dropping) {
            out.write(b, 0, len);
        }
    }

    @Override
    protected void end(FileSection section) throws IOException {
        if (dropping) {
            String line = "Binary files " + side("a/", section.oldPath()) + " and " + side("b/", section.newPath())
                    + " differ\n";
            out.write(PathBytes.encode(line));
        }
    }

    /** As git names a side: /dev/null when absent, else the prefixed path, C-quoted when it must be. */
    private static String side(String prefix, String path) {
        if (path == null) {
            return "/dev/null";
        }
        return PathBytes.quoted(prefix + path);
    }
}
