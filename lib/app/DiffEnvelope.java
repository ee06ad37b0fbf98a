package dev.prdiff.app;

import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.JsonText;
import dev.prdiff.core.JsonValue;
import dev.prdiff.git.DiffSpec;
import dev.prdiff.core.Pagination;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.shape.OutputShape;
import dev.prdiff.shape.SectionCollector;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * The --json answer: one object with the shaped diff split per file, the counts, the range, the page, the
 * warnings prdiff would print, or the error. Sections go through the same shaping as the text answer
 * ({@link SectionCollector}), so each change's {@code diff} is the bytes prdiff would print for that file.
 */
public record DiffEnvelope(boolean success, Data data, Pagination pagination, List<Error> errors,
        List<String> warnings, Metadata metadata) implements JsonValue {

    @Override
    public void writeJson(JsonText out) {
        out.field("success", success).present("data", data).present("pagination", pagination).present("errors", errors)
                .present("warnings", warnings).present("metadata", metadata);
    }

    public record Data(Summary summary, Range range, List<Change> changes) implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            out.field("summary", summary).field("range", range).field("changes", changes);
        }
    }

    public record Summary(int files, long additions, long deletions,
            Map<String, Integer> byChangeType) implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            out.field("files", files).field("additions", additions).field("deletions", deletions)
                    .field("by_change_type", byChangeType);
        }

        static Summary of(List<Change> changes) {
            Map<String, Integer> byType = new LinkedHashMap<>();
            long additions = 0;
            long deletions = 0;
            for (Change c : changes) {
                byType.merge(c.changeType(), 1, Integer::sum);
                additions += c.additions();
                deletions += c.deletions();
            }
            return new Summary(changes.size(), additions, deletions, byType);
        }
    }

    public record Range(String base, String head, String mergeBase, String how)
            implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            out.field("base", base).field("head", head).field("merge_base", mergeBase).field("how", how);
        }

        static Range of(DiffSpec spec, String how) {
            return new Range(spec.baseSha(), spec.headSha(), spec.mergeBaseSha(), how);
        }
    }

    /**
     * One file. Names follow the file list's convention: a name that is not UTF-8 is git's C-quoted form with its
     * exact bytes in {@code path_bytes_base64}. A section that is not valid UTF-8 has {@code diff} null and its
     * bytes in {@code diff_base64}. {@code fetch}: the call for a section the byte budget left out.
     */
    public record Change(String changeType, String path,
            String previousPath,
            String pathBytesBase64,
            String previousPathBytesBase64,
            long additions, long deletions, boolean binary, String diff,
            String diffBase64, boolean truncated, String fetch) implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            out.present("change_type", changeType).present("path", path).present("previous_path", previousPath)
                    .present("path_bytes_base64", pathBytesBase64)
                    .present("previous_path_bytes_base64", previousPathBytesBase64).field("additions", additions)
                    .field("deletions", deletions).field("binary", binary).present("diff", diff)
                    .present("diff_base64", diffBase64).field("truncated", truncated).present("fetch", fetch);
        }

        /** The file {@code f} with its section's text (or bytes), whether shaping cut it, and its fetch call. */
        static Change of(FileEntry f, String diff, String diffBase64, boolean truncated, String fetch) {
            return new Change(f.status(), f.path(), f.previousPath(), f.pathBytesBase64(), f.previousPathBytesBase64(),
                    f.additions(), f.deletions(), Boolean.TRUE.equals(f.binary()), diff, diffBase64, truncated, fetch);
        }
    }

    public record Error(String code, String message) implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            out.field("code", code).field("message", message);
        }
    }

    public record Metadata(String repository, String toolVersion, String time)
            implements JsonValue {
        @Override
        public void writeJson(JsonText out) {
            out.field("repository", repository).field("tool_version", toolVersion).field("time", time);
        }
    }

    public static final String TOOL_VERSION = dev.prdiff.core.Version.NUMBER;

    /**
     * The envelope for {@code request}'s diff; {@code notices} still hears every notice as the text answer's would,
     * and {@code warnings} gathers them (also when this throws, for the failure envelope).
     */
    public static DiffEnvelope of(DiffRequest request, Consumer<String> notices, List<String> warnings) {
        Range[] range = {null};
        SectionCollector collector = new SectionCollector();
        Prdiff.diff(request, collector, n -> {
            String said = enveloped(n, LEFT_OUT);
            warnings.add(said);
            notices.accept(said);
        }, resolved -> range[0] = resolved);
        return collected(request, collector, range[0], warnings);
    }

    /** An envelope has no table of contents: each change the budget left out names its call in {@code fetch}. */
    static final String LEFT_OUT = "; each change left out names the call that fetches it (fetch)";

    /**
     * {@code notice} as an envelope says it: the truncation warning of a text answer names its table of contents,
     * which an envelope does not have, so that ending becomes {@code leftOut} (where the changes left out are).
     */
    public static String enveloped(String notice, String leftOut) {
        return notice.endsWith(OutputShape.TABLE_OF_CONTENTS)
                ? notice.substring(0, notice.length() - OutputShape.TABLE_OF_CONTENTS.length()) + leftOut : notice;
    }

    /**
     * This envelope within {@code maxBytes} as {@code size} measures it written: its changes cut at the end (the
     * summary still counts them all) and a warning saying how many it lists and the call that lists them all
     * ({@code listCall}). When the fixed part alone (summary, range, warnings) is larger, no change is listed and
     * the warning says so. Unchanged when it fits.
     */
    public DiffEnvelope within(long maxBytes, ToLongFunction<DiffEnvelope> size, String listCall) {
        if (data == null || size.applyAsLong(this) <= maxBytes) {
            return this;
        }
        int all = data.changes().size();
        int lo = 0;
        int hi = all;
        while (lo < hi) { // the most changes that fit
            int mid = (lo + hi + 1) >>> 1;
            if (size.applyAsLong(listing(mid, maxBytes, listCall)) <= maxBytes) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        DiffEnvelope cut = listing(lo, maxBytes, listCall);
        long fixed = size.applyAsLong(listing(0, maxBytes, listCall));
        if (fixed <= maxBytes) {
            return cut;
        }
        List<String> said = new ArrayList<>(cut.warnings);
        said.add("warning: the envelope without its changes is " + fixed + " bytes, more than max bytes " + maxBytes
                + ", so it is printed whole");
        return new DiffEnvelope(success, cut.data, pagination, errors, List.copyOf(said), metadata);
    }

    /** This envelope listing its first {@code n} changes, with the warning that says so. */
    private DiffEnvelope listing(int n, long maxBytes, String listCall) {
        List<String> said = new ArrayList<>(warnings);
        said.add("warning: data.changes lists " + n + " of its " + data.changes().size() + " files, to keep the"
                + " answer within max bytes " + maxBytes + "; " + listCall + " lists them all");
        return new DiffEnvelope(success, new Data(data.summary(), data.range(), data.changes().subList(0, n)),
                pagination, errors, List.copyOf(said), metadata);
    }

    /** The envelope of a diff run that wrote into {@code collector}, of {@code range}, with {@code warnings}. */
    public static DiffEnvelope collected(DiffRequest request, SectionCollector collector, Range range,
            List<String> warnings) {
        List<Change> changes = new ArrayList<>();
        for (SectionCollector.Collected c : collector.sections()) {
            var s = c.section();
            FileEntry file = FileEntry.of(s.path(), s.additions(), s.deletions(), s.changeType().label(),
                    s.previousPath(), s.binary());
            String text = c.diff() == null ? null : utf8(c.diff());
            String base64 = c.diff() != null && text == null ? Base64.getEncoder().encodeToString(c.diff()) : null;
            changes.add(Change.of(file, text, base64, c.truncated(), c.fetch()));
        }
        Pagination page = collector.outcome() == null ? null : collector.outcome().pagination();
        return new DiffEnvelope(true, new Data(summary(request, page, changes), range, changes),
                page, List.of(), List.copyOf(warnings), metadata(request));
    }

    /**
     * The envelope of a file list (no section bodies): its files as the changes, counted over every page; the range
     * is {@code range} when the run that answered knew it, else the list's own.
     */
    public static DiffEnvelope listed(DiffRequest request, FileList list, Range range, List<String> warnings) {
        List<Change> changes = changes(list);
        Range shown = range != null ? range : new Range(list.baseSha(), list.headSha(), list.mergeBaseSha(), list.range());
        return new DiffEnvelope(true, new Data(summary(request, list.pagination(), changes), shown, changes),
                list.pagination(), List.of(), List.copyOf(warnings), metadata(request));
    }

    /**
     * This envelope listing no change, as the page {@code page} with {@code warnings}: for an answer whose text is
     * the file list (files_only), so that the files are sent once. The summary still counts every file.
     */
    public DiffEnvelope withoutChanges(Pagination page, List<String> warnings) {
        Data none = data == null ? null : new Data(data.summary(), data.range(), List.of());
        return new DiffEnvelope(success, none, page, errors, List.copyOf(warnings), metadata);
    }

    /**
     * This envelope without section bodies and fetch calls, its changes the files whose sections were shown: for an
     * answer whose text is the diff and names the files it left out.
     */
    public DiffEnvelope shownOnly() {
        if (data == null) {
            return this;
        }
        List<Change> shown = data.changes().stream().filter(c -> c.diff() != null || c.diffBase64() != null)
                .map(c -> new Change(c.changeType, c.path, c.previousPath, c.pathBytesBase64, c.previousPathBytesBase64,
                        c.additions, c.deletions, c.binary, null, null, c.truncated, null))
                .toList();
        return new DiffEnvelope(success, new Data(data.summary(), data.range(), shown), pagination, errors, warnings,
                metadata);
    }

    /**
     * This envelope with a change's {@code fetch} left out where {@code template}, the call stated once for every
     * file left out, fetches it: its path as a JSON string in place of {@code "PATH"}.
     */
    public DiffEnvelope withFetchOnlyPastTemplate(String template) {
        if (data == null || template == null) {
            return this;
        }
        List<Change> changes = data.changes().stream().map(c -> c.fetch == null || !c.fetch.equals(
                template.replace("\"" + dev.prdiff.shape.Refetch.PATH + "\"", JsonText.quoted(c.path))) ? c
                : new Change(c.changeType, c.path, c.previousPath, c.pathBytesBase64, c.previousPathBytesBase64,
                        c.additions, c.deletions, c.binary, c.diff, c.diffBase64, c.truncated, null)).toList();
        return new DiffEnvelope(success, new Data(data.summary(), data.range(), changes), pagination, errors, warnings,
                metadata);
    }

    private static List<Change> changes(FileList list) {
        return list.files().stream().map(f -> Change.of(f, null, null, false, null)).toList();
    }

    /**
     * The summary of every page: {@code changes} when they are all of them, else the request's file list with its
     * filters but no page, a second pass over the range (a numstat, or GitHub's file list).
     */
    private static Summary summary(DiffRequest request, Pagination page, List<Change> changes) {
        if (page == null || page.showing() >= page.total()) {
            return Summary.of(changes);
        }
        DiffRequest.Shape shape = request.shape();
        DiffRequest all = request.withShape(new DiffRequest.Shape(new OutputShape(shape.output().filter(), null, 0),
                shape.contextLines(), false, shape.log(), shape.refetch()));
        return Summary.of(changes(Prdiff.files(all, n -> {})));
    }

    /** The envelope for a failed answer: the error's stable code and message. */
    public static DiffEnvelope failed(DiffRequest request, PrdiffException e, List<String> warnings) {
        return new DiffEnvelope(false, null, null, List.of(new Error(e.code().name(), e.getMessage())),
                List.copyOf(warnings), metadata(request));
    }

    private static Metadata metadata(DiffRequest request) {
        String repository = request == null ? null : request.fetch().repo() != null ? request.fetch().repo()
                : request.context().dirOrHere().toAbsolutePath().toString();
        return new Metadata(repository, TOOL_VERSION, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
