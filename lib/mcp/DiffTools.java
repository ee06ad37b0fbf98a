package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.prdiff.app.DiffEnvelope;
import dev.prdiff.app.DiffRequest;
import dev.prdiff.app.Prdiff;
import dev.prdiff.app.RequestRules;
import dev.prdiff.app.Target;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.FileList;
import dev.prdiff.core.Json;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;
import dev.prdiff.git.Session;
import dev.prdiff.shape.BudgetCursor;
import dev.prdiff.shape.DiffLayout;
import dev.prdiff.shape.FileFilter;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.SectionCollector;
import dev.prdiff.shape.SectionLimits;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
                env, session);
        Integer iteration = integer(args, "iteration");
        if (args.path("info").asBoolean(false)) {
            RequestRules.infoTakesOnly(args::fieldNames, RequestRules.Words.MCP);
            DiffRequest.Fetch from = new DiffRequest.Fetch(repo, null, null, false, null, null, iteration, null);
            return PullRequestContext.answer(Prdiff.info(new DiffRequest(target, null, null, from, context)),
                    budget(args));
        }
        boolean filesOnly = args.path("files_only").asBoolean(false);
        checkAnswers(args, filesOnly);
        DiffRequest request = new DiffRequest(target, DiffRequest.Selection.repoRelative(paths(args, "file")),
                shape(args), new DiffRequest.Fetch(repo, text(args, "sha"), text(args, "base_sha"), false,
                        text(args, "since"), null, iteration, integer(args, "since_iteration")), context);
        return filesOnly ? listedFiles(request, args) : diffText(request, "get_pull_request_diff", "file", args, true);
    }

    private ObjectNode diff(JsonNode args) {
        DiffRequest request = localRequest(range(args), args);
        checkAnswers(args, false);
        return diffText(request, "get_diff", "path", args, true);
    }

    private ObjectNode commitDiff(JsonNode args) {
        DiffRequest request = localRequest(Target.checked(new Target.Commit(args.get("hash").asText())), args);
        checkAnswers(args, false);
        return diffText(request, "get_commit_diff", "path", args, false);
    }

    /**
     * The limits of a diff tool's answer: max_bytes (default {@link #DEFAULT_MAX_BYTES}, never past what one
     * answer may hold) with its cursor, max_lines, no_binary and skip_generated (both on unless false); follow-up
     * calls named as tool calls by {@code refetch}, which also prices the answer.
     */
    private DiffRequest limited(DiffRequest request, JsonNode args, long maxBytes, ToolCallRefetch refetch) {
        DiffLayout layout = layout(args);
        if (request.shape().stat() || request.shape().log()) {
            return worded(request, refetch);
        }
        JsonNode maxLines = args.get("max_lines");
        String cursor = text(args, "cursor");
        SectionLimits limits = new SectionLimits(Math.max(SectionLimits.MIN_BYTES, maxBytes),
                maxLines == null || maxLines.isNull() ? null : maxLines.asInt(), args.path("no_binary").asBoolean(true),
                args.path("skip_generated").asBoolean(true), null, layout,
                cursor == null ? null : BudgetCursor.parse(cursor));
        DiffRequest.Shape shape = request.shape();
        return request.withShape(new DiffRequest.Shape(shape.output().limited(limits), shape.contextLines(), false,
                shape.log(), refetch));
    }

    /** {@code request} with the calls and names of its notices in {@code words}' (MCP's) form. */
    private static DiffRequest worded(DiffRequest request, ToolCallRefetch words) {
        return request.withShape(request.shape().withRefetch(words));
    }

    /** A file list's request ({@code tool}'s), its notices worded as MCP's. */
    private DiffRequest listing(DiffRequest request, String tool, String fileField, JsonNode args) {
        return worded(request, refetch(tool, fileField, args, ToolCallRefetch.Text.DIFF, false, () -> 0));
    }

    /** The follow-up calls of {@code tool}'s answer to {@code args}; {@code reserve}: what it says beside its text. */
    private ToolCallRefetch refetch(String tool, String fileField, JsonNode args, ToolCallRefetch.Text text,
            boolean structured, java.util.function.LongSupplier reserve) {
        return new ToolCallRefetch(tool, args, fileField, DEFAULT_MAX_BYTES, cap(), text, structured,
                layout(args).plain(), reserve);
    }

    private long cap() {
        return Math.max(SectionLimits.MIN_BYTES, maxDiffBytes);
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
        DiffRequest.Context context = new DiffRequest.Context(dir, dir != null, gitTimeout, env, session);
        return new DiffRequest(target, DiffRequest.Selection.repoRelative(paths(args, "path")), shape(args),
                new DiffRequest.Fetch(null, null, null, false, text(args, "since")), context);
    }

    /**
     * The diff as text, and as structuredContent its {@link DiffEnvelope} without section bodies, from the same run
     * (a {@link SectionCollector} passing every byte on to the text): the files the text shows, with their counts;
     * the text's table of contents names the others. A diffstat or a list of commits is not made of sections, so
     * its envelope comes from the range's file list, a second (numstat) pass. {@code structured}: the tool declares
     * the envelope as its outputSchema; a tool that does not answers text alone. The whole result, text (as JSON
     * escapes it), structuredContent and _meta, is at most max_bytes.
     */
    private ObjectNode diffText(DiffRequest shaped, String tool, String fileField, JsonNode args, boolean structured) {
        List<String> notices = new ArrayList<>();
        long maxBytes = budget(args);
        if (args.path("json").asBoolean(false)) {
            return envelope(shaped, tool, fileField, notices, structured, args, maxBytes);
        }
        boolean sections = structured && !shaped.shape().stat() && !shaped.shape().log();
        ToolCallRefetch refetch = refetch(tool, fileField, args, ToolCallRefetch.Text.DIFF, sections,
                () -> beside(notices, structured));
        DiffRequest request = limited(shaped, args, maxBytes, refetch);
        CappedBuffer out = new CappedBuffer(maxDiffBytes, cap -> new PrdiffException(ErrorCode.INVALID_INPUT,
                "the diff is larger than " + cap + " bytes, too large for one answer; list the files"
                + " (get_changed_files, or files_only) and ask for fewer of them with path (or file), include,"
                + " exclude or status, or a page at a time with top and skip", Map.of("max_diff_bytes", cap), null));
        SectionCollector collector = sections ? new SectionCollector(out) : null;
        DiffEnvelope.Range[] range = {null};
        Prdiff.diff(request, sections ? collector : out, notices::add, resolved -> {
            range[0] = resolved;
            refetch.pin(resolved);
        });
        String text = ToolResults.utf8(out.toByteArray(), "the diff", notices);
        DiffRequest.Shape shape = request.shape();
        List<String> guided = notices;
        if (shape.log() || shape.stat()) {
            LineBudget.Cut cut = LineBudget.fit(text, budget(args), args.path("skip").asInt(0), shape.stat(),
                    shape.log() ? "commits" : "files");
            if (cut.guidance() != null) {
                // The cut's line names the next skip; the page's own would name one past what was shown.
                text = cut.text() + cut.guidance();
                notices.add(cut.guidance().substring(TextGuidance.PREFIX.length()).strip());
                guided = notices.stream().filter(n -> !n.startsWith("pagination: ")).toList();
            }
        }
        text = TextGuidance.after(text, guided, shape.log() ? "commits" : "files");
        if (!structured) {
            return AnswerFit.within(ToolResults.withNotices(ToolResults.text(text), notices), maxBytes);
        }
        // A log's top and skip page its commits: its envelope lists every file of the range.
        DiffRequest.Shape asDiff = request.shape().asDiff();
        DiffRequest files = request.withShape(shape.log()
                ? asDiff.withOutput(new OutputShape(shape.output().filter(), null, 0)) : asDiff);
        DiffEnvelope envelope = sections
                ? DiffEnvelope.collected(request, collector, range[0], notices).shownOnly()
                : DiffEnvelope.listed(files, Prdiff.files(files, n -> {}), range[0], notices);
        ObjectNode result = ToolResults.text(text);
        result.set("structuredContent", Json.tree(envelope));
        ObjectNode withNotices = ToolResults.withNotices(result, notices);
        return sections ? AnswerFit.within(withNotices, maxBytes) : AnswerFit.fit(withNotices, maxBytes, false);
    }

    /**
     * What an answer says beside its text, as far as the notices so far tell: _meta's notices and, when
     * {@code structured}, the envelope (summary, range, page, metadata, the notices again as warnings), with room
     * for the notices still to come (the budget's, the filter's, the page's).
     */
    private static long beside(List<String> notices, boolean structured) {
        // The notices to come: the budget's truncation warning (about 200 bytes), a filter's or a page's.
        long said = AnswerFit.bytes(notices) + 300;
        // The envelope's fixed part (success, summary, range, page, errors, metadata) and the result's frame.
        return structured ? 2 * said + 900 : said + 200;
    }

    /**
     * What structuredContent and _meta may hold together beside a diff's text: as much as the text may
     * (max_bytes, default {@link #DEFAULT_MAX_BYTES}, never past the server's limit), 4 KiB at the least.
     */
    private long budget(JsonNode args) {
        return Math.max(SectionLimits.MIN_BYTES, Math.min(args.path("max_bytes").asLong(DEFAULT_MAX_BYTES), cap()));
    }

    /**
     * json: the CLI's --json envelope as the text, built by the same {@link DiffEnvelope}; structuredContent is
     * that envelope without its data (the text holds it), so the diff is sent once. The whole result is at most
     * max_bytes: the changes left out are listed while they fit, and when even the sections shown do not, the
     * sections' budget is lowered by what they went over and the diff asked again, at most twice. A failure stays an
     * isError result.
     */
    private ObjectNode envelope(DiffRequest shaped, String tool, String fileField, List<String> notices,
            boolean structured, JsonNode args, long maxBytes) {
        long sections = maxBytes;
        ObjectNode result = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            notices.clear();
            ToolCallRefetch refetch = refetch(tool, fileField, args, ToolCallRefetch.Text.ENVELOPE, false,
                    () -> beside(notices, true));
            DiffRequest request = limited(shaped, args, sections, refetch);
            SectionCollector collector = new SectionCollector();
            DiffEnvelope.Range[] range = {null};
            // The envelope has no table of contents: its changes left out are marked, and a warning names their call.
            Prdiff.diff(request, collector, n -> notices.add(DiffEnvelope.enveloped(n, LEFT_OUT)), resolved -> {
                range[0] = resolved;
                refetch.pin(resolved);
            });
            OutputShape.Outcome outcome = collector.outcome();
            // First, so that a cut of the warnings at a small budget keeps the calls that lead on.
            if (outcome != null && outcome.leftOutCall() != null) {
                notices.add(0, "each file left out (truncated, no diff) is fetched by " + outcome.leftOutCall()
                        + (outcome.nextCall() == null ? "" : "; the next files: " + outcome.nextCall()));
            } else if (outcome != null && outcome.nextCall() != null) {
                notices.add(0, "the next files: " + outcome.nextCall());
            }
            DiffEnvelope envelope = DiffEnvelope.collected(request, collector, range[0], notices)
                    .withFetchOnlyPastTemplate(outcome == null ? null : outcome.leftOutCall());
            ObjectNode tree = Json.tree(envelope);
            result = AnswerFit.envelopeWithin(tree, notices, structured, maxBytes);
            // The sections whose diff the cut let go, which a cursor would pass over: ask again with less room.
            long shown = 0;
            for (SectionCollector.Collected c : collector.sections()) {
                shown += c.diff() == null ? 0 : c.diff().length;
            }
            for (JsonNode change : tree.path("data").path("changes")) {
                shown -= change.has("diff") ? change.get("diff").asText().getBytes(StandardCharsets.UTF_8).length
                        : change.has("diff_base64") ? change.get("diff_base64").asText().length() / 4 * 3 : 0;
            }
            long over = Math.max(shown + shown / 4, AnswerFit.bytes(result) - maxBytes);
            if (over <= 0 || sections <= SectionLimits.MIN_BYTES) {
                break;
            }
            sections = Math.max(SectionLimits.MIN_BYTES, sections - over - over / 8 - 256);
        }
        return result;
    }

    /** How the truncation warning ends in an envelope, in place of the text's table of contents. */
    private static final String LEFT_OUT = "; each change left out has truncated true and no diff";

    /** format, line_numbers and width, read as the CLI's --side-by-side, --line-numbers and --width. */
    private static DiffLayout layout(JsonNode args) {
        JsonNode width = args.get("width");
        return DiffLayout.of(text(args, "format"), args.path("line_numbers").asBoolean(false),
                width == null || width.isNull() ? null : width.asInt());
    }

    private ObjectNode fileList(DiffRequest request, JsonNode args) {
        List<String> notices = new ArrayList<>();
        FileList list = Prdiff.files(listing(request, "get_changed_files", "path", args), notices::add);
        return FileListAnswer.of(list, args.path("skip").asInt(0), notices, budget(args));
    }

    /**
     * files_only: answered as get_changed_files is ({@link FileListAnswer}: the FileList JSON once, as the text, a
     * page of it past max_bytes), with structuredContent the tool's envelope listing no change: its summary counts
     * every file, the text lists them.
     */
    private ObjectNode listedFiles(DiffRequest request, JsonNode args) {
        List<String> notices = new ArrayList<>();
        FileList list = Prdiff.files(listing(request, "get_pull_request_diff", "file", args), notices::add);
        DiffEnvelope whole = DiffEnvelope.listed(request, list, null, List.of());
        return FileListAnswer.of(list, args.path("skip").asInt(0), notices, budget(args),
                (page, said) -> Json.tree(whole.withoutChanges(page.pagination(), said)));
    }

    /**
     * The answers a tool's arguments may not combine and a width without side_by_side, as {@link RequestRules} words
     * them in MCP's names;
     * {@code filesOnly}: the answer is a file list (files_only, or get_changed_files).
     */
    private static void checkAnswers(JsonNode args, boolean filesOnly) {
        DiffLayout asked = layout(args);
        RequestRules.widthNeedsSideBySide(args.hasNonNull("width"), false, asked.sideBySide(), RequestRules.Words.MCP);
        boolean layout = !asked.plain() || args.has("width");
        RequestRules.answers(new RequestRules.Asked(false, filesOnly, args.path("stat").asBoolean(false),
                args.path("log").asBoolean(false), args.path("json").asBoolean(false), layout, false, false, false,
                false), RequestRules.Words.MCP);
        RequestRules.cursorContinuesDiff(args.hasNonNull("cursor"), args.path("stat").asBoolean(false),
                args.path("log").asBoolean(false));
    }

    private Path dir(JsonNode args) {
        return ToolArgs.dir(defaultDir, args);
    }

    private static Integer integer(JsonNode args, String field) {
        JsonNode value = args.get(field);
        return value == null || value.isNull() ? null : value.asInt();
    }

    private static String text(JsonNode args, String field) {
        return ToolArgs.text(args, field);
    }

    private static List<String> paths(JsonNode args, String field) {
        String v = text(args, field);
        return v == null ? List.of() : List.of(v);
    }
}
