package support;

import java.nio.charset.StandardCharsets;

/**
 * A range far over any answer's budget: hundreds of files from one line to over 100 KB, with quotes, backslashes,
 * tabs, control characters and non-ASCII text (which JSON escapes or keeps), a rename, a deletion, a binary file and
 * a mode change; then one last small commit.
 */
public final class BigRange {
    /** Files the last commit changes. */
    public static final int SMALL_FILES = 3;

    private BigRange() {}

    /** Commits the range into {@code repo}; returns its base commit. HEAD is its head, HEAD~1 before the last commit. */
    public static String build(TempRepo repo, int files) {
        repo.write("keep/renamed-from.txt", lines("renamed", 40));
        repo.write("keep/deleted.txt", lines("deleted", 12));
        repo.write("keep/mode.sh", "echo hi\n");
        repo.write("keep/modified.txt", lines("modified", 30));
        repo.commit("base");
        String base = repo.text("rev-parse", "HEAD").trim();
        java.util.Random random = new java.util.Random(31);
        int[] sizes = {1, 2, 5, 12, 40, 150, 600};
        for (int i = 0; i < files; i++) {
            int n = sizes[random.nextInt(sizes.length)];
            repo.write(String.format("src/m%02d/file%03d.txt", i % 17, i), lines("file " + i, n));
        }
        repo.write("big/huge.txt", lines("huge", 3000));
        repo.write("naïve/é \"q\".txt", lines("é", 20));
        byte[] binary = new byte[3000];
        random.nextBytes(binary);
        binary[0] = 0;
        repo.write("bin/blob.bin", binary);
        repo.move("keep/renamed-from.txt", "keep/renamed-to.txt");
        repo.delete("keep/deleted.txt");
        repo.executable("keep/mode.sh", true);
        repo.write("keep/modified.txt", lines("modified", 31));
        repo.commit("many files");
        for (int i = 0; i < SMALL_FILES; i++) {
            repo.write("last/f" + i + ".txt", lines("last " + i, 3));
        }
        repo.commit("last");
        return base;
    }

    static String lines(String what, int n) {
        StringBuilder s = new StringBuilder();
        for (int j = 0; j < n; j++) {
            s.append(what).append(" line ").append(j).append(": \"quoted\" \\ back\ttab \u0001 ü\n");
        }
        return s.toString();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
