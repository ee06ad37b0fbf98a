package support;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A self-signed certificate for 127.0.0.1, made by the JDK's keytool: the server's key, a client context that trusts
 * only it, and its PEM file for git ({@code http.sslCAInfo}), in a folder of the test's own. keytool (a JVM of its
 * own and a 2048-bit key, two CPU-seconds) runs once per test run; each instance loads its own copy of that store.
 */
public final class LoopbackTls implements AutoCloseable {
    private static final String PASSWORD = "loopback-pass";
    private final Path dir;
    private final KeyStore keys;

    private LoopbackTls(Path dir) throws IOException, GeneralSecurityException {
        this.dir = dir;
        Path store = dir.resolve("server.p12");
        Files.write(store, Made.STORE);
        keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        Files.writeString(caFile(), "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(keys.getCertificate("server").getEncoded())
                + "\n-----END CERTIFICATE-----\n", StandardCharsets.US_ASCII);
    }

    /** The PKCS12 store keytool makes the first time a test asks, then copied for every instance. */
    private static final class Made {
        static final byte[] STORE = generate();

        private static byte[] generate() {
            Path dir = TempDirs.create("prdiff-tls-made-");
            try {
                Path store = dir.resolve("server.p12");
                keytool("-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                        "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12",
                        "-keystore", store.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
                return Files.readAllBytes(store);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                TempRepo.deleteTree(dir);
            }
        }
    }

    public static LoopbackTls create() {
        try {
            return new LoopbackTls(TempDirs.create("prdiff-tls-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The server side: this certificate and its key. */
    public SSLContext server() {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, PASSWORD.toCharArray());
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(kmf.getKeyManagers(), null, null);
            return tls;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A client that trusts this certificate and nothing else. */
    public SSLContext client() {
        try {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            Certificate cert = keys.getCertificate("server");
            trust.setCertificateEntry("server", cert);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, tmf.getTrustManagers(), null);
            return tls;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The certificate as PEM, for git's http.sslCAInfo. */
    public Path caFile() {
        return dir.resolve("server.pem");
    }

    private static void keytool(String... args) {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        argv.addAll(List.of(args));
        Proc.Result r = Proc.run(argv, Path.of(System.getProperty("java.io.tmpdir")), System.getenv(), Duration.ofSeconds(60));
        if (r.exit() != 0) {
            throw new IllegalStateException("keytool failed: " + r.stderr());
        }
    }

    @Override
    public void close() {
        TempRepo.deleteTree(dir);
    }
}
