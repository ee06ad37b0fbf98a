package dev.prdiff.app;

import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Git;
import dev.prdiff.shape.DiffLayout;
import dev.prdiff.shape.EditorConfig;
import dev.prdiff.shape.SectionLimits;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A side-by-side request without a tab width of its own takes each file's from the {@code .editorconfig} at the
 * top of the head commit, read from git objects (a work tree's diff reads HEAD's), never from the work tree.
 */
final class EditorConfigTabs {
    private EditorConfigTabs() {}

    /** {@code request} with the head commit's .editorconfig, or unchanged when it needs none or there is none. */
    static DiffRequest at(DiffRequest request, Git git, String headSha) {
        SectionLimits limits = request.shape().output().limits();
        DiffLayout layout = limits.layout();
        if (!layout.readsEditorConfig()) {
            return request;
        }
        EditorConfig config = read(git, headSha);
        if (config == null) {
            return request;
        }
        DiffRequest.Shape shape = request.shape();
        return request.withShape(shape.withOutput(shape.output().limited(limits.laidOut(layout.withEditorConfig(config)))));
    }

    /** The commit's top .editorconfig, or null when it has none ({@code headSha} null: HEAD's, if any). */
    private static EditorConfig read(Git git, String headSha) {
        String commit = headSha;
        if (commit == null) {
            try {
                commit = git.commit("HEAD");
            } catch (PrdiffException e) {
                return null; // no commit yet
            }
        }
        Subprocess.Captured blob = git.objectsRaw(List.of("cat-file", "blob", commit + ":.editorconfig"));
        return blob.ok() ? EditorConfig.parse(new String(blob.stdout(), StandardCharsets.UTF_8)) : null;
    }
}
