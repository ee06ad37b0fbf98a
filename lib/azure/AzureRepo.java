package dev.prdiff.azure;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One Azure Repos repository: its https host (with a port when not 443), the collection path before the project
 * (the organization on dev.azure.com, nothing on ORG.visualstudio.com, a server's collection such as
 * {@code tfs/DefaultCollection}), the project and the repository, each as decoded names.
 */
public record AzureRepo(String host, List<String> collection, String project, String name) {
    public AzureRepo {
        collection = List.copyOf(collection);
    }

    /** The organization (dev.azure.com, visualstudio.com) or the last segment of the server's collection. */
    public String organization() {
        if (host.endsWith(".visualstudio.com")) {
            return host.substring(0, host.indexOf('.'));
        }
        return collection.isEmpty() ? "" : collection.get(collection.size() - 1);
    }

    /** {@code https://HOST/COLLECTION/PROJECT}, every segment percent-encoded. */
    public String projectUrl() {
        List<String> segments = new ArrayList<>(collection);
        segments.add(project);
        StringBuilder url = new StringBuilder("https://").append(host);
        for (String s : segments) {
            url.append('/').append(encode(s));
        }
        return url.toString();
    }

    /** The REST root of the repository's git API. */
    public String apiUrl() {
        return projectUrl() + "/_apis/git/repositories/" + encode(name);
    }

    /** Where git fetches the repository over https. */
    public String cloneUrl() {
        return projectUrl() + "/_git/" + encode(name);
    }

    public String pullRequestUrl(long number) {
        return cloneUrl() + "/pullrequest/" + number;
    }

    /** ORG/PROJECT/REPO (or COLLECTION/PROJECT/REPO), as a person names it. */
    public String display() {
        List<String> parts = new ArrayList<>(collection);
        if (collection.isEmpty()) {
            parts.add(organization());
        }
        parts.add(project);
        parts.add(name);
        return String.join("/", parts);
    }

    /** A path segment: spaces as %20, never '+', and '/' encoded. */
    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
