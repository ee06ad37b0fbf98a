package support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;

/**
 * A shell script named like a real program (git, gh) in a folder of its own, which a test puts first on PATH: it
 * runs its own lines first and then, unless they ended it, the real program with the same arguments.
 */
public final class ProgramOnPath {
    private ProgramOnPath() {}

    /** Writes {@code dir/program}: {@code lines} (sh), then the real program run with "$@". */
    public static Path write(Path dir, String program, String lines) {
        try {
            Path file = dir.resolve(program);
            Files.writeString(file, "#!/bin/sh\n" + lines + "exec '" + real(program) + "' \"$@\"\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Shell lines that run {@code action} when one of the arguments is {@code trigger} (a git subcommand, say). */
    public static String whenArgument(String trigger, String action) {
        return "for a in \"$@\"; do\n  if [ \"$a\" = '" + trigger + "' ]; then\n    " + action + "\n  fi\ndone\n";
    }

    /** {@code env} with {@code dir} first on PATH. */
    public static Map<String, String> firstOnPath(Path dir, Map<String, String> env) {
        Map<String, String> with = new HashMap<>(env);
        with.put("PATH", dir + File.pathSeparator + env.getOrDefault("PATH", "/usr/bin:/bin"));
        return with;
    }

    /** The program this JVM's PATH finds, or /bin/false when it is not installed (gh on a bare machine). */
    public static String real(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(d.isEmpty() ? "." : d, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath().toString();
            }
        }
        return "/bin/false";
    }
}
