package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.Messages;
import dev.prdiff.core.PrdiffException;

import java.time.Clock;
import java.util.Locale;
import java.util.Map;

/** Turns what GitHub answered (through gh) into prdiff's stable error codes. gh's own words are kept, trimmed. */
final class GhErrors {
    static final long DEFAULT_RETRY_SECONDS = 60;

    private GhErrors() {}

    /** A non-2xx REST response. */
    static PrdiffException fromResponse(ApiResponse r, String what, Clock clock) {
        String message = what + ": GitHub answered HTTP " + r.status() + githubMessage(r);
        if (isRateLimit(r)) {
            long retry = retryAfterSeconds(r, clock);
            return new PrdiffException(ErrorCode.RATE_LIMIT, message + " (retry after " + retry + "s)",
                    Map.of("retry_after_seconds", retry, "http_status", r.status()), null);
        }
        ErrorCode code = switch (r.status()) {
            case 401 -> ErrorCode.AUTH_ERROR;
            case 404, 410 -> ErrorCode.NOT_FOUND;
            case 403 -> ErrorCode.AUTH_ERROR;
            case 400, 422 -> ErrorCode.INVALID_INPUT;
            default -> ErrorCode.NETWORK_ERROR;
        };
        if (code == ErrorCode.AUTH_ERROR) {
            message += "; check your login with 'gh auth status' or run 'gh auth login'";
        }
        return new PrdiffException(code, message, Map.of("http_status", r.status()), null);
    }

    /**
     * A gh failure with no HTTP response to read: only its stderr and exit status tell what happened. A gh killed by
     * a signal (exit status 128 + N, as a shell reports it) prints nothing; the message names the signal.
     */
    static PrdiffException fromStderr(String stderr, int exitCode, String what) {
        String s = stderr.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        String message = what + " failed: " + trim(s) + exitNote(s, exitCode);
        if (lower.contains("gh auth login") || lower.contains("not logged") || lower.contains("authentication")
                || lower.contains("http 401") || lower.contains("bad credentials")) {
            return new PrdiffException(ErrorCode.AUTH_ERROR,
                    lower.contains("gh auth login") ? message : message + "; run 'gh auth login'");
        }
        if (lower.contains("rate limit") || lower.contains("http 429")) {
            return new PrdiffException(ErrorCode.RATE_LIMIT, message,
                    Map.of("retry_after_seconds", DEFAULT_RETRY_SECONDS), null);
        }
        if (lower.contains("http 404") || lower.contains("not found") || lower.contains("could not resolve to")) {
            return new PrdiffException(ErrorCode.NOT_FOUND, message);
        }
        if (lower.contains("none of the git remotes") || lower.contains("no git remotes")
                || lower.contains("not a git repository") || lower.contains("could not determine base repo")) {
            return new PrdiffException(ErrorCode.INVALID_INPUT, message + "; pass -R OWNER/REPO");
        }
        if (lower.contains("http 4")) {
            return new PrdiffException(ErrorCode.INVALID_INPUT, message);
        }
        return new PrdiffException(ErrorCode.NETWORK_ERROR, message);
    }

    private static String exitNote(String stderr, int exitCode) {
        boolean signal = exitCode > 128 && exitCode < 128 + 65;
        if (!stderr.isEmpty()) {
            return signal ? " (gh was killed by signal " + (exitCode - 128) + ")" : "";
        }
        return (signal ? "gh was killed by signal " + (exitCode - 128) : "gh exited with status " + exitCode)
                + " and printed nothing";
    }

    static boolean isRateLimit(ApiResponse r) {
        if (r.status() == 429) {
            return true;
        }
        return r.status() == 403 && ("0".equals(r.header("x-ratelimit-remaining")) || r.header("retry-after") != null
                || r.bodyText().toLowerCase(Locale.ROOT).contains("rate limit"));
    }

    /** GitHub's retry-after header (seconds), else x-ratelimit-reset (epoch seconds) minus now. */
    static long retryAfterSeconds(ApiResponse r, Clock clock) {
        try {
            if (r.header("retry-after") != null) {
                return Math.max(0, Long.parseLong(r.header("retry-after").trim()));
            }
            if (r.header("x-ratelimit-reset") != null) {
                long reset = Long.parseLong(r.header("x-ratelimit-reset").trim());
                return Math.max(0, reset - clock.instant().getEpochSecond());
            }
        } catch (NumberFormatException ignored) {
            // a malformed header falls back to the default
        }
        return DEFAULT_RETRY_SECONDS;
    }

    private static String githubMessage(ApiResponse r) {
        try {
            var node = dev.prdiff.core.JsonTree.read(r.body());
            if (node != null && node.hasNonNull("message")) {
                return ": " + trim(node.get("message").asText());
            }
        } catch (java.io.IOException | RuntimeException ignored) {
            // not JSON: the status says enough
        }
        return "";
    }

    static String trim(String s) {
        return Messages.oneLine(s);
    }
}
