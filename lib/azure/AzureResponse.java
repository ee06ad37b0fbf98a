package dev.prdiff.azure;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;

/** One REST answer, read whole within its bound. */
record AzureResponse(int status, HttpHeaders headers, byte[] body) {
    String header(String name) {
        return headers.firstValue(name).orElse(null);
    }

    String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    boolean isJson() {
        String type = header("content-type");
        return type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json");
    }
}
