package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import javax.net.ssl.SSLContext;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;

/**
 * Whom prdiff trusts for Azure DevOps' TLS: the REST client's context and git's CA file. prdiff itself always uses
 * the system's roots ({@link #system}); a test builds one that trusts its loopback certificate, and may have a
 * service host (dev.azure.com) answered by its loopback server ({@code answeredBy}). Nothing a caller sends (a URL,
 * an MCP argument) can choose it.
 */
public record AzureTls(SSLContext rest, Path gitCaFile, Map<String, String> answeredBy) {
    public AzureTls {
        answeredBy = Map.copyOf(answeredBy);
    }

    public AzureTls(SSLContext rest, Path gitCaFile) {
        this(rest, gitCaFile, Map.of());
    }

    public static AzureTls system() {
        try {
            return new AzureTls(SSLContext.getDefault(), null);
        } catch (NoSuchAlgorithmException e) {
            throw new PrdiffException(ErrorCode.PREREQUISITE, "this Java has no TLS: " + e.getMessage(), e);
        }
    }

    /** The -c settings git's fetch gets: verification always on, and the CA file when one was given. */
    List<String> gitConfig() {
        return gitCaFile == null ? List.of("http.sslVerify=true")
                : List.of("http.sslVerify=true", "http.sslCAInfo=" + gitCaFile);
    }

    /**
     * Where a connection to {@code host} (HOST or HOST:PORT, normalized) goes: the host itself, unless a test's
     * stand-in answers for it (its HOST:PORT, without the path prefix an {@code answeredBy} value may have).
     */
    String connectHost(String host) {
        String to = answeredBy.getOrDefault(host, host);
        int slash = to.indexOf('/');
        return slash < 0 ? to : to.substring(0, slash);
    }

    /** {@code url} (https, on {@code host}) as it is connected to. */
    String connectUrl(String url, String host) {
        String to = answeredBy.getOrDefault(host, host);
        if (to.equals(host)) {
            return url;
        }
        String prefix = "https://" + host;
        if (!url.startsWith(prefix)) {
            throw new IllegalArgumentException("not on " + host + ": " + url);
        }
        return "https://" + to + url.substring(prefix.length());
    }
}
