package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.prdiff.core.FileEntry;
import dev.prdiff.core.FileList;
import dev.prdiff.core.Json;
import dev.prdiff.core.Pagination;
import dev.prdiff.shape.OutputShape;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A file list's answer (get_changed_files, and get_pull_request_diff's files_only): the FileList JSON once, as the
 * text; structuredContent says the rest without the files, since the text holds them. 786 files were once 74,551
 * bytes sent twice. The whole result is at most max_bytes: a longer list is a page of it, and a second text block
 * says which files it shows and the skip of the next page, so that the first block stays the JSON.
 */
final class FileListAnswer {
    private FileListAnswer() {}

    /** get_changed_files: structuredContent is the list without its files (range, SHAs, pagination). */
    static ObjectNode of(FileList list, int skip, List<String> notices, long max) {
        return of(list, skip, notices, max, (page, said) -> {
            ObjectNode bare = Json.tree(page);
            bare.remove("files");
            return bare;
        });
    }

    /**
     * {@code list} (one page of it when over {@code max} bytes) from {@code skip} on, with {@code notices};
     * {@code beside} makes the structuredContent of the page the text shows with the page's notices, without files.
     */
    static ObjectNode of(FileList list, int skip, List<String> notices, long max,
            BiFunction<FileList, List<String>, ObjectNode> beside) {
        List<FileEntry> files = list.files();
        Pagination was = list.pagination();
        int total = was != null ? was.total() : files.size();
        int from = was != null ? Math.min(skip, total) : 0;
        // What every page spends besides its files: counted with the page's numbers at their longest.
        Pagination longest = new Pagination(Integer.MAX_VALUE, Integer.MAX_VALUE, true, Integer.MAX_VALUE);
        long used = bytes(result(list.with(List.of(), longest), notices(notices, longest),
                guidance(Integer.MAX_VALUE, Integer.MAX_VALUE, longest, " (max_bytes " + max + ")"), beside));
        int n = 0;
        for (FileEntry f : files) {
            used += asString(f) + 1;
            if (used > max) {
                break;
            }
            n++;
        }
        // One file at the least, so that next_skip always moves on.
        n = Math.max(n, Math.min(1, files.size()));
        if (n == files.size()) {
            String line = was != null && was.hasMore() ? guidance(from, was.showing(), was, "") : null;
            return AnswerFit.within(result(list, notices, line, beside), max);
        }
        Pagination page = new Pagination(total, n, true, from + n);
        return AnswerFit.within(result(list.with(files.subList(0, n), page), notices(notices, page),
                guidance(from, n, page, " (max_bytes " + max + ")"), beside), max);
    }

    private static ObjectNode result(FileList list, List<String> notices, String guidance,
            BiFunction<FileList, List<String>, ObjectNode> beside) {
        ObjectNode result = ToolResults.text(Json.write(list));
        if (guidance != null) {
            ObjectNode block = ((com.fasterxml.jackson.databind.node.ArrayNode) result.get("content")).addObject();
            block.put("type", "text");
            block.put("text", guidance);
        }
        result.set("structuredContent", beside.apply(list, notices));
        return ToolResults.withNotices(result, notices);
    }

    /** The notices with the page's own in place of the one top and skip made. */
    private static List<String> notices(List<String> notices, Pagination page) {
        List<String> out = new ArrayList<>();
        for (String n : notices) {
            if (!n.startsWith("pagination: ")) {
                out.add(n);
            }
        }
        out.add(OutputShape.pageNotice(page));
        return out;
    }

    /** The line after the list: the files shown, what ended the page ({@code why}) and the skip of the next page. */
    private static String guidance(int from, int shown, Pagination page, String why) {
        return TextGuidance.PREFIX + "files " + (from + 1) + " to " + (from + shown) + " of " + page.total()
                + " shown" + why + "; next page: the same call with skip " + page.nextSkip() + "\n";
    }

    /** The bytes of {@code value}'s JSON inside the text, a JSON string: its quotes and backslashes escaped. */
    private static long asString(Object value) {
        return Json.write(TextNode.valueOf(Json.write(value))).getBytes(StandardCharsets.UTF_8).length - 2;
    }

    private static long bytes(Object value) {
        return AnswerFit.bytes(value);
    }
}
