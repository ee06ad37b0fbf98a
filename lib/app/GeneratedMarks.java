package dev.prdiff.app;

import dev.prdiff.git.GeneratedAttributes;
import dev.prdiff.git.Git;
import dev.prdiff.shape.GeneratedFiles;
import dev.prdiff.shape.SectionLimits;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/** A request whose --skip-generated also honours linguist-generated in .gitattributes at the head commit. */
final class GeneratedMarks {
    private GeneratedMarks() {}

    /**
     * {@code request} with the head commit's marks for {@code paths} (null: every file of the head's tree), or
     * unchanged when it skips no generated files or has no head commit.
     */
    static DiffRequest at(DiffRequest request, Git git, String headSha, Supplier<Collection<String>> paths) {
        SectionLimits limits = request.shape().output().limits();
        if (!limits.skipGenerated() || headSha == null) {
            return request;
        }
        return with(request, new GeneratedFiles(GeneratedAttributes.at(git, headSha, paths)));
    }

    /**
     * As {@link #at}, for an answer of a few selected paths: the marks are asked of git for the {@code selected}
     * paths at once, and only when a section's path is none of them (the other side of a rename, a file in a
     * selected folder) for every path the range changes ({@code changed}). The head's marks are kept for the
     * session, so a later answer on the same head asks git nothing it asked before.
     */
    static DiffRequest forSelection(DiffRequest request, Git git, String headSha, Collection<String> selected,
            Supplier<Collection<String>> changed) {
        SectionLimits limits = request.shape().output().limits();
        if (!limits.skipGenerated() || headSha == null) {
            return request;
        }
        Set<String> named = new LinkedHashSet<>(selected);
        named.remove(""); // the whole tree, no path of its own
        Map<String, Boolean> first = GeneratedAttributes.at(git, headSha, () -> named);
        AtomicReference<Map<String, Boolean>> rest = new AtomicReference<>();
        return with(request, new GeneratedFiles(path -> {
            if (named.contains(path)) {
                return first.get(path);
            }
            if (rest.get() == null) {
                rest.set(GeneratedAttributes.at(git, headSha, changed));
            }
            return rest.get().get(path);
        }));
    }

    private static DiffRequest with(DiffRequest request, GeneratedFiles generated) {
        DiffRequest.Shape shape = request.shape();
        return request.withShape(shape.withOutput(shape.output().limited(shape.output().limits()
                .withGenerated(generated))));
    }
}
