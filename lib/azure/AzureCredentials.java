package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.Messages;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds a token for Azure DevOps, first found wins: AZURE_DEVOPS_EXT_PAT (what the {@code az devops} extension
 * reads), SYSTEM_ACCESSTOKEN (Azure Pipelines), else a bearer token from {@code az account get-access-token} when az
 * is on PATH. None at all is not an error here: public projects answer without one, and a refusal says how to log in.
 */
public final class AzureCredentials {
    /** Azure DevOps' application id, the resource az issues its tokens for. */
    static final String RESOURCE = "499b84ac-1321-427f-aa17-267ca6975798";
    static final String HINT = "az login, or set AZURE_DEVOPS_EXT_PAT";
    private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7e]{1,16384}");
    private static final int MAX_OUTPUT = 64 * 1024;

    private final Map<String, String> env;
    private final Duration timeout;
    private Optional<AzureToken> found;

    public AzureCredentials(Map<String, String> env, Duration timeout) {
        this.env = Map.copyOf(env);
        this.timeout = timeout;
    }

    /** The token, looked up once per instance (az runs at most once); empty when there is none. */
    public synchronized Optional<AzureToken> token() {
        if (found == null) {
            found = lookUp();
        }
        return found;
    }

    private Optional<AzureToken> lookUp() {
        for (AzureToken.Source source : List.of(AzureToken.Source.AZURE_DEVOPS_EXT_PAT, AzureToken.Source.SYSTEM_ACCESSTOKEN)) {
            String value = env.get(source.name());
            if (value != null && !value.isBlank()) {
                return Optional.of(new AzureToken(source, checked(value.strip(), source.name())));
            }
        }
        String az;
        try {
            az = Subprocess.onPath("az", env.get("PATH"));
        } catch (PrdiffException e) {
            return Optional.empty();
        }
        List<String> argv = List.of(az, "account", "get-access-token", "--resource", RESOURCE,
                "--query", "accessToken", "-o", "tsv");
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        Subprocess.Captured r = Subprocess.capture(new Command("az account get-access-token", argv, dir, env, timeout),
                MAX_OUTPUT, null);
        if (!r.ok()) {
            // az's stderr says why (not logged in, expired); it never holds the token, which only stdout carries.
            throw new PrdiffException(ErrorCode.AUTH_ERROR, "az account get-access-token failed (exit " + r.exitCode()
                    + ")" + (r.stderr().isBlank() ? "" : ": " + Messages.oneLine(r.stderr())) + "; " + HINT);
        }
        return Optional.of(new AzureToken(AzureToken.Source.AZ_CLI,
                checked(new String(r.stdout(), StandardCharsets.UTF_8).strip(), "az account get-access-token's answer")));
    }

    /** A token is printable ASCII without spaces; anything else could break a header, and is not shown. */
    private static String checked(String value, String where) {
        if (!TOKEN.matcher(value).matches()) {
            throw new PrdiffException(ErrorCode.AUTH_ERROR, where + " does not look like a token (it holds spaces,"
                    + " control or non-ASCII characters, or is too long); " + HINT);
        }
        return value;
    }
}
