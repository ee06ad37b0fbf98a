package dev.prdiff.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One page of changed files: {@code total} files (after any filter), {@code showing} of them on this page;
 * {@code next_skip} is the --skip (skip) of the next page, absent on the last one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"total", "showing", "has_more", "next_skip"})
public record Pagination(
        int total,
        int showing,
        @JsonProperty("has_more") boolean hasMore,
        @JsonProperty("next_skip") Integer nextSkip) {

    /** The page that shows files {@code skip} to {@code skip + top - 1} (all the rest when top is null) of {@code total}. */
    public static Pagination of(int total, Integer top, int skip) {
        int from = Math.min(skip, total);
        int to = top == null ? total : (int) Math.min((long) from + top, total);
        boolean more = to < total;
        return new Pagination(total, to - from, more, more ? to : null);
    }
}
