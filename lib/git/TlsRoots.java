package dev.prdiff.git;

import javax.net.ssl.SSLContext;
import java.nio.file.Path;
import java.util.Map;

/**
 * TLS roots trusted instead of the system's, for a session a test builds in-process around a loopback server:
 * the Java client's context and git's CA file. No URL, argument or environment variable can name one; prdiff's own
 * entry points make sessions without it.
 *
 * @param answeredBy service hosts whose connections go to the test's loopback server instead (dev.azure.com to
 *                   127.0.0.1:PORT, or with a path prefix: org.visualstudio.com to 127.0.0.1:PORT/Coll), so that an
 *                   address of the service reaches the stand-in; every rule (trusted hosts, messages) still sees
 *                   the service's name
 */
public record TlsRoots(SSLContext context, Path gitCaFile, Map<String, String> answeredBy) {
    public TlsRoots {
        answeredBy = Map.copyOf(answeredBy);
    }

    public TlsRoots(SSLContext context, Path gitCaFile) {
        this(context, gitCaFile, Map.of());
    }
}
