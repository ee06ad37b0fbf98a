package dev.prdiff.git;

import java.util.List;
import java.util.Optional;

/**
 * A session's answers about full object ids, kept in memory: such an answer never changes (see
 * {@link MemoryAnswers#key}). Each table is bounded, which bounds a long-lived server's memory.
 */
final class Memo {
    /** The merge bases of two commits: a commit's parents are part of its id (the shallow boundary is in the key). */
    final MemoryAnswers<List<String>> mergeBases = new MemoryAnswers<>(4096);

    /** Whether a commit's tree holds any .gitattributes file. */
    final MemoryAnswers<Boolean> attributesFiles = new MemoryAnswers<>(4096);

    /**
     * Ranges already found smaller than {@link ShardedNumstat}'s threshold: an agent listing the same pull request
     * again skips straight to the one-process listing.
     */
    final MemoryAnswers<Boolean> smallRanges = new MemoryAnswers<>(4096);

    /**
     * The rename pairs of whole ranges ({@link PathLimit}): their similarity pass is most of what a lone added or
     * deleted file costs. Pairs only, so a range costs its renames' records, not its whole file list.
     */
    final MemoryAnswers<byte[]> renamePairs = new MemoryAnswers<>(64);

    /**
     * Proven pathspecs (or none) for a few wanted paths ({@link PathLimit}): the proof reads only the range's trees,
     * so it cannot change. Kept only for small selections and answers.
     */
    final MemoryAnswers<Optional<List<String>>> provenPathspecs = new MemoryAnswers<>(4096);

    /** Ranges for which a partnerless proof has held, or whose whole pass then failed ({@link PathLimit}). */
    final MemoryAnswers<Byte> partnerless = new MemoryAnswers<>(64);
}
