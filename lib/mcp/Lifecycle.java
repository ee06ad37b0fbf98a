package dev.prdiff.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.PrintStream;

import static dev.prdiff.mcp.McpServer.HANDSHAKE_VERSIONS;
import static dev.prdiff.mcp.McpServer.META_PROTOCOL_VERSION;
import static dev.prdiff.mcp.McpServer.STATELESS_VERSIONS;

/**
 * Which protocol version a request speaks, and the answers that describe the server. Handshake era: initialize
 * negotiates one version for the connection and must come before anything but ping. Stateless era: each request
 * names its version in params._meta, needs no initialize, and its result carries resultType.
 * Used from the reading thread only.
 */
final class Lifecycle {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /**
     * What the tools share, said once: the tool list (openapi.yaml) leaves it out of every tool's schema so that
     * the list stays small (McpToolListSizeTest).
     */
    private static final String INSTRUCTIONS = """
            Read-only, hermetic diffs. get_pull_request_diff for a GitHub or Azure DevOps pull request (sha pins its head; the \
            diff is then computed from git objects only); get_diff, get_commit_diff and get_changed_files for a \
            local repository; get_file_at_sha and grep_at_sha read a file or search at a commit. On a large \
            change call get_changed_files (or files_only) first, then ask for the files you need.
            Arguments the tools share:
            - repo_path: the local repository, used exactly (default: the server's directory). base, head, \
            since, hash and sha name commits: a SHA (hex digits are always an object id), a branch, a tag or \
            HEAD~1.
            - path, file: comma-separated paths or folders from the top of the repository. A name that is not \
            UTF-8 is shown in git's C-quoted form (with path_bytes_base64); pass that form back.
            - include, exclude: globs (* and ? stay in a folder, ** crosses folders, a glob without / matches \
            the name at any depth, a leading / anchors it at the top); exclude wins. status: only those change \
            types.
            - top, skip: a page of the changed files, after the filters; pagination gives total, has_more and \
            next_skip, the skip of the next page.
            - max_bytes (default 100000): the whole result's budget (text, structuredContent, _meta). Over it, \
            the text opens with a table of contents: the call that fetches a file left out (PATH for its path), \
            then one line per file; the smallest whole sections follow, in diff order, and the last line is \
            the call with the cursor that continues with the next ones; one file's section over it comes in \
            pages of its lines, each ending with the call for the next. max_lines: hunk lines per \
            file. no_binary and skip_generated (both default true) turn a binary patch, a lock file's or \
            generated file's hunks into one line with the call that shows them; false keeps them.
            - context_lines: git's -U (default 3). stat: git diff --stat instead of the diff. log: the \
            commits instead, as git log --first-parent lists them (path, top and skip choose them; not with \
            filters, stat or since). A diffstat or list of commits past max_bytes is cut at a line and says \
            the skip that continues. since: the interdiff from an earlier head (after a rebase the old changes \
            are replayed, so a rebase alone is empty).
            - json: the text is the DiffEnvelope JSON, each change with its diff (not with stat or log). \
            Without it get_diff and get_pull_request_diff give the envelope minus the diffs as \
            structuredContent.
            - line_numbers: old and new line numbers before each hunk line. format side_by_side: old | new \
            columns, width columns in all (default 160).
            A failure, arguments the schema refuses included, is a result with isError true whose text is JSON \
            {error_code, message}; INVALID_INPUT names the argument and what it allows.""";

    private final PrintStream log;
    private String negotiatedVersion;

    Lifecycle(PrintStream log) {
        this.log = log;
    }

    /** True for a stateless-era request; -32022 when its _meta names a version this server does not speak. */
    static boolean isStateless(ObjectNode params) {
        JsonNode version = params.path("_meta").get(META_PROTOCOL_VERSION);
        if (version == null) {
            return false;
        }
        if (!version.isTextual() || !STATELESS_VERSIONS.contains(version.asText())) {
            ObjectNode data = NODES.objectNode();
            ArrayNode supported = data.putArray("supported");
            STATELESS_VERSIONS.forEach(supported::add);
            data.set("requested", version);
            throw new RpcError(RpcError.UNSUPPORTED_PROTOCOL_VERSION, "unsupported protocol version " + version
                    + "; supported: " + STATELESS_VERSIONS + " per request, " + HANDSHAKE_VERSIONS + " via initialize",
                    data);
        }
        return true;
    }

    /** Answers the client's version when this server speaks it, else the newest one it does. */
    ObjectNode initialize(ObjectNode params) {
        if (negotiatedVersion != null) {
            throw new RpcError(RpcError.INVALID_REQUEST, "already initialized (protocol " + negotiatedVersion + ")");
        }
        JsonNode requested = params.get("protocolVersion");
        if (requested == null || !requested.isTextual()) {
            throw new RpcError(RpcError.INVALID_PARAMS, "initialize needs params.protocolVersion, a string");
        }
        String version = HANDSHAKE_VERSIONS.contains(requested.asText()) ? requested.asText() : HANDSHAKE_VERSIONS.get(0);
        negotiatedVersion = version;
        log.println("prdiff-mcp: initialized, protocol " + version + (version.equals(requested.asText()) ? ""
                : " (client asked for " + requested.asText() + ")"));
        ObjectNode result = NODES.objectNode();
        result.put("protocolVersion", version);
        result.set("capabilities", capabilities());
        result.set("serverInfo", serverInfo());
        result.put("instructions", INSTRUCTIONS);
        return result;
    }

    /** Only 2025-03-26 has JSON-RPC batches: 2024-11-05 never had them and 2025-06-18 removed them. */
    boolean batchesAllowed() {
        return "2025-03-26".equals(negotiatedVersion);
    }

    /**
     * outputSchema and structuredContent exist from 2025-06-18 on; a client that negotiated 2024-11-05 or
     * 2025-03-26 is shown neither. (Stateless-era versions are all later.)
     */
    boolean structuredOutput() {
        return negotiatedVersion != null && !"2024-11-05".equals(negotiatedVersion)
                && !"2025-03-26".equals(negotiatedVersion);
    }

    /** A handshake-era request other than ping needs initialize first. */
    void requireInitialized(String method) {
        if (negotiatedVersion == null && !"ping".equals(method)) {
            throw new RpcError(RpcError.INVALID_REQUEST, "not initialized: send initialize first"
                    + " (or name a protocol version in params._meta." + META_PROTOCOL_VERSION + ")");
        }
    }

    /** server/discover: the stateless era's replacement for initialize. */
    static ObjectNode discover() {
        ObjectNode result = NODES.objectNode();
        ArrayNode versions = result.putArray("supportedVersions");
        STATELESS_VERSIONS.forEach(versions::add);
        result.set("capabilities", capabilities());
        result.put("instructions", INSTRUCTIONS);
        cacheHints(result);
        result.putObject("_meta").set("io.modelcontextprotocol/serverInfo", serverInfo());
        return result;
    }

    /** The tool list is fixed for the life of the process and holds nothing user-specific. */
    static void cacheHints(ObjectNode result) {
        result.put("ttlMs", 3_600_000);
        result.put("cacheScope", "public");
    }

    /** A stateless-era result says it is complete; a handshake-era result is left as it is. */
    static ObjectNode forEra(ObjectNode result, boolean stateless) {
        if (stateless && !result.has("resultType")) {
            result.put("resultType", "complete");
        }
        return result;
    }

    /** Tools only, and the list never changes while the server runs. */
    private static ObjectNode capabilities() {
        ObjectNode capabilities = NODES.objectNode();
        capabilities.putObject("tools").put("listChanged", false);
        return capabilities;
    }

    private static ObjectNode serverInfo() {
        ObjectNode info = NODES.objectNode();
        info.put("name", McpServer.SERVER_NAME);
        info.put("title", "prdiff");
        info.put("version", McpServer.SERVER_VERSION);
        return info;
    }
}
