package dev.prdiff.git;

import dev.prdiff.core.PathBytes;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What the .gitattributes files of a commit say about {@code linguist-generated} for some paths, as git itself
 * reads them: the commit's tree goes into a private index file in the scratch git directory and
 * {@code git check-attr --cached} answers. No work tree, user attributes file, info/attributes or system file
 * plays a part (the scratch directory has none and its environment shuts the others out).
 */
public final class GeneratedAttributes {
    private GeneratedAttributes() {}

    /** The most paths kept decided per commit: a huge tree's every file would hold a server's memory for long. */
    static final int MAX_KEPT_PATHS = 100_000;

    /**
     * Per path: TRUE when marked generated (set or {@code =true}), FALSE when unmarked ({@code -linguist-generated}
     * or {@code =false}), absent when unspecified. Empty, without reading an index, when the commit's tree holds
     * no .gitattributes (remembered per full commit id, so a warm call on the same head lists no tree).
     * {@code paths} null: every file of the commit's tree. Each path is asked of git once per commit and session
     * (see {@link Memo#generatedMarks}): a later call asks only for paths no earlier one did, and none at all when
     * every path is decided.
     */
    public static Map<String, Boolean> at(Git git, String commit, Supplier<Collection<String>> paths) {
        Map<String, Boolean> marks = new HashMap<>();
        List<List<String>> listed = new ArrayList<>(1);
        boolean present = git.hasAttributesFiles(commit, () -> {
            listed.add(treePaths(git, commit));
            return listed.get(0).stream().anyMatch(p -> p.equals(".gitattributes") || p.endsWith("/.gitattributes"));
        });
        if (!present) {
            return marks;
        }
        Collection<String> asked = paths != null ? paths.get()
                : listed.isEmpty() ? treePaths(git, commit) : listed.get(0);
        Map<String, Optional<Boolean>> decided = decided(git, commit);
        List<String> undecided = new ArrayList<>();
        for (String path : asked) {
            if (!decided.containsKey(path)) {
                undecided.add(path);
            }
        }
        Map<String, Boolean> answered = undecided.isEmpty() ? Map.of() : checkAttr(git, commit, undecided);
        if (decided.size() + undecided.size() <= MAX_KEPT_PATHS) {
            for (String path : undecided) {
                decided.put(path, Optional.ofNullable(answered.get(path)));
            }
        }
        for (String path : asked) {
            Optional<Boolean> mark = decided.get(path);
            Boolean value = mark != null ? mark.orElse(null) : answered.get(path);
            if (value != null) {
                marks.put(path, value);
            }
        }
        return marks;
    }

    /**
     * The paths of {@code commit} decided so far: kept in the session's memo when the commit is a full id (a path's
     * mark depends on the commit's tree alone), else this call's own.
     */
    private static Map<String, Optional<Boolean>> decided(Git git, String commit) {
        return git.session().memo.generatedMarks.get(git.keyOf(List.of(commit), "linguist-generated"),
                ConcurrentHashMap::new);
    }

    private static Map<String, Boolean> checkAttr(Git git, String commit, Collection<String> paths) {
        Map<String, Boolean> marks = new HashMap<>();
        ByteArrayOutputStream stdin = new ByteArrayOutputStream();
        for (String path : paths) {
            stdin.writeBytes(PathBytes.encode(path));
            stdin.write(0);
        }
        try (PrivateIndex index = PrivateIndex.of(git, commit, "attributes")) {
            parse(index.run(List.of("check-attr", "--cached", "-z", "--stdin", "linguist-generated"),
                    stdin.toByteArray()).stdout(), marks);
            return marks;
        }
    }

    /** check-attr -z prints PATH NUL ATTRIBUTE NUL VALUE NUL per path. */
    private static void parse(byte[] answer, Map<String, Boolean> marks) {
        int field = 0;
        int start = 0;
        String path = null;
        for (int i = 0; i < answer.length; i++) {
            if (answer[i] != 0) {
                continue;
            }
            if (field == 0) {
                path = PathBytes.decode(answer, start, i);
            } else if (field == 2) {
                String value = new String(answer, start, i - start, StandardCharsets.UTF_8);
                if (value.equals("set") || value.equals("true")) {
                    marks.put(path, true);
                } else if (value.equals("unset") || value.equals("false")) {
                    marks.put(path, false);
                }
            }
            field = (field + 1) % 3;
            start = i + 1;
        }
    }

    /** The commit's files; a big tree without a .gitattributes pays only this listing. */
    private static List<String> treePaths(Git git, String commit) {
        byte[] names = git.objectsOutput(List.of("ls-tree", "-r", "-z", "--name-only", "--end-of-options", commit));
        return PathBytes.nulSeparated(names);
    }
}
