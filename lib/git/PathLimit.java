package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.diff.SectionFilter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

/**
 * The pathspec that gives a few files' sections exactly as the whole diff has them, so that one file of a huge
 * range costs what git needs for that file. A pathspec filters before rename detection: an added or deleted
 * file may be half of a rename the whole diff pairs, so its partner joins the pathspec, and the pairing is then
 * proven equal to the whole diff's; where it is not, there is no limit and the caller cuts from the whole diff.
 * A wanted path may be a directory: it selects everything below it, in the pathspec and in the checks alike.
 */
final class PathLimit {
    /** Past this many paths the argument list grows large and a whole diff is as cheap. */
    static final int MAX_PATHS = 1000;
    private static final byte PROOF_HELD = 1;
    private static final byte PASS_FAILED = 2;
    static final int MAX_KEPT_PATHS = 64;

    private final Git git;
    private final List<String> revisions;
    private final Memo memo;

    PathLimit(Git git, List<String> revisions) {
        this.git = git;
        this.revisions = revisions;
        this.memo = git.session().memo;
    }

    /** Literal pathspecs for the wanted paths and their rename partners, or null when the limit cannot be proven. */
    List<String> pathspec(Set<String> wanted) {
        if (!limitable(wanted)) {
            return null;
        }
        List<Object> key = provenKey(wanted);
        Optional<List<String>> known = memo.provenPathspecs.known(key);
        if (known != null) {
            return known.orElse(null);
        }
        List<String> proven = prove(wanted);
        if (proven == null || proven.size() <= MAX_KEPT_PATHS * 2) {
            memo.provenPathspecs.keep(key, Optional.ofNullable(proven));
        }
        return proven;
    }

    /**
     * The paths to try before any proof while nothing is proven of the wanted ones (see {@link #judge}): the wanted
     * paths, and their partners where the range's rename pairs are known, so that a renamed file is one diff. Null
     * when their limit is known already, or they cannot go to git as they are.
     */
    Set<String> untried(Set<String> wanted) {
        if (!limitable(wanted) || memo.provenPathspecs.known(provenKey(wanted)) != null) {
            return null;
        }
        List<RawNumstat.Change> pairs = knownPairsTouching(wanted, PARTNER_SCAN_LIMIT);
        Set<String> paths = pairs == null ? wanted : withPartners(wanted, pairs);
        return passable(paths) ? paths : wanted;
    }

    /**
     * The most kept pair bytes (about 350 pairs) {@link #untried} scans for partners ahead of every file's first
     * diff: most files are modified and need none, so the scan must stay cheap next to that diff; past it a renamed
     * file takes a second diff, widened by {@link #judge}.
     */
    static final int PARTNER_SCAN_LIMIT = 32 * 1024;

    /** {@code paths} and every path of {@code pairs} they do not select already. */
    private static Set<String> withPartners(Set<String> paths, List<RawNumstat.Change> pairs) {
        Set<String> with = new LinkedHashSet<>(paths);
        for (RawNumstat.Change c : pairs) {
            for (String p : List.of(c.oldPath(), c.newPath())) {
                if (!SectionFilter.selects(paths, p)) {
                    with.add(p);
                }
            }
        }
        return with;
    }

    /** What a diff limited to {@code tried} showed, judged by {@link #judge}. */
    record Trial(Verdict verdict, Set<String> widened) {}

    enum Verdict {
        /** The limited diff is the whole diff's, for every wanted path. */
        SAME,
        /** Try again with {@link Trial#widened}: the tried paths and their rename partners. */
        WIDEN,
        /** No limit gives the whole diff's sections: cut them from the whole diff. */
        WHOLE,
        /** Not known without {@link #prove}. */
        UNKNOWN
    }

    /**
     * Judges the {@code --raw} records of a diff limited to {@code tried} (the wanted paths, or those and their
     * partners) against the whole diff, and keeps the answer for {@code wanted}. Only added and deleted files take
     * part in rename detection, so records of modified or retyped files alone are the whole diff's. Otherwise the
     * range's rename pairs decide, where they are known already: a limited diff pairs as the whole diff does on its
     * paths when it holds exactly the whole diff's pairs touching them (its other records are then the
     * {@code --no-renames} ones those pairs leave, as the whole diff's are); a pair reaching past the tried paths
     * widens them once.
     */
    Trial judge(Set<String> wanted, Set<String> tried, List<RawNumstat.Change> limited) {
        Trial trial = judged(tried, limited);
        if (trial.verdict() == Verdict.SAME) {
            memo.provenPathspecs.keep(provenKey(wanted), Optional.of(literal(tried)));
        } else if (trial.verdict() == Verdict.WHOLE) {
            memo.provenPathspecs.keep(provenKey(wanted), Optional.empty());
        }
        return trial;
    }

    private Trial judged(Set<String> tried, List<RawNumstat.Change> limited) {
        if (limited != null && modifiedOnly(limited)) {
            return new Trial(Verdict.SAME, tried);
        }
        List<RawNumstat.Change> pairs = limited == null ? null : knownPairsTouching(tried, Integer.MAX_VALUE);
        if (pairs == null) {
            return new Trial(Verdict.UNKNOWN, null);
        }
        Set<List<String>> expected = new HashSet<>();
        for (RawNumstat.Change c : pairs) {
            expected.add(pairOf(c));
        }
        Set<String> paths = withPartners(tried, pairs);
        if (paths.size() > tried.size()) {
            return passable(paths) ? new Trial(Verdict.WIDEN, paths) : new Trial(Verdict.WHOLE, null);
        }
        Set<List<String>> got = new HashSet<>();
        for (RawNumstat.Change c : limited) {
            if (c.paired()) {
                got.add(pairOf(c));
            }
        }
        return new Trial(got.equals(expected) ? Verdict.SAME : Verdict.WHOLE, null);
    }

    /**
     * A pair as its paths, status and score: the range's trees fix its modes and ids, whose abbreviation may
     * lengthen as the repository grows.
     */
    private static List<String> pairOf(RawNumstat.Change c) {
        return List.of(c.oldPath(), c.newPath(), String.valueOf(c.status()), c.score());
    }

    /** Whether the wanted paths can be a pathspec at all: some, and each passable as an argument. */
    private static boolean limitable(Set<String> wanted) {
        return !wanted.isEmpty() && passable(wanted);
    }

    private List<Object> provenKey(Set<String> wanted) {
        return wanted.size() <= MAX_KEPT_PATHS ? git.keyOf(revisions, "pathspec", Set.copyOf(wanted)) : null;
    }

    private List<String> prove(Set<String> wanted) {
        List<RawNumstat.Change> unpaired = raw(List.of("--no-renames"), wanted);
        boolean addedOrDeleted = unpaired.stream().anyMatch(c -> SectionFilter.selects(wanted, c.newPath())
                && (c.status() == 'A' || c.status() == 'D'));
        if (!addedOrDeleted) {
            // Only added and deleted files take part in rename detection; modified ones stay as they are.
            return literal(wanted);
        }
        List<RawNumstat.Change> pairs = knownPairs();
        if (pairs == null) {
            List<RawNumstat.Change> whole = raw(List.of("--no-renames"), null);
            List<String> exact = ExactRenames.pathspec(wanted, whole);
            if (exact != null) {
                return passable(exact) ? literal(exact) : null;
            }
            pairs = wholePairsUnlessPartnerless(wanted, whole);
            if (pairs == null) {
                return literal(wanted);
            }
        }
        Set<String> paths = new LinkedHashSet<>(wanted);
        for (RawNumstat.Change c : pairs) {
            if (touchesPathspec(c, wanted)) {
                paths.add(c.oldPath());
                paths.add(c.newPath());
            }
        }
        if (!passable(paths)) {
            return null;
        }
        // What the whole diff has on these paths: their --no-renames records with the pairs in place.
        List<RawNumstat.Change> onPaths = paths.size() == wanted.size() ? unpaired : raw(List.of("--no-renames"), paths);
        Set<RawNumstat.Change> expected = new HashSet<>();
        for (RawNumstat.Change c : paired(onPaths, pairs)) {
            if (touchesPathspec(c, paths)) {
                expected.add(c);
            }
        }
        Set<RawNumstat.Change> limited = new HashSet<>(raw(List.of(), paths));
        return limited.equals(expected) ? literal(paths) : null;
    }

    /** The whole range's rename pairs where this session or an earlier process found them, else null. */
    private List<RawNumstat.Change> knownPairs() {
        return knownPairs(Integer.MAX_VALUE, RenamePairs::read);
    }

    /** As {@link #knownPairs}, only the pairs with a path that {@code paths} select; null past {@code maxBytes}. */
    private List<RawNumstat.Change> knownPairsTouching(Set<String> paths, int maxBytes) {
        return knownPairs(maxBytes, kept -> RenamePairs.touching(kept, paths));
    }

    /**
     * The pairs kept in the session's memo or on disk (as {@link RenamePairs#write} wrote them, at most
     * {@code maxBytes}), as {@code read} finds them; null when there are none or {@code read} refuses them. Pairs read
     * are kept in the memo, so that the judgement after {@link #untried} finds them without the disk.
     */
    private List<RawNumstat.Change> knownPairs(int maxBytes, Function<byte[], List<RawNumstat.Change>> read) {
        List<Object> key = pairsKey();
        byte[] kept = memo.renamePairs.known(key);
        if (kept == null) {
            Git.OnDisk onDisk = keptPairsOnDisk();
            kept = onDisk == null ? null : onDisk.get();
        }
        List<RawNumstat.Change> pairs = kept == null || kept.length > maxBytes ? null : read.apply(kept);
        if (pairs != null) {
            memo.renamePairs.keep(key, kept);
        }
        return pairs;
    }

    private void keepPairs(List<RawNumstat.Change> pairs) {
        byte[] written = RenamePairs.write(pairs);
        memo.renamePairs.keep(pairsKey(), written);
        Git.OnDisk onDisk = keptPairsOnDisk();
        if (onDisk != null) {
            onDisk.put(written);
        }
    }

    private List<Object> pairsKey() {
        return git.keyOf(revisions, "-M pairs");
    }

    private Git.OnDisk keptPairsOnDisk() {
        return git.onDisk("rename-pairs", revisions, "git diff --raw -M pairs v1");
    }

    /**
     * The whole range's rename pairs, or null when {@link #partnerless} proves they are not needed. Both run at
     * once: the proof takes a fraction of the whole pass, and a renamed file, whose proof fails, waits no longer
     * than the whole pass alone. The pass keeps the pairs it finds (see {@link #wholePairs}).
     *
     * <p>A proof serves one file: an agent reading a range's added files one by one would pay one for each (about
     * 0.4 s on a 20,000-file range, against one whole pass of about 1 s). So once a proof has held for this range,
     * the next file's first call waits for the whole pass instead, and every file after that finds the pairs kept.
     * A command-line call ends its pass when the proof holds (its process ends anyway); a server lets it run on to
     * keep its pairs for the calls to come.
     */
    private List<RawNumstat.Change> wholePairsUnlessPartnerless(Set<String> wanted, List<RawNumstat.Change> whole) {
        byte before = partnerlessBefore();
        if (before == PROOF_HELD) {
            List<RawNumstat.Change> pairs = awaitedWholePairs();
            if (pairs != null) {
                return pairs;
            }
        }
        FutureTask<List<RawNumstat.Change>> pass = git.session().renamePasses.start(pairsKey(), this::wholePairs);
        try {
            if (partnerless(wanted, whole)) {
                if (before == 0) {
                    partnerlessOutcome(PROOF_HELD);
                }
                return null;
            }
            return GitTasks.result(pass, "git diff --raw -M");
        } finally {
            if (!git.session().servesManyCalls()) {
                pass.cancel(true); // one call per process: nobody else waits for it
            }
        }
    }

    /**
     * The whole pass's pairs, waited for; null when it fails (times out on a huge range, say), which is kept so that
     * no later call waits for it again: proofs serve them, as before any proof held.
     */
    private List<RawNumstat.Change> awaitedWholePairs() {
        try {
            return GitTasks.result(git.session().renamePasses.start(pairsKey(), this::wholePairs), "git diff --raw -M");
        } catch (PrdiffException e) {
            if (e.code() == ErrorCode.CANCELLED) {
                throw e;
            }
            partnerlessOutcome(PASS_FAILED);
            return null;
        }
    }

    /** The whole range's rename pairs, kept in the session's memo and on disk as soon as git has found them. */
    private List<RawNumstat.Change> wholePairs() {
        List<RawNumstat.Change> pairs = raw(List.of(), null).stream().filter(RawNumstat.Change::paired).toList();
        keepPairs(pairs);
        return pairs;
    }

    /** What happened to this range's partnerless proofs before: {@link #PROOF_HELD}, {@link #PASS_FAILED}, or 0. */
    private byte partnerlessBefore() {
        Byte known = memo.partnerless.known(pairsKey());
        if (known != null) {
            return known;
        }
        Git.OnDisk onDisk = partnerlessProofsOnDisk();
        byte[] kept = onDisk == null ? null : onDisk.get();
        return kept != null && kept.length == 1 ? kept[0] : 0;
    }

    private void partnerlessOutcome(byte outcome) {
        memo.partnerless.keep(pairsKey(), outcome);
        Git.OnDisk onDisk = partnerlessProofsOnDisk();
        if (onDisk != null) {
            onDisk.put(new byte[] {outcome});
        }
    }

    private Git.OnDisk partnerlessProofsOnDisk() {
        return git.onDisk("partnerless-proofs", revisions, "a partnerless proof held v1");
    }

    /**
     * Whether no wanted added or deleted file has a rename partner in the whole diff, proven by git without the
     * whole range's similarity pass: the wanted paths with every deleted file (every candidate source of a wanted
     * addition), then with every added file (every candidate target of a wanted deletion). A run without a single
     * pair means no wanted file scores against any file of the other side, by blob, by basename or by similarity;
     * scores are per pair, and the whole diff's larger sets only add competition and, past the rename limit, skip
     * the similarity pass altogether, so it pairs none of them either. Any pair leaves the question to the whole pass.
     */
    private boolean partnerless(Set<String> wanted, List<RawNumstat.Change> whole) {
        for (char side : new char[] {'A', 'D'}) {
            char other = side == 'A' ? 'D' : 'A';
            boolean asked = whole.stream().anyMatch(c -> c.status() == side && SectionFilter.selects(wanted, c.newPath()));
            if (!asked) {
                continue;
            }
            Set<String> paths = new LinkedHashSet<>(wanted);
            whole.stream().filter(c -> c.status() == other).forEach(c -> paths.add(c.newPath()));
            if (!passable(paths) || raw(List.of(), paths).stream().anyMatch(RawNumstat.Change::paired)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the paths can go to git as arguments: at most {@link #MAX_PATHS}, and all UTF-8. A name that is not
     * UTF-8 cannot be passed as an argument (Java encodes arguments from Strings) and git diff reads no pathspec
     * from a file: such a selection is cut from the whole diff instead.
     */
    private static boolean passable(Collection<String> paths) {
        if (paths.size() > MAX_PATHS) {
            return false;
        }
        for (String p : paths) {
            if (!PathBytes.isUtf8(p)) {
                return false;
            }
        }
        return true;
    }

    /** Only modifications and type changes: no side of a rename or copy, nothing added or deleted. */
    private static boolean modifiedOnly(List<RawNumstat.Change> changes) {
        for (RawNumstat.Change c : changes) {
            if (c.status() != 'M' && c.status() != 'T') {
                return false;
            }
        }
        return true;
    }

    /**
     * The {@code -M} records from {@code --no-renames} ones and the whole range's pairs: with {@code -M} alone (no
     * copies, no breaks) a pair replaces its deletion and its addition, and every other record is unchanged.
     */
    private static List<RawNumstat.Change> paired(List<RawNumstat.Change> unpaired, List<RawNumstat.Change> pairs) {
        Set<String> sources = new HashSet<>();
        Set<String> targets = new HashSet<>();
        for (RawNumstat.Change p : pairs) {
            sources.add(p.oldPath());
            targets.add(p.newPath());
        }
        List<RawNumstat.Change> whole = new ArrayList<>(pairs);
        for (RawNumstat.Change c : unpaired) {
            boolean replaced = (c.status() == 'D' && sources.contains(c.oldPath()))
                    || (c.status() == 'A' && targets.contains(c.newPath()));
            if (!replaced) {
                whole.add(c);
            }
        }
        return whole;
    }

    /** A literal pathspec (or a selection) matches the path itself and everything below it. */
    static boolean touchesPathspec(RawNumstat.Change c, Set<String> paths) {
        return SectionFilter.selects(paths, c.oldPath()) || SectionFilter.selects(paths, c.newPath());
    }

    static List<String> literal(java.util.Collection<String> paths) {
        List<String> spec = new ArrayList<>(paths.size());
        for (String p : paths) {
            spec.add(":(literal)" + p);
        }
        return spec;
    }

    /** {@code git diff --raw -z} of the revisions, limited to {@code paths} unless null. */
    private List<RawNumstat.Change> raw(List<String> options, Set<String> paths) {
        List<String> raw = new ArrayList<>(List.of("--raw", "-z"));
        raw.addAll(options);
        List<String> pathspec = paths == null ? List.of() : literal(paths);
        return RawNumstat.changes(git.objectsOutput(GitEnvironment.diffArgs(raw, revisions, pathspec)));
    }
}
