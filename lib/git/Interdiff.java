package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a pull request changed between an earlier head and the current one ("what changed since my last
 * review"), from objects. The two pull request diffs are compared, not the two heads: {@code mergeBase..OLD}
 * against {@code mergeBase..NEW}.
 * <ul>
 * <li>Same merge base: the interdiff is {@code git diff OLD NEW}.</li>
 * <li>The base moved (a rebase, a force-push onto a newer base): the old pull request's changes are replayed onto
 * the new merge base with {@code git merge-tree} into a tree T, and the interdiff is {@code git diff T NEW}:
 * exactly what the author changed beyond the rebase.</li>
 * <li>The replay conflicts: {@code git diff OLD NEW} for the files either pull request diff changes, and a
 * warning that the base's own changes to those files show too.</li>
 * </ul>
 * Everything runs in a scratch git directory of the process's own: the trees and the two commits the replay needs
 * are written into its object directory, never into the repository's nor the one kept for the user.
 *
 * @param spec      the diff to show: revisions are two trees (or commits), so every shape of answer applies;
 *                  its warnings are the interdiff's own (the current range's were told with it)
 * @param conflicts the files whose replay conflicted (method PER_FILE), else empty
 */
public record Interdiff(DiffSpec spec, String oldHead, String newHead, String oldMergeBase, String newMergeBase,
        Method method, List<String> conflicts) {

    public enum Method { SAME_BASE, REPLAYED, PER_FILE }

    /** Names both heads, both merge bases and the method, for the notices. */
    public String described() {
        String shas = "interdiff since " + oldHead + " (merge base " + oldMergeBase + ") to " + newHead
                + " (merge base " + newMergeBase + "): ";
        return shas + switch (method) {
            case SAME_BASE -> "same merge base, so git diff " + oldHead + " " + newHead;
            case REPLAYED -> "the base moved, so the old pull request's changes were replayed onto the new merge base"
                    + " (git merge-tree) and compared with the new head: what changed beyond the rebase";
            case PER_FILE -> "the base moved and replaying the old changes conflicts, so git diff " + oldHead + " "
                    + newHead + " for the files either pull request diff changes";
        };
    }

    /**
     * The interdiff from {@code oldRev} to the head of {@code current}, a range from a merge base ({@code A...B},
     * a pinned pull request) whose base side is the pull request's base.
     */
    static Interdiff since(LocalDiffs local, DiffSpec current, String oldRev) {
        if (!current.objectsOnly() || current.mergeBaseSha() == null || current.headSha() == null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "--since compares two pull request diffs, each from"
                    + " its merge base: it needs a range of commits such as A...B, REV or a pull request, not "
                    + current.range());
        }
        Git git = local.git();
        git.writeObjects(); // the replay's trees and commits, which the diff that follows reads
        String oldHead = git.commit(oldRev);
        String newHead = current.headSha();
        List<String> oldBases = local.mergeBases(current.baseSha(), oldHead);
        if (oldBases.isEmpty()) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "no merge base between the base " + current.baseSha()
                    + " and the earlier head " + oldHead + ": they share no history");
        }
        List<String> warnings = new ArrayList<>();
        if (oldBases.size() > 1) {
            warnings.add("the base and " + oldHead + " have " + oldBases.size() + " merge bases; the interdiff uses "
                    + oldBases.get(0) + " (others: " + String.join(", ", oldBases.subList(1, oldBases.size())) + ")");
        }
        String oldBase = oldBases.get(0);
        String newBase = current.mergeBaseSha();
        String label = "interdiff " + oldHead + ".." + newHead;
        if (oldBase.equals(newBase)) {
            return new Interdiff(spec(label, oldHead, oldHead, newHead, warnings), oldHead, newHead, oldBase, newBase,
                    Method.SAME_BASE, List.of());
        }
        Replay replay = replay(git, oldBase, newBase, oldHead);
        if (replay.conflicts().isEmpty()) {
            return new Interdiff(spec(label, replay.tree(), oldHead, newHead, warnings), oldHead, newHead, oldBase,
                    newBase, Method.REPLAYED, List.of());
        }
        Set<String> touched = new LinkedHashSet<>(names(git, oldBase, oldHead));
        touched.addAll(names(git, newBase, newHead));
        warnings.add("replaying the old pull request's changes onto the new merge base " + newBase + " conflicts in "
                + shown(replay.conflicts()) + "; instead, the " + touched.size() + " files either pull request diff"
                + " changes are compared head to head (git diff " + oldHead + " " + newHead + " for those files),"
                + " which also shows what the base itself changed in them");
        return new Interdiff(spec(label, oldFilesOnNew(git, oldHead, newHead, touched), oldHead, newHead, warnings),
                oldHead, newHead, oldBase, newBase, Method.PER_FILE, replay.conflicts());
    }

    private static DiffSpec spec(String label, String from, String oldHead, String newHead, List<String> warnings) {
        return new DiffSpec(label, List.of(from, newHead), true, oldHead, newHead, null, warnings);
    }

    private static String shown(List<String> paths) {
        List<String> quoted = paths.stream().map(PathBytes::inLine).toList();
        return quoted.size() <= 5 ? String.join(", ", quoted)
                : String.join(", ", quoted.subList(0, 5)) + " and " + (quoted.size() - 5) + " more";
    }

    /** The replayed tree, and the files whose replay conflicted (then the tree holds conflict markers). */
    private record Replay(String tree, List<String> conflicts) {}

    /**
     * {@code git merge-tree --merge-base=OLD_BASE NEW_BASE OLD} as git 2.40 spells it; git 2.39 has no
     * --merge-base, so two commits made here (never in the repository) stand in for it: OLD's tree and
     * NEW_BASE's tree, each with OLD_BASE as its only parent, so that OLD_BASE is exactly their merge base.
     */
    private static Replay replay(Git git, String oldBase, String newBase, String oldHead) {
        String theirs = commitOnto(git, tree(git, oldHead), oldBase);
        String ours = commitOnto(git, tree(git, newBase), oldBase);
        List<String> args = List.of("merge-tree", "--write-tree", "--name-only", "-z", "--no-messages", ours, theirs);
        Subprocess.Captured r = git.objectsRaw(args);
        if (r.exitCode() != 0 && r.exitCode() != 1) {
            git.check(r.result(), args);
        }
        String[] fields = PathBytes.decode(r.stdout()).split("\0");
        List<String> conflicts = new ArrayList<>();
        for (int i = 1; i < fields.length; i++) {
            if (!fields[i].isEmpty() && !conflicts.contains(fields[i])) {
                conflicts.add(fields[i]);
            }
        }
        if (r.exitCode() == 1 && conflicts.isEmpty()) {
            conflicts.add("(unnamed paths)");
        }
        return new Replay(fields[0].strip(), conflicts);
    }

    /** A commit of {@code tree} whose one parent is {@code parent}, with a fixed identity and date: no config read. */
    private static String commitOnto(Git git, String tree, String parent) {
        String commit = "tree " + tree + "\nparent " + parent + "\nauthor prdiff <prdiff@invalid> 0 +0000\n"
                + "committer prdiff <prdiff@invalid> 0 +0000\n\nprdiff interdiff replay\n";
        List<String> args = List.of("hash-object", "-t", "commit", "-w", "--stdin");
        Subprocess.Captured r = git.objectsRaw(args, commit.getBytes(StandardCharsets.US_ASCII));
        git.check(r.result(), args);
        return r.text().strip();
    }

    /** Every path {@code from..to} changes, both sides of a rename, as exact names. */
    private static List<String> names(Git git, String from, String to) {
        byte[] z = git.objectsOutput(GitEnvironment.diffArgs(List.of("--name-only", "-z", "--no-renames"),
                List.of(from, to), List.of()));
        return PathBytes.nulSeparated(z);
    }

    /**
     * NEW's tree with OLD's version of {@code paths} (a path OLD lacks is left out): diffed against NEW it is
     * {@code git diff OLD NEW} for those paths. Built in a private index file from exact names, so names that
     * are not UTF-8 need no argument.
     */
    private static String oldFilesOnNew(Git git, String oldHead, String newHead, Set<String> paths) {
        byte[] raw = git.objectsOutput(GitEnvironment.diffArgs(List.of("--raw", "-z", "--no-renames", "--no-abbrev"),
                List.of(newHead, oldHead), List.of()));
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        for (RawNumstat.Change c : RawNumstat.changes(raw)) {
            if (!paths.contains(c.newPath())) {
                continue;
            }
            String entry = c.status() == 'D' ? "0 " + "0".repeat(c.oldId().length()) : c.newMode() + " " + c.newId();
            info.writeBytes((entry + "\t").getBytes(StandardCharsets.US_ASCII));
            info.writeBytes(PathBytes.encode(c.newPath()));
            info.write(0);
        }
        try (PrivateIndex index = PrivateIndex.of(git, newHead, "interdiff")) {
            index.run(List.of("update-index", "-z", "--index-info"), info.toByteArray());
            return index.run(List.of("write-tree"), null).text().strip();
        }
    }

    private static String tree(Git git, String commit) {
        return new String(git.objectsOutput(List.of("rev-parse", "--verify", "--end-of-options", commit + "^{tree}")),
                StandardCharsets.US_ASCII).strip();
    }
}
