package support;

import java.nio.charset.StandardCharsets;

/** Repositories whose history covers every shape of diff section git writes. */
public final class Fixtures {
    private Fixtures() {}

    /** Names that break naive header parsing: spaces, " b/", "diff --git", tabs, quotes, backslashes, non-ASCII. */
    public static final String[] HOSTILE_NAMES = {
        "with space.txt",
        "dir b/inner b/file.txt",
        "diff --git a/x b/y.txt",
        "tab\there.txt",
        "quote\"d.txt",
        "back\\slash.txt",
        "ünïcödé/naïve.md",
        "-leading-dash.txt",
        "star*.txt",
        "colon:name.txt",
        "trailing space ",
    };

    /** Base commit then a head commit on branch "feature"; returns {base, head}. */
    public static String[] everyShape(TempRepo repo) {
        repo.write("src/app.ts", lines("app", 20))
                .write("lib/a/index.ts", lines("a", 5))
                .write("lib/b/index.ts", lines("b", 5))
                .write("old name.txt", lines("rename me", 30))
                .write("moved/plain.txt", lines("plain", 30))
                .write("bin.dat", binary(1))
                .write("exact.bin", binary(2))
                .write("mode.sh", "#!/bin/sh\necho hi\n")
                .write("mode-and-content.sh", "#!/bin/sh\necho one\n")
                .write("crlf.txt", "one\r\ntwo\r\nthree\r\n")
                .write("nonl.txt", "first\nlast without newline")
                .write("gone.txt", lines("gone", 4))
                .write("copy-src.txt", lines("copy source", 40));
        for (String name : HOSTILE_NAMES) {
            repo.write(name, lines(name, 3));
        }
        String base = repo.commit("base");
        repo.checkout("-b", "feature");
        repo.write("src/app.ts", lines("app", 20).replace("app 7\n", "app seven\n") + "app 21\n")
                .write("lib/a/index.ts", lines("a", 5).replace("a 2\n", ""))
                .write("lib/b/index.ts", lines("b", 5) + "b extra\n")
                .move("old name.txt", "new name.txt")
                .move("moved/plain.txt", "elsewhere/plain renamed.txt")
                .write("elsewhere/plain renamed.txt", lines("plain", 30).replace("plain 3\n", "plain three\n"))
                .write("bin.dat", binary(3))
                .move("exact.bin", "renamed/exact.bin")
                .executable("mode.sh", true)
                .executable("mode-and-content.sh", true)
                .write("mode-and-content.sh", "#!/bin/sh\necho two\n")
                .write("crlf.txt", "one\r\nTWO\r\nthree\r\n")
                .write("nonl.txt", "first\nlast changed, still no newline")
                .delete("gone.txt")
                .write("added/new.txt", lines("new", 3))
                .write("added/empty.txt", "")
                .write("added/new.bin", binary(4))
                .write("copy-dst.txt", lines("copy source", 40) + "one more\n")
                .write("copy-src.txt", lines("copy source", 40).replace("copy source 1\n", "changed\n"));
        for (String name : HOSTILE_NAMES) {
            repo.write(name, lines(name, 3) + "changed\n");
        }
        repo.move("with space.txt", "with space renamed.txt");
        String head = repo.commit("head");
        return new String[] {base, head};
    }

    /** Two commits of a.txt, every one of its five lines changed in the second: their range, BASE..HEAD. */
    public static String oneFileChanged(TempRepo repo) {
        repo.write("a.txt", lines("a", 5));
        String base = repo.commit("a");
        repo.write("a.txt", lines("b", 5));
        return base + ".." + repo.commit("b");
    }

    /** One commit "a" of a.txt holding "a": a repository with a HEAD and nothing to diff. */
    public static String oneCommit(TempRepo repo) {
        repo.write("a.txt", "a\n");
        return repo.commit("a");
    }

    /** Commit "a" of a.txt holding "a", then commit "b" holding "b", on main: returns {a, b}. */
    public static String[] twoCommits(TempRepo repo) {
        String a = oneCommit(repo);
        repo.write("a.txt", "b\n");
        return new String[] {a, repo.commit("b")};
    }

    /** Commit "one" of a.txt holding "one" on main, then "two" on branch feature, left checked out: {one, two}. */
    public static String[] featureBranch(TempRepo repo) {
        repo.write("a.txt", "one\n");
        String one = repo.commit("one");
        repo.checkout("-b", "feature");
        repo.write("a.txt", "two\n");
        return new String[] {one, repo.commit("two")};
    }

    public static String lines(String prefix, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            sb.append(prefix).append(' ').append(i).append('\n');
        }
        return sb.toString();
    }

    public static byte[] binary(int seed) {
        byte[] b = new byte[600];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) ((i * 31 + seed * 17) % 256);
        }
        b[10] = 0;
        return b;
    }

    public static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
