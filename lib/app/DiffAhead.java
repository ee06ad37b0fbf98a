package dev.prdiff.app;

import dev.prdiff.git.Git;
import dev.prdiff.git.LocalDiffs;

import java.util.List;
import java.util.function.Consumer;

/**
 * Given the range opened ahead ({@link TargetAhead}), starts the git diff that {@code prdiff A...B --file PATH} will
 * run for it: the range resolved and the path selected as the call will, so that the call, once picocli has parsed
 * it, finds its diff running or done. The call takes it only when its own git command is exactly this one; any
 * failure here is left for the call to meet.
 */
record DiffAhead(String file, Git.RangeRevisions range) implements Consumer<Git> {
    @Override
    public void accept(Git git) {
        try {
            LocalDiffs local = new LocalDiffs(git, null);
            PathSelection selection = PathSelection.of(List.of(file), git.prefix(), git.topLevel());
            if (!selection.everything()) {
                local.startAhead(local.range(range.base(), range.head(), range.threeDot()), selection.paths());
            }
        } catch (RuntimeException e) {
            // the call opens and diffs on its own
        }
    }
}
