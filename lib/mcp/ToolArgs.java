package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reading a tool's validated arguments, the same way for every tool. */
final class ToolArgs {
    private ToolArgs() {}

    /** An empty string counts as not given, as the seed asks for file and sha. */
    static String text(JsonNode args, String field) {
        JsonNode v = args.get(field);
        return v == null || v.isNull() || v.asText().isEmpty() ? null : v.asText();
    }

    static List<String> strings(JsonNode args, String field) {
        List<String> values = new ArrayList<>();
        args.path(field).forEach(v -> values.add(v.asText()));
        return values;
    }

    /** repo_path, relative to the server's directory like the CLI's -C; absent, that directory. */
    static Path dir(Path defaultDir, JsonNode args) {
        String repoPath = text(args, "repo_path");
        if (repoPath == null) {
            return defaultDir;
        }
        try {
            return defaultDir.resolve(repoPath);
        } catch (InvalidPathException e) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "repo_path is not a usable path: " + e.getMessage());
        }
    }
}
