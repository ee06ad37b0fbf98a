package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.DiffRequest;
import dev.prdiff.app.Prdiff;
import dev.prdiff.app.Target;
import dev.prdiff.cache.MemoryCache;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Revisions;
import dev.prdiff.shape.DiffLayout;
import dev.prdiff.shape.FileFilter;
import dev.prdiff.shape.OutputShape;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The handlers behind the tools openapi.yaml declares, one method per tool, each turning validated arguments
 * into a {@link DiffRequest} for the same operations the CLI runs. Every failure becomes an isError result.
 */
final class DiffTools {
    private final Path defaultDir;
    private final Duration gitTimeout;
    private final int maxDiffBytes;
    private final Map<String, String> env;
    private final PrintStream log;
    /** A server lives long and agents read pull requests file by file: their diffs stay in memory too. */
    private final MemoryCache memory = new MemoryCache();
    private final Map<String, Function<JsonNode, ObjectNode>> handlers = Map.of(
            "get_pull_request_diff", this::pullRequestDiff,
            "get_diff", this::diff,
            "get_commit_diff", this::commitDiff,
            "get_changed_files", this::changedFiles);

    /** {@code env}: what git and gh inherit, null for this process's environment. */
    DiffTools(Path defaultDir, Duration gitTimeout, int maxDiffBytes, Map<String, String> env, PrintStream log) {
        this.defaultDir = defaultDir;
        this.gitTimeout = gitTimeout;
        this.maxDiffBytes = maxDiffBytes;
        this.env = env;
        this.log = log;
    }

    /** The tools implemented here; must be exactly the tools in openapi.yaml (checked at start). */
    Set<String> names() {
        return handlers.keySet();
    }

    /** Runs one tool on arguments that already passed its input schema; returns the tools/call result. */
    ObjectNode call(String tool, JsonNode args) {
        Function<JsonNode, ObjectNode> handler = handlers.get(tool);
        if (handler == null) {
            throw new IllegalArgumentException("no handler for tool " + tool);
        }
        try {
            return handler.apply(args);
        } catch (PrdiffException e) {
            return ToolResults.error(e);
        } catch (RuntimeException e) {
            log.println("prdiff-mcp: " + tool + " failed unexpectedly: " + e);
            return ToolResults.error(new PrdiffException(ErrorCode.INTERNAL_ERROR, tool + " failed: " + e, e));
        }
    }

    private ObjectNode pullRequestDiff(JsonNode args) {
        JsonNode number = args.get("pr_number");
        if (!number.canConvertToLong()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "pr_number is too large: " + number);
        }
        DiffRequest request = new DiffRequest(new Target.PullRequest(number.asLong(), null), paths(args, "file"),
                dir(args), gitTimeout, text(args, "repo"), text(args, "sha"), null, false, env,
                text(args, "repo_path") != null, memory);
        return args.path("files_only").asBoolean(false) ? fileList(shaped(request, args), args)
                : diffText(shaped(request, args), args);
    }

    private ObjectNode diff(JsonNode args) {
        return diffText(shaped(localRequest(range(args), args), args), args);
    }

    private ObjectNode commitDiff(JsonNode args) {
        return diffText(shaped(localRequest(new Target.Commit(Revisions.requireSafe(args.get("hash").asText())), args),
                args), args);
    }

    private ObjectNode changedFiles(JsonNode args) {
        return fileList(shaped(localRequest(range(args), args), args), args);
    }

    /** The output controls a tool's schema allows: include, exclude, status, top, skip, context_lines, stat. */
    private static DiffRequest shaped(DiffRequest request, JsonNode args) {
        FileFilter filter = new FileFilter(strings(args, "include"), strings(args, "exclude"),
                FileFilter.statuses(strings(args, "status")));
        JsonNode top = args.get("top");
        JsonNode context = args.get("context_lines");
        return request.shaped(new OutputShape(filter, top == null || top.isNull() ? null : top.asInt(),
                        args.path("skip").asInt(0)), context == null || context.isNull() ? null : context.asInt(),
                args.path("stat").asBoolean(false));
    }

    private static List<String> strings(JsonNode args, String field) {
        List<String> values = new ArrayList<>();
        args.path(field).forEach(v -> values.add(v.asText()));
        return values;
    }

    /** get_diff's range rules: nothing = auto-detection, base = base...HEAD, base and head = base...head. */
    private static Target range(JsonNode args) {
        String base = text(args, "base");
        String head = text(args, "head");
        if (head != null) {
            if (base == null) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "head needs base: the diff is base...head");
            }
            return new Target.Range(Revisions.requireSafe(base), Revisions.requireSafe(head), true);
        }
        return new Target.Auto(base == null ? null : Revisions.requireSafe(base));
    }

    private DiffRequest localRequest(Target target, JsonNode args) {
        return new DiffRequest(target, paths(args, "path"), dir(args), gitTimeout, null, null, null, false, env);
    }

    private ObjectNode diffText(DiffRequest request, JsonNode args) {
        List<String> notices = new ArrayList<>();
        CappedBuffer out = new CappedBuffer(maxDiffBytes);
        laidOut(out, args, o -> Prdiff.diff(request, o, notices::add));
        return ToolResults.withNotices(ToolResults.text(utf8(out.toByteArray(), notices)), notices);
    }

    /**
     * Writes a diff through the layout the arguments ask for (format, line_numbers, width) into {@code out}: the
     * renderer wraps the buffer, so a cap on it counts the bytes the answer holds.
     */
    private static void laidOut(OutputStream out, JsonNode args, DiffLayout.Body body) {
        DiffLayout layout = layout(args);
        if (!layout.plain() && args.path("stat").asBoolean(false)) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "format and line_numbers lay out a diff, not a diffstat:"
                    + " drop stat or them");
        }
        try {
            layout.write(out, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory buffer does not fail
        }
    }

    /** format, line_numbers and width, read as the CLI's --side-by-side, --line-numbers and --width. */
    private static DiffLayout layout(JsonNode args) {
        JsonNode width = args.get("width");
        return DiffLayout.of(text(args, "format"), args.path("line_numbers").asBoolean(false),
                width == null || width.isNull() ? null : width.asInt());
    }

    private ObjectNode fileList(DiffRequest request, JsonNode args) {
        if (!layout(args).plain() || args.has("width")) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "format, line_numbers and width lay out a diff; a file"
                    + " list (files_only) has none");
        }
        List<String> notices = new ArrayList<>();
        return ToolResults.withNotices(ToolResults.json(Prdiff.files(request, notices::add)), notices);
    }

    /** JSON text must be Unicode; a diff of files in another encoding says that its bytes were replaced. */
    private static String utf8(byte[] bytes, List<String> notices) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            notices.add("warning: the diff is not valid UTF-8; bytes that are not were replaced by U+FFFD");
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private Path dir(JsonNode args) {
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

    /** An empty string counts as not given, as the seed asks for file and sha. */
    private static String text(JsonNode args, String field) {
        JsonNode v = args.get(field);
        return v == null || v.isNull() || v.asText().isEmpty() ? null : v.asText();
    }

    private static List<String> paths(JsonNode args, String field) {
        String v = text(args, field);
        return v == null ? List.of() : List.of(v);
    }

    /** Keeps a diff in memory up to a cap; past it the git call is stopped with an error that says what to do. */
    private static final class CappedBuffer extends ByteArrayOutputStream {
        private final int cap;

        CappedBuffer(int cap) {
            this.cap = cap;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            if (count + len > cap) {
                // Thrown into the git or gh output pump, which kills the process and hands this on.
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "the diff is larger than " + cap
                        + " bytes, too large for one answer; list the files (get_changed_files, or files_only)"
                        + " and ask for fewer of them with path (or file), include, exclude or status, or a page at a"
                        + " time with top and skip", Map.of("max_diff_bytes", cap), null);
            }
            super.write(b, off, len);
        }

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }
    }
}
