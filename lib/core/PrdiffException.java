package dev.prdiff.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A failure with a stable code; {@code details} carries machine-readable extras such as retry_after_seconds. */
public class PrdiffException extends RuntimeException {
    private final ErrorCode code;
    private final Map<String, Object> details;

    public PrdiffException(ErrorCode code, String message) {
        this(code, message, Map.of(), null);
    }

    public PrdiffException(ErrorCode code, String message, Throwable cause) {
        this(code, message, Map.of(), cause);
    }

    public PrdiffException(ErrorCode code, String message, Map<String, Object> details, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> details() {
        return details;
    }
}
