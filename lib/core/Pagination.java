package dev.prdiff.core;

/**
 * One page of changed files: {@code total} files (after any filter), {@code showing} of them on this page;
 * {@code next_skip} is the --skip (skip) of the next page, absent on the last one.
 */
public record Pagination(
        int total,
        int showing,
        boolean hasMore,
        Integer nextSkip) implements JsonValue {

    /** The page that shows files {@code skip} to {@code skip + top - 1} (all the rest when top is null) of {@code total}. */
    public static Pagination of(int total, Integer top, int skip) {
        int from = Math.min(skip, total);
        int to = top == null ? total : (int) Math.min((long) from + top, total);
        boolean more = to < total;
        return new Pagination(total, to - from, more, more ? to : null);
    }

    @Override
    public void writeJson(JsonText out) {
        out.field("total", total).field("showing", showing).field("has_more", hasMore).present("next_skip", nextSkip);
    }
}
