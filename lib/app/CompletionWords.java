package dev.prdiff.app;

import dev.prdiff.core.FileEntry;
import dev.prdiff.git.Git;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The words shell completion offers: the repository's ref names for a TARGET, and a local range's changed paths
 * for --file, written as --file takes them (relative to the folder prdiff runs in). Never the network: a pull
 * request's paths are not offered.
 */
public final class CompletionWords {
    private CompletionWords() {}

    /** Branches, remote branches and tags, by their short names. */
    public static List<String> refs(DiffRequest request) {
        return open(request).refNames();
    }

    /** The request's changed paths (a rename's new one), relative to the folder it runs in; none for a pull request. */
    public static List<String> changedPaths(DiffRequest request) {
        if (request.target() instanceof Target.PullRequest) {
            return List.of();
        }
        String prefix = open(request).repository().prefix();
        Path here = Path.of(prefix == null ? "" : prefix);
        List<String> paths = new ArrayList<>();
        for (FileEntry file : Prdiff.files(request, notice -> {}).files()) {
            paths.add(prefix == null || prefix.isEmpty() ? file.path()
                    : here.relativize(Path.of(file.path())).toString());
        }
        return paths;
    }

    private static Git open(DiffRequest request) {
        return request.context().session().open(request.context().dirOrHere(), request.context().timeoutOrDefault());
    }
}
