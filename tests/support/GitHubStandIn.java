package support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * GitHub on loopback for the real {@code gh} and {@code git}. Both reach it as an HTTP proxy (see {@link #ghEnv()}), so
 * requests arrive in absolute form and are routed by host: {@value #API_HOST} is the REST API, {@value #HOST} serves
 * git fetches. Every request is recorded; faults can replace answers at any time.
 */
public final class GitHubStandIn implements AutoCloseable {
    public static final String HOST = "github.localhost";
    public static final String API_HOST = "api." + HOST;

    /** What a request asked for, and whether a route (rather than the catch-all 404) answered it. */
    public record RecordedRequest(String method, String host, String target, String accept, int status, boolean routed) {}

    private record FaultRule(Fault fault, String host, String pathPrefix) {}

    private record Rewrite(String pathPrefix, UnaryOperator<Reply> change) {}

    private final HttpServer server;
    private final ExecutorService workers;
    private final Path root;
    private final Map<String, FakeRepo> repos = new LinkedHashMap<>();
    private final AtomicLong nextRepoId = new AtomicLong(1000);
    private final List<RecordedRequest> log = new CopyOnWriteArrayList<>();
    private final List<FaultRule> faults = new CopyOnWriteArrayList<>();
    private final List<Rewrite> rewrites = new CopyOnWriteArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final RestApi api;
    private final GitHttpBackend git;

    private GitHubStandIn() throws IOException {
        root = TempDirs.create("prdiff-github-");
        Files.createDirectories(root.resolve("repos"));
        api = new RestApi(this::repo, id -> repos().stream().filter(r -> r.id() == id).findFirst());
        git = new GitHttpBackend(root.resolve("repos"));
        workers = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "github-stand-in");
            t.setDaemon(true);
            return t;
        });
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(workers);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Starts a stand-in; skips the calling test when gh is missing (see {@link Requires}), since gh is what it serves. */
    public static GitHubStandIn start() {
        Requires.gh();
        try {
            return new GitHubStandIn();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public synchronized FakeRepo createRepo(String owner, String name) {
        Path bare = root.resolve("repos").resolve(owner).resolve(name + ".git");
        FakeRepo repo = new FakeRepo(owner, name, nextRepoId.getAndIncrement(), bare);
        repos.put(repo.fullName().toLowerCase(Locale.ROOT), repo);
        return repo;
    }

    /**
     * The complete environment for running gh, or git fetches of {@link FakeRepo#cloneUrl()}, against this stand-in:
     * git's neutral environment ({@link NeutralGit#env()}), every proxy variable pointing here (git's libcurl reads
     * only lowercase http_proxy for http URLs), config and home in private temp directories, prompts, pagers, colour
     * and update checks off.
     */
    public Map<String, String> ghEnv() {
        String proxy = "http://127.0.0.1:" + port();
        Map<String, String> env = NeutralGit.env();
        env.put("HOME", dir("home").toString());
        env.put("GH_CONFIG_DIR", dir("gh-config").toString());
        env.put("GH_HOST", HOST);
        env.put("GH_TOKEN", "stand-in-token");
        env.put("GH_PROMPT_DISABLED", "1");
        env.put("GH_NO_UPDATE_NOTIFIER", "1");
        env.put("GH_PAGER", "cat");
        env.put("NO_COLOR", "1");
        env.put("HTTP_PROXY", proxy);
        env.put("http_proxy", proxy);
        env.put("HTTPS_PROXY", proxy);
        env.put("https_proxy", proxy);
        env.put("NO_PROXY", "");
        env.put("no_proxy", "");
        return env;
    }

    /** Answers every API request with {@code fault} until {@link #clearFaults()}. */
    public void inject(Fault fault) {
        inject(fault, "/");
    }

    /** Answers API requests whose path starts with {@code pathPrefix} with {@code fault}; the latest rule wins. */
    public void inject(Fault fault, String pathPrefix) {
        faults.add(0, new FaultRule(fault, API_HOST, pathPrefix));
    }

    /** Answers git's fetch requests with {@code fault}. */
    public void injectIntoGit(Fault fault) {
        faults.add(0, new FaultRule(fault, HOST, "/"));
    }

    /**
     * Passes the API's real answers for paths starting with {@code pathPrefix} through {@code change} (a hostile or
     * compromised GitHub) until {@link #clearFaults()}.
     */
    public void rewrite(String pathPrefix, UnaryOperator<Reply> change) {
        rewrites.add(new Rewrite(pathPrefix, change));
    }

    public void clearFaults() {
        faults.clear();
        rewrites.clear();
    }

    public List<RecordedRequest> requests() {
        return List.copyOf(log);
    }

    public List<RecordedRequest> unrouted() {
        return log.stream().filter(r -> !r.routed()).toList();
    }

    public void clearRequests() {
        log.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            URI uri = exchange.getRequestURI();
            String host = Optional.ofNullable(uri.getHost())
                    .orElseGet(() -> exchange.getRequestHeaders().getFirst("Host"));
            host = host == null ? "" : host.replaceFirst(":\\d+$", "").toLowerCase(Locale.ROOT);
            String path = uri.getRawPath();
            String target = path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            String method = exchange.getRequestMethod();
            String accept = Optional.ofNullable(exchange.getRequestHeaders().getFirst("Accept")).orElse("");
            byte[] body = exchange.getRequestBody().readAllBytes();

            Reply reply = faultFor(host, path).map(Fault::reply).orElse(null);
            boolean routed = true;
            if (reply == null) {
                reply = answer(exchange, host, method, uri, accept, body);
                routed = reply != null;
                for (Rewrite r : rewrites) {
                    if (reply != null && API_HOST.equals(host) && path.startsWith(r.pathPrefix())) {
                        reply = r.change().apply(reply);
                    }
                }
            }
            if (reply == null) {
                reply = Reply.notFound();
            }
            log.add(new RecordedRequest(method, host, target, accept, reply.status(), routed));
            if (reply.body() == null) {
                awaitClose();
                return;
            }
            send(exchange, reply);
        }
    }

    private Reply answer(HttpExchange exchange, String host, String method, URI uri, String accept, byte[] body) {
        try {
            return route(exchange, host, method, uri, accept, body);
        } catch (RuntimeException e) {
            return Reply.text(500, "text/plain", String.valueOf(e).getBytes(StandardCharsets.UTF_8));
        }
    }

    private Reply route(HttpExchange exchange, String host, String method, URI uri, String accept, byte[] body) {
        if (API_HOST.equals(host)) {
            return api.route(method, uri.getPath(), uri.getRawQuery(), accept, body);
        }
        if (HOST.equals(host)) {
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            return git.serve(method, uri.getPath(), uri.getRawQuery(), headers, body);
        }
        return null;
    }

    private Optional<Fault> faultFor(String host, String path) {
        return faults.stream().filter(f -> f.host().equals(host) && path.startsWith(f.pathPrefix()))
                .map(FaultRule::fault).findFirst();
    }

    private void awaitClose() {
        try {
            closing.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, Reply reply) throws IOException {
        reply.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
        // "Connection: close": on a kept-alive connection the headers and the body go out as two small
        // writes, and the second waits for the client's delayed ACK of the first (Nagle): ~40 ms a request.
        exchange.getResponseHeaders().set("Connection", "close");
        byte[] body = reply.body();
        exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private synchronized Optional<FakeRepo> repo(String fullName) {
        return Optional.ofNullable(repos.get(fullName.toLowerCase(Locale.ROOT)));
    }

    private synchronized List<FakeRepo> repos() {
        return List.copyOf(repos.values());
    }

    private Path dir(String name) {
        try {
            return Files.createDirectories(root.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server, releasing hung handlers first, and deletes every repository and temp directory. */
    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        repos().forEach(FakeRepo::close);
        TempRepo.deleteTree(root);
    }
}
