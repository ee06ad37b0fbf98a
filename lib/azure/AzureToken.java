package dev.prdiff.azure;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A credential for Azure DevOps and where it came from. It lives only in memory for one call: {@link #toString}
 * never shows the secret, and no error message is built from it.
 */
public final class AzureToken {
    /** Where a token came from; a PAT goes as Basic with an empty user name, the others as Bearer. */
    public enum Source {
        AZURE_DEVOPS_EXT_PAT, SYSTEM_ACCESSTOKEN, AZ_CLI
    }

    private final Source source;
    private final String secret;

    AzureToken(Source source, String secret) {
        this.source = source;
        this.secret = secret;
    }

    public Source source() {
        return source;
    }

    /** The value of an Authorization header to the REST API. */
    String authorization() {
        if (source == Source.AZURE_DEVOPS_EXT_PAT) {
            return "Basic " + Base64.getEncoder().encodeToString((":" + secret).getBytes(StandardCharsets.UTF_8));
        }
        return "Bearer " + secret;
    }

    /** The password git's credential helper hands over (Azure Repos takes each kind of token as one). */
    String password() {
        return secret;
    }

    /** Whether {@code text} holds the secret: a check tests and error paths use, never a way to show it. */
    public boolean appearsIn(String text) {
        return text != null && text.contains(secret);
    }

    @Override
    public String toString() {
        return "AzureToken[" + source + "]";
    }
}
