package dev.prdiff.shape;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Which files --skip-generated treats as generated: lock files and generated code by name, as reviewers and
 * GitHub's linguist know them, unless {@code .gitattributes} at the head commit says otherwise: as linguist
 * does, {@code linguist-generated} (or {@code =true}) marks a file generated and {@code -linguist-generated} (or
 * {@code =false}) unmarks one the name rule would take.
 */
public final class GeneratedFiles {
    private static final Set<String> NAMES = Set.of(
            "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "go.sum",
            "Cargo.lock", "Gemfile.lock", "composer.lock", "poetry.lock", "Pipfile.lock", "uv.lock", "pdm.lock",
            "packages.lock.json", "Podfile.lock", "pubspec.lock", "mix.lock", "flake.lock", "gradle.lockfile",
            "Package.resolved");
    private static final String[] SUFFIXES = {
        ".min.js", ".min.css", ".min.mjs", ".js.map", ".css.map", ".pb.go", ".pb.gw.go", "_pb2.py", "_pb2_grpc.py",
        ".pb.h", ".pb.cc", "_grpc.pb.go", ".g.dart", ".freezed.dart", ".designer.cs", "_generated.go"};

    public static final GeneratedFiles BY_NAME = new GeneratedFiles(Map.of());

    private final Function<String, Boolean> marks;

    /** @param marks per path, what .gitattributes says: true generated, false not; absent paths go by name */
    public GeneratedFiles(Map<String, Boolean> marks) {
        this.marks = Map.copyOf(marks)::get;
    }

    /**
     * @param marks what .gitattributes says of a path (true generated, false not, null: go by name), asked only
     *              for the paths of the sections shaped
     */
    public GeneratedFiles(Function<String, Boolean> marks) {
        this.marks = marks;
    }

    /** These files, except that a path in {@code named} (a file asked for by name) is never generated. */
    public GeneratedFiles except(Collection<String> named) {
        Set<String> asked = Set.copyOf(named);
        return new GeneratedFiles(path -> !asked.contains(path) && generated(path));
    }

    public boolean generated(String path) {
        if (path == null) {
            return false;
        }
        Boolean mark = marks.apply(path);
        if (mark != null) {
            return mark;
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (NAMES.contains(name)) {
            return true;
        }
        for (String suffix : SUFFIXES) {
            if (name.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }
}
