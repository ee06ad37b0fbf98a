package dev.prdiff.shape;

import dev.prdiff.core.PathBytes;
import dev.prdiff.diff.FileSection;
import dev.prdiff.diff.LineKind;
import dev.prdiff.diff.LineSink;

import java.io.IOException;

/**
 * --no-binary: a binary file's section keeps its header lines, and a {@code GIT binary patch} body (base85,
 * useless to a reader and often large) becomes the line git prints without --binary:
 * {@code Binary files a/x and b/x differ}.
 */
final class BinaryTrim extends SectionStage {
    private boolean dropping;

    BinaryTrim(LineSink next) {
        super(next);
    }

    @Override
    public void line(LineKind kind, byte[] b, int off, int len) throws IOException {
        if (kind == LineKind.BINARY) {
            dropping = true;
        }
        if (!dropping) {
            next.line(kind, b, off, len);
        }
    }

    @Override
    protected void end(FileSection section) throws IOException {
        if (dropping) {
            String line = "Binary files " + side("a/", section.oldPath()) + " and " + side("b/", section.newPath())
                    + " differ\n";
            byte[] bytes = PathBytes.encode(line);
            next.line(LineKind.HEADER, bytes, 0, bytes.length);
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
