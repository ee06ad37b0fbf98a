package support;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Git's smart HTTP for github.localhost: each request runs the real {@code git http-backend} as a CGI program. */
final class GitHttpBackend {
    private final Path projectRoot;
    private final boolean anyObjectById;

    GitHttpBackend(Path projectRoot) {
        this(projectRoot, true);
    }

    /**
     * {@code anyObjectById}: serve any object by id (GitHub does); else only the tips of refs, as a server speaking
     * protocol v0 without uploadpack.allowReachableSHA1InWant does.
     */
    GitHttpBackend(Path projectRoot, boolean anyObjectById) {
        this.projectRoot = projectRoot;
        this.anyObjectById = anyObjectById;
    }

    Reply serve(String method, String path, String rawQuery, Map<String, String> headers, byte[] body) {
        Map<String, String> env = NeutralGit.env();
        env.put("GIT_PROJECT_ROOT", projectRoot.toString());
        env.put("GIT_HTTP_EXPORT_ALL", "1");
        env.put("GATEWAY_INTERFACE", "CGI/1.1");
        env.put("SERVER_PROTOCOL", "HTTP/1.1");
        env.put("REQUEST_METHOD", method);
        env.put("PATH_INFO", path);
        env.put("QUERY_STRING", rawQuery == null ? "" : rawQuery);
        env.put("REMOTE_ADDR", "127.0.0.1");
        env.put("CONTENT_LENGTH", String.valueOf(body.length));
        env.put("CONTENT_TYPE", headers.getOrDefault("content-type", ""));
        // http-backend inflates a gzip request body itself when told the encoding.
        if (headers.containsKey("content-encoding")) {
            env.put("HTTP_CONTENT_ENCODING", headers.get("content-encoding"));
        }
        // Without this, git falls back to protocol v0, which GitHub no longer speaks by default.
        if (anyObjectById && headers.containsKey("git-protocol")) {
            env.put("GIT_PROTOCOL", headers.get("git-protocol"));
        }
        // GitHub serves any object of the repository by SHA, reachable from a ref or not.
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("GIT_CONFIG_KEY_0", "uploadpack.allowAnySHA1InWant");
        env.put("GIT_CONFIG_VALUE_0", String.valueOf(anyObjectById));
        Proc.Result r = Proc.attempt(NeutralGit.argv("http-backend"), projectRoot, env, body, NeutralGit.TIMEOUT);
        if (!r.ok() && r.stdout().length == 0) {
            return Reply.text(500, "text/plain", ("git http-backend: " + r.describe()).getBytes(StandardCharsets.UTF_8));
        }
        return cgiReply(r.stdout());
    }

    /** A CGI response: header lines, a blank line, the body; "Status:" sets the code (default 200). */
    private static Reply cgiReply(byte[] out) {
        int end = headerEnd(out);
        String head = new String(out, 0, Math.max(0, end), StandardCharsets.ISO_8859_1);
        int status = 200;
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : head.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Status")) {
                status = Integer.parseInt(value.split(" ")[0]);
            } else {
                headers.put(name, value);
            }
        }
        int bodyStart = end < 0 ? 0 : end + (out[end] == '\r' ? 4 : 2);
        return new Reply(status, headers, Arrays.copyOfRange(out, bodyStart, out.length));
    }

    private static int headerEnd(byte[] out) {
        for (int i = 0; i + 1 < out.length; i++) {
            if (out[i] == '\n' && out[i + 1] == '\n') {
                return i;
            }
            if (i + 3 < out.length && out[i] == '\r' && out[i + 1] == '\n' && out[i + 2] == '\r' && out[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
