package dev.prdiff.git;

import dev.prdiff.core.FileEntry;

import java.util.List;
import java.util.Map;
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
     * What a commit's .gitattributes say about {@code linguist-generated} for each path decided so far
     * ({@link GeneratedAttributes}): a path's answer depends on the commit's tree alone, so each is asked of git
     * once; a map per commit, growing by the paths later answers need.
     */
    final MemoryAnswers<Map<String, Optional<Boolean>>> generatedMarks = new MemoryAnswers<>(16);

    /**
     * The file lists of ranges between commits ({@link LocalDiffs#files}): git's listing of the same trees cannot
     * change, and an agent asks for a range's files again and again while it reads the range. Lists of at most
     * {@link LocalDiffs#MAX_KEPT_FILES} files.
     */
    final MemoryAnswers<List<FileEntry>> fileLists = new MemoryAnswers<>(8);

    /** Every changed name of a range between commits ({@link LocalDiffs#changedNames}), as for {@link #fileLists}. */
    final MemoryAnswers<List<String>> changedNames = new MemoryAnswers<>(8);

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
