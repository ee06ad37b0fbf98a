package dev.prdiff.azure;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The pull request reads prdiff makes over the REST API (version 7.1): the pull request, its iterations, their changes. */
public final class AzurePullRequests {
    /** The service's largest page of iteration changes. */
    public static final int MAX_PAGE = 2000;
    /** A bound on pages, so an answer that never ends cannot keep prdiff asking. */
    static final int MAX_PAGES = 1000;
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private final AzureRest rest;

    public AzurePullRequests(AzureRest rest) {
        this.rest = rest;
    }

    public AzurePullRequest pullRequest(AzurePullRequestRef ref) {
        AzureErrors.Context what = new AzureErrors.Context(ref, null, "");
        JsonNode pr = rest.getJson(prUrl(ref) + "?api-version=" + AzureRest.API_VERSION, what);
        return new AzurePullRequest(ref, text(pr, "title"), text(pr, "status"), text(pr, "sourceRefName"),
                text(pr, "targetRefName"), commit(pr, "lastMergeSourceCommit", what), commit(pr, "lastMergeTargetCommit", what),
                commit(pr, "lastMergeCommit", what), text(pr.path("createdBy"), "displayName"),
                pr.path("isDraft").asBoolean(false), text(pr, "description"));
    }

    /** Every iteration, oldest first. */
    public List<AzureIteration> iterations(AzurePullRequestRef ref) {
        AzureErrors.Context what = new AzureErrors.Context(ref, null, "listing the iterations");
        JsonNode list = rest.getJson(prUrl(ref) + "/iterations?api-version=" + AzureRest.API_VERSION, what);
        List<AzureIteration> out = new ArrayList<>();
        for (JsonNode it : list.path("value")) {
            out.add(iteration(it, what));
        }
        out.sort(Comparator.comparingInt(AzureIteration::id));
        return out;
    }

    public AzureIteration iteration(AzurePullRequestRef ref, int id) {
        AzureErrors.Context what = new AzureErrors.Context(ref, id, "reading iteration " + id);
        return iteration(rest.getJson(prUrl(ref) + "/iterations/" + id + "?api-version=" + AzureRest.API_VERSION, what), what);
    }

    /**
     * The files iteration {@code id} changes against the pull request's target ({@code compareTo} 0), or against
     * iteration {@code compareTo}: every page, asked for {@code pageSize} at a time, following the answer's
     * nextSkip/nextTop or its x-ms-continuationtoken header.
     */
    public List<AzureChange> changes(AzurePullRequestRef ref, int id, int compareTo, int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE) {
            throw new IllegalArgumentException("page size " + pageSize);
        }
        AzureErrors.Context what = new AzureErrors.Context(ref, id, "listing the changes of iteration " + id);
        List<AzureChange> out = new ArrayList<>();
        int top = pageSize;
        int skip = 0;
        String continuation = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            StringBuilder url = new StringBuilder(prUrl(ref)).append("/iterations/").append(id).append("/changes?$top=")
                    .append(top).append("&$skip=").append(skip);
            if (compareTo > 0) {
                url.append("&$compareTo=").append(compareTo);
            }
            if (continuation != null) {
                url.append("&continuationToken=").append(URLEncoder.encode(continuation, StandardCharsets.UTF_8));
            }
            url.append("&api-version=").append(AzureRest.API_VERSION);
            AzureResponse r = rest.get(url.toString(), what);
            JsonNode body = rest.json(r, what);
            for (JsonNode c : body.path("changeEntries")) {
                AzureChange change = change(c);
                if (change != null) {
                    out.add(change);
                }
            }
            continuation = r.header("x-ms-continuationtoken");
            int nextSkip = body.path("nextSkip").asInt(0);
            int nextTop = body.path("nextTop").asInt(0);
            if (continuation == null && (nextSkip <= skip || nextTop <= 0)) {
                return out;
            }
            if (continuation == null) {
                skip = nextSkip;
                top = Math.min(nextTop, MAX_PAGE);
            }
        }
        throw new PrdiffException(ErrorCode.NETWORK_ERROR, what.describe() + ": Azure DevOps kept offering another"
                + " page after " + MAX_PAGES, Map.of(), null);
    }

    private String prUrl(AzurePullRequestRef ref) {
        return ref.repo().apiUrl() + "/pullRequests/" + ref.number();
    }

    private static AzureIteration iteration(JsonNode it, AzureErrors.Context what) {
        return new AzureIteration(it.path("id").asInt(), commit(it, "sourceRefCommit", what), commit(it, "targetRefCommit", what),
                commit(it, "commonRefCommit", what), text(it, "reason"), text(it.path("author"), "displayName"),
                text(it, "createdDate"));
    }

    /** A change entry; a bare "sourceRename" entry (the old side of a rename, listed again) is not a file of its own. */
    private static AzureChange change(JsonNode c) {
        String type = text(c, "changeType");
        JsonNode item = c.path("item");
        String path = stripSlash(text(item, "path"));
        if (type == null || path == null || type.equalsIgnoreCase("sourceRename") || item.path("isFolder").asBoolean(false)) {
            return null;
        }
        return new AzureChange(c.path("changeTrackingId").asInt(), type, path, stripSlash(text(c, "originalPath")),
                text(item, "objectId"), text(item, "originalObjectId"));
    }

    private static String stripSlash(String path) {
        return path != null && path.startsWith("/") ? path.substring(1) : path;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** {@code node.field.commitId}, checked to be a full object id: it reaches git as a refspec. */
    private static String commit(JsonNode node, String field, AzureErrors.Context what) {
        String id = text(node.path(field), "commitId");
        if (id != null && !SHA.matcher(id).matches()) {
            throw new PrdiffException(ErrorCode.PARSE_ERROR, what.describe() + ": Azure DevOps gave " + field
                    + " a commit id that is not one");
        }
        return id;
    }
}
