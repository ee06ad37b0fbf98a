package support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** One HTTP answer the stand-in sends; {@code body} null means "never answer" (the hang fault). */
public record Reply(int status, Map<String, String> headers, byte[] body) {
    static final ObjectMapper JSON = new ObjectMapper();

    public static Reply json(int status, Object body) {
        try {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Content-Type", "application/json; charset=utf-8");
            headers.put("X-GitHub-Media-Type", "github.v3; format=json");
            return new Reply(status, headers, JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Reply text(int status, String contentType, byte[] body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", contentType);
        return new Reply(status, headers, body);
    }

    /** GitHub's error shape: message, documentation_url and, since 2024, the status as a string. */
    public static Reply error(int status, String message, String documentationUrl) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("message", message);
        body.put("documentation_url", documentationUrl);
        body.put("status", String.valueOf(status));
        return json(status, body);
    }

    public static Reply notFound() {
        return error(404, "Not Found", "https://docs.github.com/rest");
    }

    public Reply with(String header, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(header, value);
        return new Reply(status, more, body);
    }

    public String bodyText() {
        return body == null ? "" : new String(body, StandardCharsets.UTF_8);
    }
}
