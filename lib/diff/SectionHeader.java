package dev.prdiff.diff;

import dev.prdiff.core.PathBytes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The extended header of one file section, read line by line from git's own grammar.
 *
 * <p>Where the names come from, most trusted first: {@code rename from/to} and {@code copy from/to}
 * (full paths, C-quoted when needed); the {@code ---}/{@code +++} lines ({@code a/}/{@code b/} prefix,
 * {@code /dev/null} for a missing side, a TAB after names with spaces); and last the {@code diff --git} line,
 * which is ambiguous when a name contains {@code " b/"}. That line is used only when the old and new names
 * are equal, so its length splits it exactly: {@code a/NAME b/NAME}, both quoted or neither.
 */
final class SectionHeader {
    private final long firstLine;
    private String gitLineName;
    private String minusPath;
    private String plusPath;
    private boolean sawMinus;
    private boolean sawPlus;
    private String renameFrom;
    private String renameTo;
    private String copyFrom;
    private String copyTo;
    private String oldMode;
    private String newMode;
    private boolean added;
    private boolean deleted;
    private boolean binary;
    private Integer similarity;

    SectionHeader(long firstLine) {
        this.firstLine = firstLine;
    }

    void diffGitLine(byte[] b, int from, int to) {
        if (from < to && b[from] == '"') {
            QuotedPath.Token a = QuotedPath.readQuoted(b, from, to);
            if (a == null || a.next() >= to || b[a.next()] != ' ') {
                return;
            }
            int bFrom = a.next() + 1;
            QuotedPath.Token other = bFrom < to && b[bFrom] == '"' ? QuotedPath.readQuoted(b, bFrom, to) : null;
            if (other != null && other.next() == to) {
                setGitLineName(a.name(), other.name());
            }
            return;
        }
        int len = to - from;
        if (len < 5 || (len - 5) % 2 != 0) {
            return;
        }
        int nameLen = (len - 5) / 2;
        int second = from + 2 + nameLen;
        if (b[from] == 'a' && b[from + 1] == '/' && b[second] == ' ' && b[second + 1] == 'b' && b[second + 2] == '/'
                && Arrays.equals(b, from + 2, second, b, second + 3, to)) {
            gitLineName = PathBytes.decode(b, from + 2, from + 2 + nameLen);
        }
    }

    private void setGitLineName(String a, String b) {
        if (a.startsWith("a/") && b.startsWith("b/") && a.substring(2).equals(b.substring(2))) {
            gitLineName = a.substring(2);
        }
    }

    /** Reads one extended-header line; returns true when it starts a "GIT binary patch" body. */
    boolean headerLine(byte[] b, int from, int to, long lineNumber) {
        for (Prefix p : Prefix.values()) {
            if (p.matches(b, from, to)) {
                int v = from + p.bytes.length;
                switch (p) {
                    case OLD_MODE -> oldMode = ascii(b, v, to);
                    case NEW_MODE -> newMode = ascii(b, v, to);
                    case DELETED_FILE_MODE -> {
                        deleted = true;
                        oldMode = ascii(b, v, to);
                    }
                    case NEW_FILE_MODE -> {
                        added = true;
                        newMode = ascii(b, v, to);
                    }
                    case RENAME_FROM -> renameFrom = name(b, v, to, lineNumber);
                    case RENAME_TO -> renameTo = name(b, v, to, lineNumber);
                    case COPY_FROM -> copyFrom = name(b, v, to, lineNumber);
                    case COPY_TO -> copyTo = name(b, v, to, lineNumber);
                    case SIMILARITY -> similarity = percent(b, v, to, lineNumber);
                    case DISSIMILARITY -> percent(b, v, to, lineNumber); // a rewrite: validated, not a similarity
                    case INDEX -> indexLine(b, v, to);
                    case BINARY_FILES -> binary = true;
                    case MINUS -> {
                        sawMinus = true;
                        minusPath = sidePath(name(b, v, to, lineNumber), "a/");
                    }
                    case PLUS -> {
                        sawPlus = true;
                        plusPath = sidePath(name(b, v, to, lineNumber), "b/");
                    }
                    case GIT_BINARY_PATCH -> {
                        binary = true;
                        return true;
                    }
                }
                return false;
            }
        }
        String text = new String(b, from, Math.min(to - from, 80), StandardCharsets.UTF_8);
        throw new DiffParseException(lineNumber, "unexpected line in the header of the section starting at line "
                + firstLine + ": " + text);
    }

    /** True when {@code b[from, to)} (a line's content) starts a "GIT binary patch" body. */
    static boolean startsBinaryPatch(byte[] b, int from, int to) {
        return Prefix.GIT_BINARY_PATCH.matches(b, from, to);
    }

    /** "index abc..def 100644": the trailing mode applies to both sides. */
    private void indexLine(byte[] b, int from, int to) {
        int space = -1;
        for (int i = from; i < to; i++) {
            if (b[i] == ' ') {
                space = i;
                break;
            }
        }
        if (space > 0 && oldMode == null && newMode == null) {
            String mode = ascii(b, space + 1, to);
            oldMode = mode;
            newMode = mode;
        }
    }

    FileSection build(long additions, long deletions, byte[] bytes) {
        String oldPath;
        String newPath;
        ChangeType type;
        if (renameFrom != null || renameTo != null) {
            oldPath = require(renameFrom, "rename from");
            newPath = require(renameTo, "rename to");
            type = ChangeType.RENAMED;
        } else if (copyFrom != null || copyTo != null) {
            oldPath = require(copyFrom, "copy from");
            newPath = require(copyTo, "copy to");
            type = ChangeType.COPIED;
        } else {
            if (sawMinus != sawPlus) {
                throw new DiffParseException(firstLine, "section has a '---' line without '+++' or the reverse");
            }
            if (sawMinus) {
                oldPath = minusPath;
                newPath = plusPath;
            } else {
                String name = require(gitLineName, "a readable 'diff --git a/NAME b/NAME' line");
                oldPath = added ? null : name;
                newPath = deleted ? null : name;
            }
            if (oldPath == null && newPath == null) {
                throw new DiffParseException(firstLine, "both sides of the section are /dev/null");
            }
            if (oldPath == null || added) {
                type = ChangeType.ADDED;
            } else if (newPath == null || deleted) {
                type = ChangeType.DELETED;
            } else if (!sawMinus && !binary && modeChanged()) {
                type = ChangeType.MODE_CHANGED;
            } else {
                type = ChangeType.MODIFIED;
            }
        }
        if (added) {
            oldMode = null;
        }
        if (deleted) {
            newMode = null;
        }
        return new FileSection(oldPath, newPath, type, binary, additions, deletions, oldMode, newMode, similarity,
                firstLine, bytes);
    }

    private boolean modeChanged() {
        return oldMode != null && newMode != null && !oldMode.equals(newMode);
    }

    private String require(String value, String what) {
        if (value == null) {
            throw new DiffParseException(firstLine, "section has no " + what);
        }
        return value;
    }

    private static String sidePath(String name, String prefix) {
        if (name.equals("/dev/null")) {
            return null;
        }
        return name.startsWith(prefix) ? name.substring(prefix.length()) : name;
    }

    private static String name(byte[] b, int from, int to, long lineNumber) {
        String name = QuotedPath.readName(b, from, to);
        if (name == null || name.isEmpty()) {
            throw new DiffParseException(lineNumber, "malformed path in header");
        }
        return name;
    }

    private static Integer percent(byte[] b, int from, int to, long lineNumber) {
        String s = ascii(b, from, to);
        try {
            if (!s.endsWith("%")) {
                throw new NumberFormatException();
            }
            return Integer.parseInt(s.substring(0, s.length() - 1));
        } catch (NumberFormatException e) {
            throw new DiffParseException(lineNumber, "malformed percentage: " + s);
        }
    }

    private static String ascii(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.US_ASCII);
    }

    /** Every extended-header line git writes; any other line ends the header with an error. */
    private enum Prefix {
        OLD_MODE("old mode "),
        NEW_MODE("new mode "),
        DELETED_FILE_MODE("deleted file mode "),
        NEW_FILE_MODE("new file mode "),
        RENAME_FROM("rename from "),
        RENAME_TO("rename to "),
        COPY_FROM("copy from "),
        COPY_TO("copy to "),
        SIMILARITY("similarity index "),
        DISSIMILARITY("dissimilarity index "),
        INDEX("index "),
        BINARY_FILES("Binary files "),
        MINUS("--- "),
        PLUS("+++ "),
        GIT_BINARY_PATCH("GIT binary patch");

        final byte[] bytes;

        Prefix(String text) {
            this.bytes = text.getBytes(StandardCharsets.US_ASCII);
        }

        boolean matches(byte[] b, int from, int to) {
            return to - from >= bytes.length && Arrays.equals(b, from, from + bytes.length, bytes, 0, bytes.length);
        }
    }
}
