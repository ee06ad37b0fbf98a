package support;

import java.io.IOException;
import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JBang catalog the README gives organizations, read from the README itself.
 */
public final class Catalogs {
    private Catalogs() {}

    /** Where the README's catalog example says this repository's raw files are. */
    public static final String RAW = "https://raw.githubusercontent.com/OWNER/REPO/HEAD/";

    /** The JSON block of the README's install section that holds the organization's catalog. */
    public static String readmeCatalog() throws IOException {
        String readme = Files.readString(RepoRoot.find().resolve("README.md"));
        for (int at = readme.indexOf("```json\n"); at >= 0; at = readme.indexOf("```json\n", at + 1)) {
            String body = readme.substring(at + 8, readme.indexOf("```", at + 8));
            if (body.contains("\"script-ref\"")) {
                assertTrue(body.contains("\"" + RAW + "prdiff.java\"") && body.contains("\"" + RAW + "mcp-shim.java\""),
                        "the README's catalog names both scripts by their raw URL: " + body);
                return body;
            }
        }
        throw new AssertionError("the README shows no catalog with script-ref");
    }
}
