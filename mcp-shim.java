///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
// stringConcat=inline: a + b as StringBuilder code. javac's default spins classes at each first use that JDK 17's
// CDS archives never keep, about 16 ms of every start.
// -J: javac itself runs C1 only with the serial collector: a cold build of every lib file takes 3 s instead of 5,
// and less than half the CPU (C2 compiling javac's own code does not pay back within one build).
//JAVAC_OPTIONS -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -encoding UTF-8 -XDstringConcat=inline
//RUNTIME_OPTIONS -Dfile.encoding=UTF-8
// picocli: lib/Sources.java compiles the command line (lib/cli) into every entry point; the server never runs it.
//DEPS info.picocli:picocli:4.7.7
//DEPS com.fasterxml.jackson.core:jackson-databind:2.20.1
//DEPS com.fasterxml.jackson.dataformat:jackson-dataformat-yaml:2.20.1
//DESCRIPTION prdiff's MCP server on stdio: get_pull_request_diff, get_diff, get_commit_diff, get_changed_files, get_file_at_sha, grep_at_sha
//SOURCES lib/Sources.java
//FILES openapi.yaml

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.prdiff.app.Sessions;
import dev.prdiff.cli.CdsTraining;
import dev.prdiff.mcp.McpServer;
import dev.prdiff.mcp.ToolCatalog;
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
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * Usage: jbang prdiff-mcp@OWNER/REPO [-C DIR] [--timeout SECONDS]
 * Speaks MCP (newline-delimited JSON-RPC) on stdin/stdout; stdout carries protocol messages only, logs go to
 * stderr. -C sets the repository used when a tool gets no repo_path (default: the working directory).
 */
class McpShim {
    static final String USAGE = "usage: prdiff-mcp [-C DIR] [--timeout SECONDS]  (an MCP server on stdio)";

    public static void main(String... args) throws IOException {
        CdsTraining.loadJarOf(McpShim.class);
        if (!Utf8Relaunch.exact()) {
            // Any later repo_path may be non-ASCII: in a locale that is not UTF-8, serve from a JVM in one.
            OptionalInt code = Utf8Relaunch.run(args);
            if (code.isPresent()) {
                System.exit(code.getAsInt());
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
            System.exit(2);
            return;
        }
        if (config == null) {
            log.println(USAGE);
            return;
        }
        // A host that stops the server with SIGTERM must not leave git or gh processes of running calls behind.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly), "prdiff-mcp-cleanup"));
        InputStream in = new FileInputStream(FileDescriptor.in);
        try (Session session = Sessions.forManyCalls(config.sessionEnv())) {
            McpServer.serve(session, catalog(), config, in, protocol, log);
        }
        System.exit(0);
    }

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

    /** openapi.yaml as JSON, read from the classpath (JBang embeds it with //FILES). */
    static JsonNode openApi() {
        try (InputStream yaml = McpShim.class.getResourceAsStream("/openapi.yaml")) {
            if (yaml == null) {
                throw new IllegalStateException("openapi.yaml is not on the classpath");
            }
            return new YAMLMapper().readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read openapi.yaml", e);
        }
    }

    static ToolCatalog catalog() {
        return ToolCatalog.fromOpenApi(openApi());
    }
}
