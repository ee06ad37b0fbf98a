package support;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A pull request's changes as GitHub computes them: the merge-base ("three-dot") diff of head against base, and the
 * per-file list behind {@code pulls/N/files}, both from real git in the bare repository.
 */
public record PullDiff(byte[] diff, List<FileEntry> files) {

    /** One row of {@code pulls/N/files}; {@code patch} is null where GitHub omits it (binary, no hunks). */
    public record FileEntry(String filename, String previousFilename, String status, int additions, int deletions,
                            String sha, String patch) {}

    public static PullDiff compute(Path bare, String baseSha, String headSha) {
        String range = baseSha + "..." + headSha;
        byte[] diff = NeutralGit.run(bare, NeutralGit.diff(range));
        // --raw, --numstat and -p walk the same queue of file pairs, so their entries line up one to one.
        List<String[]> raw = rawEntries(NeutralGit.run(bare, NeutralGit.diff("--raw", "-z", "--no-abbrev", "-M", range)));
        List<int[]> counts = numstat(NeutralGit.run(bare, NeutralGit.diff("--numstat", "-z", "-M", range)));
        List<String> patches = patches(new String(diff, StandardCharsets.UTF_8));
        if (raw.size() != counts.size() || raw.size() != patches.size()) {
            throw new IllegalStateException("git listed " + raw.size() + " raw, " + counts.size() + " numstat and "
                    + patches.size() + " patch entries for " + range);
        }
        List<FileEntry> files = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String[] r = raw.get(i);
            String status = status(r[4].charAt(0));
            boolean moved = r.length == 7;
            files.add(new FileEntry(moved ? r[6] : r[5], moved ? r[5] : null, status, counts.get(i)[0], counts.get(i)[1],
                    "removed".equals(status) ? r[2] : r[3], patches.get(i)));
        }
        return new PullDiff(diff, List.copyOf(files));
    }

    public long lineCount() {
        long n = 0;
        for (byte b : diff) {
            if (b == '\n') {
                n++;
            }
        }
        return n;
    }

    /** Each entry: old mode, new mode, old sha, new sha, status, path [, new path]. */
    private static List<String[]> rawEntries(byte[] out) {
        List<String> tokens = nulSeparated(out);
        List<String[]> entries = new ArrayList<>();
        for (int i = 0; i < tokens.size(); ) {
            String[] meta = tokens.get(i++).substring(1).split(" ");
            boolean twoPaths = meta[4].startsWith("R") || meta[4].startsWith("C");
            String[] e = new String[twoPaths ? 7 : 6];
            System.arraycopy(meta, 0, e, 0, 5);
            e[5] = tokens.get(i++);
            if (twoPaths) {
                e[6] = tokens.get(i++);
            }
            entries.add(e);
        }
        return entries;
    }

    /** Additions and deletions per file; git prints "-" for binary files, which GitHub counts as 0. */
    private static List<int[]> numstat(byte[] out) {
        List<String> tokens = nulSeparated(out);
        List<int[]> counts = new ArrayList<>();
        for (int i = 0; i < tokens.size(); ) {
            String[] fields = tokens.get(i++).split("\t", 3);
            if (fields[2].isEmpty()) {
                i += 2; // a rename: old and new path follow as their own tokens
            }
            counts.add(new int[] {number(fields[0]), number(fields[1])});
        }
        return counts;
    }

    /** The part of each file section from the first hunk on, without the final newline, as GitHub's "patch". */
    private static List<String> patches(String diff) {
        List<String> patches = new ArrayList<>();
        if (diff.isEmpty()) {
            return patches;
        }
        String[] sections = ("\n" + diff).split("\ndiff --git ", -1);
        for (int i = 1; i < sections.length; i++) {
            String section = sections[i];
            int hunk = section.startsWith("@@") ? 0 : section.indexOf("\n@@");
            if (hunk < 0) {
                patches.add(null);
                continue;
            }
            String patch = section.substring(hunk == 0 ? 0 : hunk + 1);
            patches.add(patch.endsWith("\n") ? patch.substring(0, patch.length() - 1) : patch);
        }
        return patches;
    }

    private static String status(char code) {
        return switch (code) {
            case 'A' -> "added";
            case 'D' -> "removed";
            case 'R' -> "renamed";
            case 'C' -> "copied";
            case 'T' -> "changed";
            default -> "modified";
        };
    }

    private static int number(String s) {
        return "-".equals(s) ? 0 : Integer.parseInt(s);
    }

    private static List<String> nulSeparated(byte[] out) {
        List<String> tokens = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < out.length; i++) {
            if (out[i] == 0) {
                tokens.add(new String(out, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return tokens;
    }
}
