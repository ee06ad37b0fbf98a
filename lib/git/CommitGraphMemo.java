package dev.prdiff.git;

import java.util.List;
import java.util.function.Supplier;

/**
 * Answers about the commit graph between full commit ids (merge bases), kept for this process. A commit's
 * parents are part of its id, so the answer can change only with the shallow boundary, whose generation is part of
 * every {@link MemoryAnswers} key; symbolic names never reach here, they are resolved per call.
 */
final class CommitGraphMemo {
    private static final MemoryAnswers<List<String>> ANSWERS = new MemoryAnswers<>(4096);

    private CommitGraphMemo() {}

    static List<String> mergeBases(ScratchGitDir scratch, String a, String b, Supplier<List<String>> compute) {
        return ANSWERS.get(MemoryAnswers.key(scratch, List.of(a, b)),
                () -> List.copyOf(compute.get()));
    }

    /** Keeps merge bases git computed elsewhere (with the revisions, see Git.RangeRevisions). */
    static void know(ScratchGitDir scratch, String a, String b, List<String> bases) {
        ANSWERS.keep(MemoryAnswers.key(scratch, List.of(a, b)), List.copyOf(bases));
    }
}
