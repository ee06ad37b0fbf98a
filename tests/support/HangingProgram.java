package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.UUID;

/**
 * A program (git or gh) that never answers (or dies, see {@link #dyingAfter}): a script of that name first on PATH which, when one of its arguments is
 * {@code trigger} (null: always), starts two sleeping children and waits for them without printing a byte; otherwise
 * it runs the real program. Every hanging process runs from a directory whose name is a unique marker, so the
 * process table shows whether any of them outlived the test ({@link ProcessTable}), even one reparented to init.
 */
public final class HangingProgram implements AutoCloseable {
    public final String marker = "prdiff-fault-" + UUID.randomUUID();
    private final Path dir;

    private HangingProgram(String program, String trigger) {
        this(program, trigger, null);
    }

    /** {@code failure}: what to do instead of hanging when triggered, with {@code REAL} standing for the real program. */
    private HangingProgram(String program, String trigger, String failure) {
        try {
            dir = TempDirs.create(marker);
            String real = ProgramOnPath.real(program);
            Path sleep = Path.of(ProgramOnPath.real("sleep"));
            // A copy, not a link: the JDK names a process by its executable's real path (/proc/PID/exe).
            Files.copy(sleep, dir.resolve("hang"));
            Files.setPosixFilePermissions(dir.resolve("hang"), PosixFilePermissions.fromString("rwxr-xr-x"));
            String hang = failure != null ? failure.replace("REAL", "'" + real + "'") : "\"" + dir.resolve("hang") + "\" 3600 & \"" + dir.resolve("hang") + "\" 3600 & wait; exit 1";
            ProgramOnPath.write(dir, program, trigger == null ? hang + "\n" : ProgramOnPath.whenArgument(trigger, hang));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code program} hangs whenever it runs. */
    public static HangingProgram always(String program) {
        return new HangingProgram(program, null);
    }

    /** {@code program} hangs when one of its arguments is {@code trigger} (a git subcommand, say) and runs otherwise. */
    public static HangingProgram on(String program, String trigger) {
        return new HangingProgram(program, trigger);
    }

    /**
     * {@code program} run for real, except that when one of its arguments is {@code trigger} it prints the first
     * {@code bytes} bytes of its real output and then kills itself with SIGKILL.
     */
    public static HangingProgram dyingAfter(String program, String trigger, int bytes) {
        return new HangingProgram(program, trigger, "REAL \"$@\" | head -c " + bytes + "; kill -9 $$");
    }

    /** {@code env} with this program's directory first on PATH. */
    public Map<String, String> env(Map<String, String> env) {
        return ProgramOnPath.firstOnPath(dir, env);
    }

    @Override
    public void close() {
        TempRepo.deleteTree(dir);
    }
}
