package dev.prdiff.github;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** One REST response as {@code gh api --include} prints it: status line, headers, blank line, body. */
public record ApiResponse(int status, Map<String, String> headers, byte[] body) {

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Parses gh's --include output; null when it does not start with an HTTP status line. */
    static ApiResponse parse(byte[] raw) {
        String head = new String(raw, 0, Math.min(raw.length, 64 * 1024), StandardCharsets.ISO_8859_1);
        if (!head.startsWith("HTTP/")) {
            return null;
        }
        int end = head.indexOf("\r\n\r\n");
        int sep = 4;
        if (end < 0) {
            end = head.indexOf("\n\n");
            sep = 2;
        }
        if (end < 0) {
            return null;
        }
        String[] lines = head.substring(0, end).split("\r?\n");
        String[] statusLine = lines[0].split(" ", 3);
        int status;
        try {
            status = Integer.parseInt(statusLine[1]);
        } catch (RuntimeException e) {
            return null;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return new ApiResponse(status, headers, Arrays.copyOfRange(raw, end + sep, raw.length));
    }
}
