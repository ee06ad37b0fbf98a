package dev.prdiff.core;

/** Stable error codes shared by the CLI (stderr, exit 1) and the MCP server (isError results). */
public enum ErrorCode {
    INVALID_INPUT,
    NOT_A_REPOSITORY,
    SHA_NOT_FOUND,
    /** A revision that is no object id names no branch, tag or other ref; the message names the near ones. */
    REF_NOT_FOUND,
    AMBIGUOUS_SHA,
    TIMEOUT,
    GIT_FAILED,
    /** git needs an object the repository lacks: a partial clone's blob prdiff will not fetch, or damage. */
    OBJECTS_MISSING,
    PREREQUISITE,
    AUTH_ERROR,
    NOT_FOUND,
    /** prdiff show, get_file_at_sha: the commit has no file or folder at that path. */
    PATH_NOT_FOUND,
    /** With --strict: a selected path (--file, or a path after --) matches no changed file. */
    NO_MATCH,
    RATE_LIMIT,
    NETWORK_ERROR,
    /** A caller named a GitHub host the user never chose; gh is not run toward it. */
    UNTRUSTED_HOST,
    /** A work-tree mode in a repository nobody chose: its git directory lies inside another repository's work tree. */
    UNTRUSTED_REPOSITORY,
    CANCELLED,
    /** A git or gh answer that prdiff reads whole (not a diff, which streams) was larger than its stated limit. */
    OUTPUT_TOO_LARGE,
    PARSE_ERROR,
    INTERNAL_ERROR
}
