package dev.prdiff.shape;

import java.util.Set;
import java.util.function.Predicate;

/**
 * Which files --skip-generated treats as generated: lock files and generated code by name, as reviewers and
 * GitHub's linguist know them, plus whatever {@code marked} says (the paths .gitattributes marks
 * linguist-generated at the head commit).
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

    public static final GeneratedFiles BY_NAME = new GeneratedFiles(path -> false);

    private final Predicate<String> marked;

    /** @param marked the paths .gitattributes marks linguist-generated */
    public GeneratedFiles(Predicate<String> marked) {
        this.marked = marked;
    }

    public boolean generated(String path) {
        if (path == null) {
            return false;
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
        return marked.test(path);
    }
}
