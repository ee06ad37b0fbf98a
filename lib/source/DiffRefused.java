package dev.prdiff.source;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

/** A source that will not serve its own diff of a pull request; the diff is then computed from its commits. */
public class DiffRefused extends PrdiffException {
    private final String reason;

    /** {@code reason}: why, in a few words for a notice ("more than 300 files"). */
    public DiffRefused(String message, String reason) {
        super(ErrorCode.NETWORK_ERROR, message);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
