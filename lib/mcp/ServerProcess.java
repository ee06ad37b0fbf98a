package dev.prdiff.mcp;

import dev.prdiff.app.Sessions;
import dev.prdiff.exec.Utf8Relaunch;
import dev.prdiff.git.Session;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * The MCP server as a process of its own, behind mcp-shim.java: its options, a JVM in a UTF-8 locale, stdout for
 * protocol messages only, and one session for the server. The catalog comes from the entry point, which alone
 * declares the YAML reader that openapi.yaml needs.
 */
public final class ServerProcess {
    static final String USAGE = "usage: prdiff-mcp [-C DIR] [--timeout SECONDS]  (an MCP server on stdio)";

    private ServerProcess() {}

    /** Serves on stdin and stdout until stdin ends; returns the process's exit code. */
    public static int runAsProcess(Supplier<ToolCatalog> catalog, String... args) throws IOException {
        if (!Utf8Relaunch.exact()) {
            // Any later repo_path may be non-ASCII: in a locale that is not UTF-8, serve from a JVM in one.
            OptionalInt code = Utf8Relaunch.run(args);
            if (code.isPresent()) {
                return code.getAsInt();
            }
        }
        PrintStream log = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        // Anything printed by accident must not corrupt the protocol stream.
        System.setOut(log);
        McpServer.Config config;
        try {
            config = config(args);
        } catch (IllegalArgumentException e) {
            log.println("prdiff-mcp: " + e.getMessage());
            log.println(USAGE);
            return 2;
        }
        if (config == null) {
            log.println(USAGE);
            return 0;
        }
        // A host that stops the server with SIGTERM must not leave git or gh processes of running calls behind.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly), "prdiff-mcp-cleanup"));
        InputStream in = new FileInputStream(FileDescriptor.in);
        try (Session session = Sessions.forManyCalls(config.sessionEnv())) {
            McpServer.serve(session, catalog.get(), config, in, protocol, log);
        }
        return 0;
    }

    /** The server's options over the defaults; null for -h or --help. */
    static McpServer.Config config(String... args) {
        McpServer.Config config = McpServer.Config.defaults();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                return null;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("unknown or incomplete option: " + arg);
            }
            String value = args[++i];
            if (arg.equals("-C")) {
                config = config.withDefaultDir(Path.of(value).toAbsolutePath().normalize());
            } else if (arg.equals("--timeout")) {
                int seconds;
                try {
                    seconds = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    seconds = 0;
                }
                if (seconds <= 0) {
                    throw new IllegalArgumentException("--timeout must be a positive number of seconds: " + value);
                }
                config = config.withGitTimeout(Duration.ofSeconds(seconds));
            } else {
                throw new IllegalArgumentException("unknown option: " + arg);
            }
        }
        return config;
    }
}
