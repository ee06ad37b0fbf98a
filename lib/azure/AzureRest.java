package dev.prdiff.azure;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.JsonTree;
import dev.prdiff.core.PrdiffException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * GET requests to the Azure DevOps REST API with java.net.http: https only, to a host {@link AzureHosts} trusts,
 * no redirects followed (a redirect could carry the token elsewhere), a timeout per request and a bound on every
 * answer. The token is added to each request and to nothing else.
 */
public final class AzureRest {
    public static final String API_VERSION = "7.1";
    static final int MAX_BODY = 32 * 1024 * 1024;

    private final AzureHosts hosts;
    private final AzureCredentials credentials;
    private final Duration timeout;
    private final HttpClient client;

    private final AzureTls tls;

    /** {@code tls}: whom the client trusts; prdiff passes {@link AzureTls#system}, tests their own root. */
    public AzureRest(AzureHosts hosts, AzureCredentials credentials, Duration timeout, AzureTls tls) {
        this.tls = tls;
        this.hosts = hosts;
        this.credentials = credentials;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .sslContext(tls.rest())
                .build();
    }

    /** A client for this environment: its hosts rule and credentials, the JDK's trusted roots. */
    public static AzureRest of(Map<String, String> env, Duration timeout) {
        return new AzureRest(AzureHosts.of(env), new AzureCredentials(env, timeout), timeout, AzureTls.system());
    }

    public AzureHosts hosts() {
        return hosts;
    }

    public AzureCredentials credentials() {
        return credentials;
    }

    AzureTls tls() {
        return tls;
    }

    /** GET {@code url}; a non-2xx answer is thrown as an error whose wording {@code errors} chooses. */
    AzureResponse get(String url, AzureErrors.Context what) {
        URI uri = URI.create(url);
        if (!"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "Azure DevOps is reached only over https, not " + url);
        }
        String host = AzureHosts.normalize(uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost());
        hosts.requireTrusted(host, "the request");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(tls.connectUrl(url, host))).GET().timeout(timeout)
                .header("Accept", "application/json");
        credentials.token().ifPresent(t -> request.header("Authorization", t.authorization()));
        AzureResponse response = send(request.build(), what);
        if (response.status() == 203) {
            throw AzureErrors.signIn(what);
        }
        if (response.status() < 200 || response.status() > 299) {
            throw AzureErrors.fromResponse(response, what);
        }
        return response;
    }

    JsonNode getJson(String url, AzureErrors.Context what) {
        return json(get(url, what), what);
    }

    JsonNode json(AzureResponse r, AzureErrors.Context what) {
        if (!r.isJson()) {
            // Azure DevOps answers an unauthenticated call with its sign-in page (200 or 203, text/html).
            throw AzureErrors.signIn(what);
        }
        try {
            return JsonTree.read(r.body());
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.PARSE_ERROR, what.describe() + ": Azure DevOps answered JSON prdiff"
                    + " cannot read: " + e.getMessage(), e);
        }
    }

    private AzureResponse send(HttpRequest request, AzureErrors.Context what) {
        try {
            HttpResponse<InputStream> r = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = r.body()) {
                return new AzureResponse(r.statusCode(), r.headers(), readBounded(in, what));
            }
        } catch (HttpTimeoutException e) {
            throw new PrdiffException(ErrorCode.TIMEOUT, what.describe() + ": Azure DevOps did not answer within "
                    + timeout.toSeconds() + "s", Map.of("timeout_seconds", timeout.toSeconds()), e);
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.NETWORK_ERROR, what.describe() + ": cannot reach "
                    + request.uri().getHost() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PrdiffException(ErrorCode.CANCELLED, what.describe() + ": cancelled", e);
        }
    }

    private static byte[] readBounded(InputStream in, AzureErrors.Context what) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[65536];
        for (int n; (n = in.read(buf)) > 0; ) {
            if (out.size() + n > MAX_BODY) {
                throw new PrdiffException(ErrorCode.OUTPUT_TOO_LARGE, what.describe() + ": Azure DevOps' answer is"
                        + " larger than " + MAX_BODY + " bytes", Map.of("limit_bytes", MAX_BODY), null);
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }
}
