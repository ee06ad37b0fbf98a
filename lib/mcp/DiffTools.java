package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.DiffEnvelope;
import dev.prdiff.app.DiffRequest;
import dev.prdiff.app.Prdiff;
import dev.prdiff.app.RequestRules;
import dev.prdiff.app.Target;
import dev.prdiff.cache.PullRequestMemoryCache;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Session;
import dev.prdiff.shape.DiffLayout;
import dev.prdiff.shape.FileFilter;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.SectionCollector;
import dev.prdiff.shape.SectionLimits;

import java.io.PrintStream;
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
    private final Session session;
    private final PrintStream log;
    /** A server lives long and agents read pull requests file by file: their diffs stay in memory too. */
    private final PullRequestMemoryCache memory = new PullRequestMemoryCache();
    /** These tools' handlers, and those of {@link ReadTools} (reads at a commit), which run under the same rules. */
    private final Map<String, Function<JsonNode, ObjectNode>> handlers = new java.util.HashMap<>();

    /** {@code session}: the server's, whose environment git and gh inherit. */
    DiffTools(Path defaultDir, Duration gitTimeout, int maxDiffBytes, Session session, PrintStream log) {
        this.defaultDir = defaultDir;
        this.gitTimeout = gitTimeout;
        this.maxDiffBytes = maxDiffBytes;
        this.env = session.env();
        this.session = session;
        this.log = log;
        handlers.putAll(Map.of(
                "get_pull_request_diff", this::pullRequestDiff,
                "get_diff", this::diff,
                "get_commit_diff", this::commitDiff,
                "get_changed_files", this::changedFiles));
        handlers.putAll(new ReadTools(defaultDir, gitTimeout, maxDiffBytes, session).handlers());
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
        } catch (OutOfMemoryError e) {
            return ToolResults.error(Subprocess.outOfMemory("the answer"));
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
        String repo = text(args, "repo");
        Target target = new Target.PullRequest(number.asLong(), null);
        java.util.regex.Matcher azure = repo == null ? null : Target.AZURE_PR_URL.matcher(repo);
        if (azure != null && azure.matches()) {
            // An Azure DevOps pull request URL names the repository and the number; the source checks its host.
            if (!azure.group(1).equals(number.asText())) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "pr_number " + number.asText()
                        + " is not the pull request repo names (" + azure.group(1) + ")");
            }
            target = new Target.PullRequest(number.asLong(), repo);
            repo = null;
        }
        DiffRequest.Context context = new DiffRequest.Context(dir(args), text(args, "repo_path") != null, gitTimeout,
                env, session, memory);
        boolean filesOnly = args.path("files_only").asBoolean(false);
        checkAnswers(args, filesOnly);
        DiffRequest request = new DiffRequest(target, DiffRequest.Selection.repoRelative(paths(args, "file")),
                shape(args), new DiffRequest.Fetch(repo, text(args, "sha"), text(args, "base_sha"), false,
                        text(args, "since")), context);
        return filesOnly ? listedFiles(request, args)
                : diffText(limited(request, "get_pull_request_diff", "file", args), args, true);
    }

    private ObjectNode diff(JsonNode args) {
        DiffRequest request = localRequest(range(args), args);
        checkAnswers(args, false);
        return diffText(limited(request, "get_diff", "path", args), args, true);
    }

    private ObjectNode commitDiff(JsonNode args) {
        DiffRequest request = localRequest(Target.checked(new Target.Commit(args.get("hash").asText())), args);
        checkAnswers(args, false);
        return diffText(limited(request, "get_commit_diff", "path", args), args, false);
    }

    /**
     * The limits of a diff tool's answer: max_bytes (default {@link #DEFAULT_MAX_BYTES}, never past what one
     * answer may hold), max_lines, no_binary and skip_generated (both on unless false); follow-up calls named
     * as tool calls.
     */
    private DiffRequest limited(DiffRequest request, String tool, String fileField, JsonNode args) {
        DiffLayout layout = layout(args);
        if (request.shape().stat() || request.shape().log()) {
            return request;
        }
        long cap = Math.max(SectionLimits.MIN_BYTES, maxDiffBytes);
        long maxBytes = Math.max(SectionLimits.MIN_BYTES, Math.min(args.path("max_bytes").asLong(DEFAULT_MAX_BYTES), cap));
        JsonNode maxLines = args.get("max_lines");
        SectionLimits limits = new SectionLimits(maxBytes, maxLines == null || maxLines.isNull() ? null : maxLines.asInt(),
                args.path("no_binary").asBoolean(true), args.path("skip_generated").asBoolean(true), null, layout);
        DiffRequest.Shape shape = request.shape();
        return request.withShape(new DiffRequest.Shape(shape.output().limited(limits), shape.contextLines(), false,
                shape.log(), new ToolCallRefetch(tool, args, fileField, DEFAULT_MAX_BYTES, cap)));
    }

    /** The 004 seed's cap: about what an agent can afford for one diff in its context. */
    static final long DEFAULT_MAX_BYTES = 100_000;

    private ObjectNode changedFiles(JsonNode args) {
        DiffRequest request = localRequest(range(args), args);
        checkAnswers(args, true);
        return fileList(request, args);
    }

    /**
     * The output controls a tool's schema allows: include, exclude, status, top, skip, context_lines, stat, and
     * since and log (absent from a schema, they are absent from its arguments).
     */
    private static DiffRequest.Shape shape(JsonNode args) {
        FileFilter filter = new FileFilter(ToolArgs.strings(args, "include"), ToolArgs.strings(args, "exclude"),
                FileFilter.statuses(ToolArgs.strings(args, "status")));
        JsonNode top = args.get("top");
        JsonNode context = args.get("context_lines");
        return new DiffRequest.Shape(new OutputShape(filter, top == null || top.isNull() ? null : top.asInt(),
                args.path("skip").asInt(0)), context == null || context.isNull() ? null : context.asInt(),
                args.path("stat").asBoolean(false), args.path("log").asBoolean(false), null);
    }

    /** get_diff's range rules: nothing = auto-detection, base = base...HEAD, base and head = base...head. */
    private static Target range(JsonNode args) {
        String base = text(args, "base");
        String head = text(args, "head");
        RequestRules.headNeedsBase(base, head);
        if (head != null) {
            return Target.checked(new Target.Range(base, head, true));
        }
        return Target.checked(new Target.Auto(base));
    }

    /** A local target's request: repo-relative paths, the output controls, and since where the tool has it. */
    private DiffRequest localRequest(Target target, JsonNode args) {
        Path dir = dir(args);
        DiffRequest.Context context = new DiffRequest.Context(dir, dir != null, gitTimeout, env, session, null);
        return new DiffRequest(target, DiffRequest.Selection.repoRelative(paths(args, "path")), shape(args),
                new DiffRequest.Fetch(null, null, null, false, text(args, "since")), context);
    }

    /**
     * The diff as text, and as structuredContent its {@link DiffEnvelope} without section bodies, from the same run
     * (a {@link SectionCollector} passing every byte on to the text); a diffstat or a list of commits is not made of
     * sections, so its envelope comes from the range's file list, a second (numstat) pass. {@code structured}: the
     * tool declares the envelope as its outputSchema; a tool that does not answers text alone.
     */
    private ObjectNode diffText(DiffRequest request, JsonNode args, boolean structured) {
        List<String> notices = new ArrayList<>();
        if (args.path("json").asBoolean(false)) {
            return envelope(request, notices, structured, args);
        }
        CappedBuffer out = new CappedBuffer(maxDiffBytes, cap -> new PrdiffException(ErrorCode.INVALID_INPUT,
                "the diff is larger than " + cap + " bytes, too large for one answer; list the files"
                + " (get_changed_files, or files_only) and ask for fewer of them with path (or file), include,"
                + " exclude or status, or a page at a time with top and skip", Map.of("max_diff_bytes", cap), null));
        boolean sections = structured && !request.shape().stat() && !request.shape().log();
        SectionCollector collector = sections ? new SectionCollector(out) : null;
        DiffEnvelope.Range[] range = {null};
        Prdiff.diff(request, sections ? collector : out, notices::add, resolved -> range[0] = resolved);
        String text = ToolResults.utf8(out.toByteArray(), "the diff", notices);
        if (!structured) {
            return AnswerFit.fit(ToolResults.withNotices(ToolResults.text(text), notices), budget(args), false);
        }
        DiffEnvelope envelope = sections
                ? DiffEnvelope.collected(request, collector, range[0], notices).withoutBodies()
                : DiffEnvelope.listed(request, Prdiff.files(request.withShape(request.shape().asDiff()), n -> {}),
                        range[0], notices);
        ObjectNode result = ToolResults.text(text);
        result.set("structuredContent", Json.MAPPER.valueToTree(envelope));
        return AnswerFit.fit(ToolResults.withNotices(result, notices), budget(args), false);
    }

    /**
     * What structuredContent and _meta may hold together beside a diff's text: as much as the text may
     * (max_bytes, default {@link #DEFAULT_MAX_BYTES}, never past the server's limit), 4 KiB at the least.
     */
    private long budget(JsonNode args) {
        long cap = Math.max(SectionLimits.MIN_BYTES, maxDiffBytes);
        return Math.min(args.path("max_bytes").asLong(DEFAULT_MAX_BYTES), cap);
    }

    /**
     * json: the CLI's --json envelope as the text and as structuredContent, built by the same {@link DiffEnvelope};
     * a failure stays an isError result.
     */
    private ObjectNode envelope(DiffRequest request, List<String> notices, boolean structured, JsonNode args) {
        DiffEnvelope envelope = DiffEnvelope.of(request, n -> {}, notices);
        // The envelope holds the sections (within max_bytes) and lists the files, and the text repeats it.
        ObjectNode result = AnswerFit.fit(ToolResults.withNotices(ToolResults.json(envelope), notices),
                4 * Math.max(AnswerFit.MIN_BYTES, budget(args)), true);
        if (!structured) {
            result.remove("structuredContent");
        }
        return result;
    }

    /** format, line_numbers and width, read as the CLI's --side-by-side, --line-numbers and --width. */
    private static DiffLayout layout(JsonNode args) {
        JsonNode width = args.get("width");
        return DiffLayout.of(text(args, "format"), args.path("line_numbers").asBoolean(false),
                width == null || width.isNull() ? null : width.asInt());
    }

    private ObjectNode fileList(DiffRequest request, JsonNode args) {
        List<String> notices = new ArrayList<>();
        FileList list = AnswerFit.page(Prdiff.files(request, notices::add), args.path("skip").asInt(0),
                listBudget() / 4 * 3);
        return AnswerFit.fit(ToolResults.withNotices(ToolResults.json(list), notices), listBudget(), true);
    }

    /**
     * The whole of a file list's answer (its JSON twice, as text and structuredContent, and the notices): the
     * server's limit on one answer. A longer list is a page of it, with has_more and next_skip.
     */
    private long listBudget() {
        return Math.max(AnswerFit.MIN_BYTES, maxDiffBytes);
    }

    /** files_only: the FileList JSON as the text, and as structuredContent the envelope whose changes are those files. */
    private ObjectNode listedFiles(DiffRequest request, JsonNode args) {
        List<String> notices = new ArrayList<>();
        // The text is the list; an envelope of a file takes about twice its list entry.
        FileList list = AnswerFit.page(Prdiff.files(request, notices::add), args.path("skip").asInt(0),
                listBudget() / 4);
        ObjectNode result = ToolResults.text(Json.write(list));
        result.set("structuredContent", Json.MAPPER.valueToTree(DiffEnvelope.listed(request, list, null, notices)));
        return AnswerFit.fit(ToolResults.withNotices(result, notices), listBudget() / 4 * 3, false);
    }

    /**
     * The answers a tool's arguments may not combine, as {@link RequestRules#answers} words them in MCP's names;
     * {@code filesOnly}: the answer is a file list (files_only, or get_changed_files).
     */
    private static void checkAnswers(JsonNode args, boolean filesOnly) {
        boolean layout = !layout(args).plain() || args.has("width");
        RequestRules.answers(new RequestRules.Asked(false, filesOnly, args.path("stat").asBoolean(false),
                args.path("log").asBoolean(false), args.path("json").asBoolean(false), layout, false, false, false,
                false), RequestRules.Words.MCP);
    }

    private Path dir(JsonNode args) {
        return ToolArgs.dir(defaultDir, args);
    }

    private static String text(JsonNode args, String field) {
        return ToolArgs.text(args, field);
    }

    private static List<String> paths(JsonNode args, String field) {
        String v = text(args, field);
        return v == null ? List.of() : List.of(v);
    }
}
