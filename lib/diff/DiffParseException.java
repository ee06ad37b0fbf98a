package dev.prdiff.diff;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.Map;

/** Input that is not a git unified diff; {@link #lineNumber()} is 1-based and names the offending line. */
public final class DiffParseException extends PrdiffException {
    private final long lineNumber;

    public DiffParseException(long lineNumber, String problem) {
        super(ErrorCode.PARSE_ERROR, "line " + lineNumber + ": " + problem, Map.of("line", lineNumber), null);
        this.lineNumber = lineNumber;
    }

    public long lineNumber() {
        return lineNumber;
    }
}
