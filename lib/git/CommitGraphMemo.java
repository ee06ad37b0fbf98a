package dev.prdiff.git;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Answers about the commit graph between full commit ids (merge bases), kept for this process. A commit's
 * parents are part of its id, so the answer can change only with the shallow boundary, which is part of the key
 * (its generation in the scratch directory); symbolic names never reach here, they are resolved per call.
 */
final class CommitGraphMemo {
    private static final int MAX_ENTRIES = 4096;
    private static final Map<List<Object>, List<String>> ANSWERS = new ConcurrentHashMap<>();

    private CommitGraphMemo() {}

    static List<String> mergeBases(ScratchGitDir scratch, String a, String b, Supplier<List<String>> compute) {
        if (!ObjectIds.isFullId(a) || !ObjectIds.isFullId(b)) {
            return compute.get();
        }
        List<Object> key = List.of(scratch.dir(), scratch.shallowGeneration(), a, b);
        List<String> known = ANSWERS.get(key);
        if (known != null) {
            return known;
        }
        List<String> answer = List.copyOf(compute.get());
        if (ANSWERS.size() >= MAX_ENTRIES) {
            ANSWERS.clear();
        }
        ANSWERS.put(key, answer);
        return answer;
    }
}
