package support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A web server on loopback that serves files by path (404 for any other), as GitHub's raw URLs serve a repository's
 * files, and remembers every path it was asked for.
 */
public final class LoopbackFiles implements AutoCloseable {
    private final HttpServer server;
    private final Set<String> asked = ConcurrentHashMap.newKeySet();

    private LoopbackFiles(Function<String, byte[]> files) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath().substring(1);
            asked.add(path);
            byte[] body = files.apply(path);
            // "Connection: close": on a kept-alive connection the headers and the body go out as two small
            // writes, and the second waits for the client's delayed ACK of the first (Nagle): ~40 ms a request.
            exchange.getResponseHeaders().set("Connection", "close");
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
            if (body != null) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.start();
    }

    /** Serves {@code files.apply(path)}; null is a 404. */
    public static LoopbackFiles serve(Function<String, byte[]> files) {
        try {
            return new LoopbackFiles(files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Serves these paths and bytes only. */
    public static LoopbackFiles serve(Map<String, byte[]> files) {
        return serve(files::get);
    }

    /** Serves what a push of {@code root} would publish: its tracked files, and new ones git does not ignore. */
    public static LoopbackFiles publish(Path root) {
        return publishExcept(root, Set.of());
    }

    /** As {@link #publish}, but for the paths in {@code leftOut}. */
    public static LoopbackFiles publishExcept(Path root, Set<String> leftOut) {
        Set<String> published = Set.copyOf(List.of(Proc.run(List.of("git", "ls-files", "-z", "--cached", "--others",
                "--exclude-standard"), root, Map.of("PATH", System.getenv("PATH")), Duration.ofSeconds(30)).out()
                .split("\0")));
        return serve(path -> {
            try {
                return published.contains(path) && !leftOut.contains(path) ? Files.readAllBytes(root.resolve(path)) : null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** {@code http://127.0.0.1:PORT/}. */
    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** Every path asked for so far, without the leading slash. */
    public Set<String> asked() {
        return Set.copyOf(asked);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
