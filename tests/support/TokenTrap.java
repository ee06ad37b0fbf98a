package support;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A GitHub Enterprise host nobody chose: HTTPS on loopback (gh talks to enterprise hosts only over TLS, and never
 * through a proxy for loopback), with a self-signed certificate made by the JDK's keytool that {@link #env} makes gh
 * trust through SSL_CERT_FILE. It records every request and the Authorization header it carried, and answers 404.
 */
public final class TokenTrap implements AutoCloseable {
    public static final String TOKEN = "enterprise-token-that-must-not-leave";

    /** One request as the trap saw it; {@code authorization} is null when none was sent. */
    public record Seen(String method, String target, String authorization) {}

    private static final String PASSWORD = "trap-pass";
    private final Path dir;
    private final HttpsServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    private TokenTrap() throws IOException, GeneralSecurityException {
        dir = TempDirs.create("prdiff-trap-");
        Path store = dir.resolve("trap.p12");
        keytool("-genkeypair", "-alias", "trap", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "trap", "-keystore", store.toString(), "-storepass", PASSWORD,
                "-file", dir.resolve("trap.pem").toString());
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD.toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                        exchange.getRequestHeaders().getFirst("Authorization")));
                byte[] body = "{\"message\":\"Not Found\"}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.getResponseHeaders().set("Connection", "close"); // see LoopbackFiles
                exchange.sendResponseHeaders(404, body.length);
                exchange.getResponseBody().write(body);
            }
        });
        server.start();
    }

    public static TokenTrap start() {
        try {
            return new TokenTrap();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** HOST:PORT, as gh's -R and a pull request URL name it. */
    public String host() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    /** {@code base} plus an enterprise token in the environment and the trap's certificate as gh's only root. */
    public Map<String, String> env(Map<String, String> base) {
        Map<String, String> env = new HashMap<>(base);
        env.put("GH_ENTERPRISE_TOKEN", TOKEN);
        env.put("SSL_CERT_FILE", dir.resolve("trap.pem").toString());
        return env;
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    public void clear() {
        seen.clear();
    }

    private static void keytool(String... args) {
        List<String> argv = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        argv.addAll(List.of(args));
        Proc.Result r = Proc.run(argv, Path.of(System.getProperty("java.io.tmpdir")), System.getenv(), Duration.ofSeconds(60));
        if (r.exit() != 0) {
            throw new IllegalStateException("keytool failed: " + r.stderr());
        }
    }

    @Override
    public void close() {
        server.stop(0);
        TempRepo.deleteTree(dir);
    }
}
