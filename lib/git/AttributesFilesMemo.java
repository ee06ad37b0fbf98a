package dev.prdiff.git;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Whether a commit's tree holds any .gitattributes file, kept for this process. A full commit id names its tree
 * for good, so the answer never changes; symbolic names and abbreviated ids are never kept (they can move).
 */
final class AttributesFilesMemo {
    private static final int MAX_ENTRIES = 4096;
    private static final Map<List<Object>, Boolean> ANSWERS = new ConcurrentHashMap<>();

    private AttributesFilesMemo() {}

    static boolean present(ScratchGitDir scratch, String commit, BooleanSupplier compute) {
        if (!ObjectIds.isFullId(commit)) {
            return compute.getAsBoolean();
        }
        List<Object> key = List.of(scratch.dir(), commit);
        Boolean known = ANSWERS.get(key);
        if (known != null) {
            return known;
        }
        boolean answer = compute.getAsBoolean();
        if (ANSWERS.size() >= MAX_ENTRIES) {
            ANSWERS.clear();
        }
        ANSWERS.put(key, answer);
        return answer;
    }

    /** How many answers are kept; for tests that check what is (and is not) remembered. */
    static int size() {
        return ANSWERS.size();
    }
}
