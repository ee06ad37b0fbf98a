package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A clone of prdiff as the wrapper sees it, with a program of three small files in place of prdiff's: this
 * repository's {@code jbang} and {@code .jbang-wrapper/}, a {@code prdiff.java} that prints {@code prdiff VERSION}
 * (what {@code prdiff --version} prints) and takes its version from {@code lib/core/Version.java}, reached only
 * through {@code //SOURCES lib/Sources.java} as prdiff's lib files are, and an {@code mcp-shim.java} beside it. For
 * tests whose subject is the wrapper's rebuild and launch logic, not prdiff: javac compiles three small files where
 * prdiff's build compiles every lib file, and the first launch's CDS training run is a plain run. The real prdiff goes
 * through the same paths in {@link SharedBuild}'s first launches.
 */
public final class StandInClone {
    /** The version {@code lib/core/Version.java} holds, as {@code NUMBER = "0.1.0"}: tests edit that text. */
    public static final String VERSION = "0.1.0";

    private StandInClone() {}

    /** Writes the clone into the folder {@code to} (made if need be) and returns it. */
    public static Path make(Path to) {
        Path root = RepoRoot.find();
        TreeCopy.of(root.resolve("jbang"), to.resolve("jbang"), StandardCopyOption.COPY_ATTRIBUTES);
        TreeCopy.of(root.resolve(".jbang-wrapper"), to.resolve(".jbang-wrapper"), StandardCopyOption.COPY_ATTRIBUTES);
        write(to.resolve("prdiff.java"), script("prdiff", "prdiff"));
        write(to.resolve("mcp-shim.java"), script("McpShim", "prdiff-mcp"));
        write(to.resolve("lib/Sources.java"), List.of(
                "//SOURCES core/Version.java",
                "",
                "final class Sources {",
                "}"));
        write(to.resolve("lib/core/Version.java"), List.of(
                "package standin.core;",
                "",
                "public final class Version {",
                "    public static final String NUMBER = \"" + VERSION + "\";",
                "",
                "    private Version() {}",
                "}"));
        return to;
    }

    /** A script of class {@code className} that prints {@code name} and the version, taken through //SOURCES. */
    private static List<String> script(String className, String name) {
        return List.of(
                "//JAVA 17+",
                "//SOURCES lib/Sources.java",
                "import standin.core.Version;",
                "",
                "class " + className + " {",
                "    public static void main(String[] args) {",
                "        System.out.println(\"" + name + " \" + Version.NUMBER);",
                "    }",
                "}");
    }

    private static void write(Path file, List<String> lines) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
