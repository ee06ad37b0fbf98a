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
import dev.prdiff.cli.CdsTraining;
import dev.prdiff.mcp.ServerProcess;
import dev.prdiff.mcp.ToolCatalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Usage: jbang prdiff-mcp@OWNER/REPO [-C DIR] [--timeout SECONDS]
 * Speaks MCP (newline-delimited JSON-RPC) on stdin/stdout; stdout carries protocol messages only, logs go to
 * stderr. -C sets the repository used when a tool gets no repo_path (default: the working directory). The server
 * itself is lib/mcp; openapi.yaml is read here because only this script declares the YAML reader.
 */
class McpShim {
    public static void main(String... args) throws IOException {
        CdsTraining.loadJarOf(McpShim.class);
        System.exit(ServerProcess.runAsProcess(McpShim::catalog, args));
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
