package dev.prdiff.app;

import dev.prdiff.git.DiffSpec;
import dev.prdiff.git.Interdiff;
import dev.prdiff.git.LocalDiffs;

import java.util.function.Consumer;

/** --since: what a range's head changed since an earlier head, for local ranges and pull requests alike. */
final class EarlierHead {
    private EarlierHead() {}

    /** The interdiff from {@code since} to {@code spec}'s head (told to notices), or {@code spec} when null. */
    static DiffSpec since(LocalDiffs local, DiffSpec spec, String since, Consumer<String> notices) {
        if (since == null) {
            return spec;
        }
        Interdiff interdiff = local.since(spec, since);
        notices.accept(interdiff.described());
        interdiff.spec().warnings().forEach(w -> notices.accept("warning: " + w));
        return interdiff.spec();
    }
}
