package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import javax.net.ssl.SSLContext;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * Whom prdiff trusts for Azure DevOps' TLS: the REST client's context and git's CA file. prdiff itself always uses
 * the system's roots ({@link #system}); a test builds one that trusts its loopback certificate. Nothing a caller
 * sends (a URL, an MCP argument) can choose it.
 */
public record AzureTls(SSLContext rest, Path gitCaFile) {
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
}
