package dev.prdiff.shape;

import dev.prdiff.core.FileEntry;
import dev.prdiff.core.PathBytes;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A file list for a person at a terminal: one line per file, as {@code git diff --name-status} names the change
 * and {@code git diff --numstat} counts it, then {@code git diff --stat}'s summary line:
 *
 * <pre>
 * M  +12  -3  lib/cli/DiffCommand.java
 * A  +40  -0  lib/shape/EditorConfig.java
 * M  Bin      logo.png
 * R   +1  -1  lib/{old => new}/Name.java
 *  4 files changed, 53 insertions(+), 4 deletions(-)
 * </pre>
 *
 * The letter is git's (A added, M modified or mode changed, D deleted, R renamed, C copied); the counts are
 * right-aligned; a rename or copy reads as {@code git diff --stat} prints it. A name is C-quoted when it holds a
 * control character or a line break, so a line never breaks; other names are as they are. Coloured: the letter green for A, red for D, the {@code +N} green, the {@code -N}
 * red.
 */
public final class FileLines {
    private FileLines() {}

    public static byte[] render(List<FileEntry> files, boolean colored) {
        int addWidth = 2;
        int delWidth = 2;
        long adds = 0;
        long dels = 0;
        for (FileEntry f : files) {
            addWidth = Math.max(addWidth, 1 + Long.toString(f.additions()).length());
            delWidth = Math.max(delWidth, 1 + Long.toString(f.deletions()).length());
            adds += f.additions();
            dels += f.deletions();
        }
        StringBuilder out = new StringBuilder();
        for (FileEntry f : files) {
            String letter = letter(f.status());
            out.append(paint(colored, letter.equals("A") ? DiffColors.GREEN : letter.equals("D") ? DiffColors.RED
                    : null, letter)).append("  ");
            if (Boolean.TRUE.equals(f.binary())) {
                out.append(pad("Bin", addWidth + 1 + delWidth, false));
            } else {
                out.append(paint(colored, DiffColors.GREEN, pad("+" + f.additions(), addWidth, true))).append(' ')
                        .append(paint(colored, DiffColors.RED, pad("-" + f.deletions(), delWidth, true)));
            }
            out.append("  ").append(name(f)).append('\n');
        }
        if (!files.isEmpty()) {
            out.append(DiffStat.summary(files.size(), adds, dels));
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    static String letter(String status) {
        return switch (status) {
            case "added" -> "A";
            case "deleted" -> "D";
            case "renamed" -> "R";
            case "copied" -> "C";
            default -> "M";
        };
    }

    private static String name(FileEntry f) {
        String previous = f.previousName();
        if (previous == null || previous.equals(f.name())) {
            return PathBytes.inLine(f.name());
        }
        boolean plain = PathBytes.quoted(previous).equals(previous) && PathBytes.quoted(f.name()).equals(f.name());
        return plain ? DiffStat.renamed(previous, f.name())
                : PathBytes.inLine(previous) + " => " + PathBytes.inLine(f.name());
    }

    /** Padding stays outside the colour, as git's --stat keeps it. */
    private static String paint(boolean colored, byte[] color, String text) {
        if (!colored || color == null) {
            return text;
        }
        String trimmed = text.stripLeading();
        return text.substring(0, text.length() - trimmed.length()) + new String(color, StandardCharsets.US_ASCII)
                + trimmed + new String(DiffColors.RESET, StandardCharsets.US_ASCII);
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }
}
