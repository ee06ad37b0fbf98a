package support;

import dev.prdiff.app.Sessions;
import dev.prdiff.cli.Cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs the prdiff CLI in-process (fast) or as a separate JVM (when the environment itself is under test). */
public final class PrdiffCli {
    private PrdiffCli() {}

    public static Proc.Result run(String... args) {
        return run(System.getenv(), args);
    }

    /** In-process, with the environment git and gh inherit (for example the GitHub stand-in's). */
    public static Proc.Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = call(out, new PrintStream(err, true, StandardCharsets.UTF_8), env, false, args);
        return new Proc.Result(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    /** {@link Cli#run} as prdiff.java's entry calls it: with this run's session, made on first use and closed after. */
    public static int call(OutputStream stdout, PrintStream err, Map<String, String> env, boolean terminal,
            String... args) {
        try (Sessions.OneCall session = Sessions.oneCall(env)) {
            return Cli.run(session, stdout, err, env, terminal, args);
        }
    }

    /** As {@link #run(Map, String...)}, failing the test unless prdiff exits 0. */
    public static Proc.Result ok(Map<String, String> env, String... args) {
        Proc.Result r = run(env, args);
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exit(), r.stderr());
        return r;
    }

    /** In-process, with {@code -C DIR} before the arguments. */
    public static Proc.Result in(Path dir, String... args) {
        List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
        all.addAll(List.of(args));
        return run(all.toArray(String[]::new));
    }

    /** As {@link #in}, failing the test unless prdiff exits 0. */
    public static Proc.Result ok(Path dir, String... args) {
        Proc.Result r = in(dir, args);
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exit(), r.stderr());
        return r;
    }

    /** Runs the CLI in a new JVM with exactly this environment and working directory. */
    public static Proc.Result spawn(Map<String, String> env, Path cwd, String... args) {
        return Proc.run(argv(args), cwd, env, Duration.ofSeconds(120));
    }

    /** As {@link #spawn}, with stdout written to {@code stdout} (a file, or /dev/null) instead of a pipe. */
    public static Proc.Result spawnInto(Path stdout, Map<String, String> env, Path cwd, String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(argv(args)).directory(cwd.toFile())
                .redirectOutput(ProcessBuilder.Redirect.to(stdout.toFile()));
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("prdiff did not end in 120 s: " + err);
        }
        return new Proc.Result(p.exitValue(), new byte[0], err);
    }

    /** Starts the CLI in a new JVM and leaves its pipes to the caller, for a reader that behaves like head or less. */
    public static Process start(Map<String, String> env, Path cwd, String... args) throws IOException {
        return start(List.of(), env, cwd, args);
    }

    /** As {@link #start}, with options for the JVM (a heap limit, say). */
    public static Process start(List<String> jvmOptions, Map<String, String> env, Path cwd, String... args) throws IOException {
        List<String> argv = argv(args);
        argv.addAll(1, jvmOptions);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        return pb.start();
    }

    private static List<String> argv(String... args) {
        // -Dfile.encoding=UTF-8 as prdiff.java's //RUNTIME_OPTIONS gives the JVM JBang starts.
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dfile.encoding=UTF-8", "-cp", System.getProperty("java.class.path"), "prdiff"));
        argv.addAll(List.of(args));
        return argv;
    }
}
