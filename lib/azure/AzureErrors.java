package dev.prdiff.azure;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.JsonTree;
import dev.prdiff.core.Messages;
import dev.prdiff.core.PrdiffException;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Turns Azure DevOps' answers into prdiff's stable codes, each with a hint the reader can act on. Azure's own
 * message is kept (trimmed); the request's headers, where the token is, never are.
 */
final class AzureErrors {
    static final long DEFAULT_RETRY_SECONDS = 60;

    /** What was being read: the pull request, and the iteration when one was named. */
    record Context(AzurePullRequestRef ref, Integer iteration, String reading) {
        String describe() {
            String pr = "pull request " + ref.number() + " in " + ref.repo().display();
            return reading.isEmpty() ? pr : reading + " of " + pr;
        }
    }

    private AzureErrors() {}

    static PrdiffException fromResponse(AzureResponse r, Context what) {
        int status = r.status();
        String azure = azureMessage(r);
        String message = what.describe() + ": Azure DevOps answered HTTP " + status + (azure.isEmpty() ? "" : ": " + azure);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("http_status", status);
        if (status == 429 || (status == 503 && r.header("retry-after") != null)) {
            long retry = retryAfter(r.header("retry-after"));
            details.put("retry_after_seconds", retry);
            return new PrdiffException(ErrorCode.RATE_LIMIT, message + " (retry after " + retry + "s)", details, null);
        }
        if (status == 401) {
            return new PrdiffException(ErrorCode.AUTH_ERROR, what.describe() + ": Azure DevOps refused the credentials"
                    + " (HTTP " + status + "); " + AzureCredentials.HINT, details, null);
        }
        if (status == 403) {
            return new PrdiffException(ErrorCode.AUTH_ERROR, message + "; the account may not read this repository;"
                    + " " + AzureCredentials.HINT, details, null);
        }
        if (status == 404) {
            String key = typeKey(r).toLowerCase(Locale.ROOT) + " " + azure.toLowerCase(Locale.ROOT);
            AzureRepo repo = what.ref().repo();
            if (key.contains("project") || key.contains("tf200016")) {
                details.put("not_found", "project");
                return new PrdiffException(ErrorCode.NOT_FOUND, "project '" + repo.project() + "' not found in "
                        + repo.projectUrl().replaceFirst("/[^/]*$", "") + (azure.isEmpty() ? "" : " (" + azure + ")")
                        + "; check the project name (it is case-sensitive)", details, null);
            }
            if (key.contains("repository") || key.contains("tf401019")) {
                details.put("not_found", "repository");
                return new PrdiffException(ErrorCode.NOT_FOUND, "repository '" + repo.name() + "' not found in project '"
                        + repo.project() + "'" + (azure.isEmpty() ? "" : " (" + azure + ")")
                        + "; check the name, or use the repository's id", details, null);
            }
            if (what.iteration() != null && !key.contains("pullrequestnotfound") && !key.contains("tf401180")) {
                details.put("not_found", "iteration");
                return new PrdiffException(ErrorCode.NOT_FOUND, "iteration " + what.iteration() + " not found for pull"
                        + " request " + what.ref().number() + " in " + repo.display()
                        + "; omit the iteration to get the latest", details, null);
            }
            details.put("not_found", "pull_request");
            return new PrdiffException(ErrorCode.NOT_FOUND, "pull request " + what.ref().number() + " not found in "
                    + repo.display() + (azure.isEmpty() ? "" : " (" + azure + ")")
                    + "; check the number and the repository", details, null);
        }
        if (status == 400) {
            return new PrdiffException(ErrorCode.INVALID_INPUT, message, details, null);
        }
        return new PrdiffException(ErrorCode.NETWORK_ERROR, message, details, null);
    }

    /** A sign-in page where JSON was expected: the call went out without credentials that Azure accepts. */
    static PrdiffException signIn(Context what) {
        return new PrdiffException(ErrorCode.AUTH_ERROR, what.describe() + ": Azure DevOps answered with its sign-in"
                + " page; " + AzureCredentials.HINT);
    }

    static long retryAfter(String header) {
        try {
            if (header != null) {
                return Math.max(0, Long.parseLong(header.trim()));
            }
        } catch (NumberFormatException ignored) {
            // an HTTP date or garbage: the default
        }
        return DEFAULT_RETRY_SECONDS;
    }

    private static String azureMessage(AzureResponse r) {
        JsonNode node = body(r);
        return node != null && node.hasNonNull("message") ? Messages.oneLine(node.get("message").asText()) : "";
    }

    private static String typeKey(AzureResponse r) {
        JsonNode node = body(r);
        return node != null && node.hasNonNull("typeKey") ? node.get("typeKey").asText() : "";
    }

    private static JsonNode body(AzureResponse r) {
        if (!r.isJson()) {
            return null;
        }
        try {
            return JsonTree.read(r.body());
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }
}
