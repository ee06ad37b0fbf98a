package support;

import java.time.Instant;
import java.util.Map;

/** A failure the stand-in answers with instead of the real route, shaped like GitHub's own responses. */
public enum Fault {
    BAD_CREDENTIALS,
    NOT_FOUND,
    /** Primary rate limit: 403 with x-ratelimit-remaining 0, as GitHub sends once the hourly quota is spent. */
    RATE_LIMITED,
    /** Secondary rate limit: 429 with retry-after. */
    TOO_MANY_REQUESTS,
    SERVER_ERROR,
    /** Never answers; the handler is released only when the stand-in closes. */
    HANG;

    static final String REQUEST_ID = "0000:0000:0000000:0000000:00000000";

    Reply reply() {
        long reset = Instant.now().plusSeconds(3600).getEpochSecond();
        return switch (this) {
            case BAD_CREDENTIALS -> Reply.error(401, "Bad credentials", "https://docs.github.com/rest");
            case NOT_FOUND -> Reply.notFound();
            case RATE_LIMITED -> Reply.error(403, "API rate limit exceeded for user ID 1. If you reach out to GitHub"
                            + " Support for help, please include the request ID " + REQUEST_ID
                            + " and timestamp 2026-01-01 00:00:00 UTC.",
                            "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api")
                    .with("x-ratelimit-limit", "5000")
                    .with("x-ratelimit-remaining", "0")
                    .with("x-ratelimit-used", "5000")
                    .with("x-ratelimit-reset", String.valueOf(reset))
                    .with("x-ratelimit-resource", "core")
                    .with("retry-after", "60");
            case TOO_MANY_REQUESTS -> Reply.error(429, "You have exceeded a secondary rate limit. Please wait a few"
                            + " minutes before you try again. If you reach out to GitHub Support for help, please"
                            + " include the request ID " + REQUEST_ID + ".",
                            "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api"
                                    + "#about-secondary-rate-limits")
                    .with("retry-after", "60");
            case SERVER_ERROR -> Reply.json(500, Map.of("message", "Server Error"));
            case HANG -> new Reply(0, Map.of(), null);
        };
    }
}
