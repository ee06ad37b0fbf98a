package dev.prdiff.git;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Whether a commit's tree holds any .gitattributes file, kept for this process. A full commit id names its tree
 * for good, so the answer never changes; symbolic names and abbreviated ids are never kept (they can move).
 */
final class AttributesFilesMemo {
    private static final MemoryAnswers<Boolean> ANSWERS = new MemoryAnswers<>(4096);

    private AttributesFilesMemo() {}

    static boolean present(ScratchGitDir scratch, String commit, BooleanSupplier compute) {
        return ANSWERS.get(MemoryAnswers.key(scratch, List.of(commit)), compute::getAsBoolean);
    }

    /** How many answers are kept; for tests that check what is (and is not) remembered. */
    static int size() {
        return ANSWERS.size();
    }
}
