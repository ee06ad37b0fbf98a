package dev.prdiff.app;

import dev.prdiff.git.GeneratedAttributes;
import dev.prdiff.git.Git;
import dev.prdiff.shape.GeneratedFiles;
import dev.prdiff.shape.SectionLimits;

import java.util.Collection;
import java.util.function.Supplier;

/** A request whose --skip-generated also honours linguist-generated in .gitattributes at the head commit. */
final class GeneratedMarks {
    private GeneratedMarks() {}

    /**
     * {@code request} with the head commit's marks for {@code paths} (null: every file of the head's tree), or
     * unchanged when it skips no generated files or has no head commit.
     */
    static DiffRequest at(DiffRequest request, Git git, String headSha, Supplier<Collection<String>> paths) {
        SectionLimits limits = request.shape().limits();
        if (!limits.skipGenerated() || headSha == null) {
            return request;
        }
        GeneratedFiles generated = new GeneratedFiles(GeneratedAttributes.at(git, headSha, paths));
        return request.shaped(request.shape().limited(limits.withGenerated(generated)), request.contextLines(),
                request.stat());
    }
}
