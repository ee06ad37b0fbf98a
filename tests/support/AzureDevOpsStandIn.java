package support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * An Azure DevOps Server on loopback over HTTPS ({@link LoopbackTls}): the REST API 7.1 for pull requests, their
 * iterations and iteration changes, answering JSON shaped as the service documents it (GitPullRequest,
 * GitPullRequestIteration, GitPullRequestIterationChanges, and its error body with message and typeKey), and git's
 * smart HTTP for the repository through the real {@code git http-backend}. Its one repository is
 * {@code https://127.0.0.1:PORT/Coll/My Project/_git/web}, a bare repository tests push to as a local path.
 * Credentials are checked as Azure checks them: a REST call without any gets the sign-in page (203, HTML), a wrong one
 * 401; git gets 401 with a Basic challenge. Every request is recorded with the Authorization header it carried.
 */
public final class AzureDevOpsStandIn implements AutoCloseable {
    public static final String COLLECTION = "Coll";
    public static final String PROJECT = "My Project";
    public static final String REPO = "web";

    public record Seen(String method, String path, String query, String authorization, int status) {}

    public record Iteration(int id, String source, String target, String common, String reason) {}

    private static final class PullRequest {
        final int number;
        final String title;
        final String sourceBranch;
        final String targetBranch;
        final List<Iteration> iterations = new CopyOnWriteArrayList<>();
        volatile String mergeCommit;

        PullRequest(int number, String title, String sourceBranch, String targetBranch) {
            this.number = number;
            this.title = title;
            this.sourceBranch = sourceBranch;
            this.targetBranch = targetBranch;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final LoopbackTls tls;
    private final Path root;
    private final Path bare;
    private final HttpsServer server;
    private final ExecutorService workers;
    private final Map<Integer, PullRequest> pulls = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedDeque<Reply> nextRest = new ConcurrentLinkedDeque<>();
    private volatile String token;
    private volatile boolean continuationPaging;
    private volatile GitHttpBackend git;

    private AzureDevOpsStandIn() throws IOException {
        tls = LoopbackTls.create();
        root = TempDirs.create("prdiff-azure-");
        Files.createDirectories(root.resolve("repos"));
        bare = root.resolve("repos").resolve(REPO + ".git");
        NeutralGit.run(root, "init", "-q", "--bare", "-b", "main", bare.toString());
        git = new GitHttpBackend(root.resolve("repos"), true);
        workers = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "azure-stand-in");
            t.setDaemon(true);
            return t;
        });
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls.server()));
        server.setExecutor(workers);
        server.createContext("/", this::handle);
        server.start();
    }

    public static AzureDevOpsStandIn start() {
        try {
            return new AzureDevOpsStandIn();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public LoopbackTls tls() {
        return tls;
    }

    /** 127.0.0.1:PORT, as PRDIFF_AZURE_HOSTS lists it. */
    public String host() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    public Path bare() {
        return bare;
    }

    public String cloneUrl() {
        return "https://" + host() + "/" + COLLECTION + "/My%20Project/_git/" + REPO;
    }

    public String pullRequestUrl(int number) {
        return cloneUrl() + "/pullrequest/" + number;
    }

    /** The secret every request must carry (Basic with any user name, or Bearer); null lets anyone in. */
    public void requireToken(String secret) {
        token = secret;
    }

    /** Whether git may fetch any object by its id (the service's default here) or only what refs reach. */
    public void servesCommitsById(boolean yes) {
        git = new GitHttpBackend(root.resolve("repos"), yes);
    }

    /** Page iteration changes with an x-ms-continuationtoken header instead of nextSkip/nextTop. */
    public void pageByContinuationToken(boolean yes) {
        continuationPaging = yes;
    }

    /** The next REST request gets this reply instead (a fault: 429, 500, …). */
    public void replyNext(Reply reply) {
        nextRest.add(reply);
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    public void openPullRequest(int number, String title, String sourceBranch, String targetBranch) {
        pulls.put(number, new PullRequest(number, title, sourceBranch, targetBranch));
    }

    /** The two iterations of {@link #forcePushedPullRequest}. */
    public record TwoIterations(Iteration first, Iteration second) {}

    /**
     * Pull request 42 ("Add the app", feature into main) from {@code work}, in two iterations: the first adds
     * src/app.txt (and whatever {@code alsoInFirstTry} writes), then a force-push replaces it with another
     * src/app.txt and the rename of src/old.txt to src/new.txt. {@code work} is left on feature at the second.
     */
    public TwoIterations forcePushedPullRequest(TempRepo work, Consumer<TempRepo> alsoInFirstTry) {
        work.write("README.md", "hello\n").write("src/old.txt", "one\ntwo\nthree\nfour\nfive\n").commit("base");
        work.checkout("-b", "feature");
        work.write("src/app.txt", "first try\n");
        alsoInFirstTry.accept(work);
        work.commit("first try");
        work.git("push", "-q", bare.toString(), "main", "+feature");
        openPullRequest(42, "Add the app", "feature", "main");
        Iteration first = pushIteration(42, "create");
        work.git("reset", "-q", "--hard", "main");
        work.move("src/old.txt", "src/new.txt").write("src/app.txt", "second try\n").commit("second try");
        work.git("push", "-q", bare.toString(), "+feature");
        return new TwoIterations(first, pushIteration(42, "forcePush"));
    }

    /**
     * Records a new iteration from the branches' tips in the bare repository (push there first), and makes
     * refs/pull/N/merge the merge of source into target, as Azure does after each push.
     */
    public Iteration pushIteration(int number, String reason) {
        PullRequest pr = pulls.get(number);
        String source = NeutralGit.text(bare, "rev-parse", "refs/heads/" + pr.sourceBranch);
        String target = NeutralGit.text(bare, "rev-parse", "refs/heads/" + pr.targetBranch);
        String common = NeutralGit.text(bare, "merge-base", target, source);
        Iteration it = new Iteration(pr.iterations.size() + 1, source, target, common, reason);
        pr.iterations.add(it);
        Proc.Result tree = Proc.attempt(NeutralGit.argv("merge-tree", "--write-tree", target, source), bare,
                NeutralGit.env(), null, NeutralGit.TIMEOUT);
        String treeId = tree.out().lines().findFirst().orElseThrow();
        String merge = NeutralGit.text(bare, "-c", "user.name=Azure DevOps", "-c", "user.email=ado@example.invalid",
                "commit-tree", treeId, "-p", target, "-p", source, "-m", "Merge pull request " + number);
        NeutralGit.run(bare, "update-ref", "refs/pull/" + number + "/merge", merge);
        pr.mergeCommit = merge;
        return it;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            String query = exchange.getRequestURI().getRawQuery();
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            List<String> segments = new ArrayList<>();
            for (String s : path.split("/")) {
                if (!s.isEmpty()) {
                    segments.add(s);
                }
            }
            Reply reply = route(exchange, segments, query, authorization, body);
            seen.add(new Seen(exchange.getRequestMethod(), path, query, authorization, reply.status()));
            reply.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            // "Connection: close": on a kept-alive connection the headers and the body go out as two small
            // writes, and the second waits for the client's delayed ACK of the first (Nagle): ~40 ms a request.
            exchange.getResponseHeaders().set("Connection", "close");
            exchange.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply.body());
            }
        } catch (RuntimeException e) {
            e.printStackTrace();
            throw e;
        }
    }

    private Reply route(HttpExchange exchange, List<String> s, String query, String authorization, byte[] body) {
        if (s.size() >= 4 && s.get(0).equals(COLLECTION) && s.get(2).equals("_git")) {
            if (!authorized(authorization)) {
                return Reply.text(401, "text/plain", "TF400813: not authorized".getBytes(StandardCharsets.UTF_8))
                        .with("WWW-Authenticate", "Basic realm=\"https://" + host() + "/\"");
            }
            if (!s.get(1).equals(PROJECT) || !s.get(3).equals(REPO)) {
                return Reply.text(404, "text/plain", "TF401019: repository not found".getBytes(StandardCharsets.UTF_8));
            }
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            String rest = "/" + String.join("/", s.subList(4, s.size()));
            return git.serve(exchange.getRequestMethod(), "/" + REPO + ".git" + rest, query, headers, body);
        }
        if (s.size() < 3 || !s.get(0).equals(COLLECTION) || !s.get(2).equals("_apis")) {
            return error(404, "TF400898: An Internal Error Occurred.", "NotFoundException");
        }
        if (authorization == null && token != null) {
            return Reply.text(203, "text/html; charset=utf-8",
                    "<html><head><title>Azure DevOps Services | Sign In</title></head></html>".getBytes(StandardCharsets.UTF_8));
        }
        if (!authorized(authorization)) {
            return Reply.text(401, "text/html", "<html>Access Denied: The Personal Access Token used has expired.</html>"
                    .getBytes(StandardCharsets.UTF_8)).with("WWW-Authenticate", "Bearer, Basic realm=\"https://" + host() + "/\"");
        }
        Reply fault = nextRest.poll();
        if (fault != null) {
            return fault;
        }
        Map<String, String> params = params(query);
        if (!"7.1".equals(params.get("api-version"))) {
            return error(400, "VS800006: No api-version was supplied for the GET request.", "VssVersionNotSpecifiedException");
        }
        if (!s.get(1).equals(PROJECT)) {
            return error(404, "TF200016: The following project does not exist: " + s.get(1)
                    + ". Verify that the name of the project is correct and that the project exists on the specified"
                    + " Azure DevOps Server.", "ProjectDoesNotExistWithNameException");
        }
        // _apis/git/repositories/{repo}/pullRequests/{id}[/iterations[/{n}[/changes]]]
        if (s.size() < 8 || !s.get(3).equals("git") || !s.get(4).equals("repositories")
                || !s.get(6).equalsIgnoreCase("pullRequests")) {
            return error(404, "TF400898: An Internal Error Occurred.", "NotFoundException");
        }
        if (!s.get(5).equals(REPO)) {
            return error(404, "TF401019: The Git repository with name or identifier " + s.get(5)
                    + " does not exist or you do not have permissions for the operation you are attempting.",
                    "GitRepositoryNotFoundException");
        }
        PullRequest pr = s.get(7).matches("[0-9]{1,9}") ? pulls.get(Integer.parseInt(s.get(7))) : null;
        if (pr == null) {
            return error(404, "TF401180: The requested pull request was not found.", "GitPullRequestNotFoundException");
        }
        if (s.size() == 8) {
            return json(200, pullRequest(pr));
        }
        if (!s.get(8).equals("iterations")) {
            return error(404, "TF400898: An Internal Error Occurred.", "NotFoundException");
        }
        if (s.size() == 9) {
            ArrayNode value = JSON.createArrayNode();
            pr.iterations.forEach(it -> value.add(iteration(it)));
            ObjectNode list = JSON.createObjectNode();
            list.set("value", value);
            list.put("count", value.size());
            return json(200, list);
        }
        Iteration it = s.get(9).matches("[0-9]{1,9}") ? find(pr, Integer.parseInt(s.get(9))) : null;
        if (it == null) {
            return error(404, "TF401174: The iteration " + s.get(9) + " of pull request " + pr.number
                    + " could not be found.", "GitPullRequestIterationNotFoundException");
        }
        if (s.size() == 10) {
            return json(200, iteration(it));
        }
        if (s.size() == 11 && s.get(10).equals("changes")) {
            return changes(pr, it, params);
        }
        return error(404, "TF400898: An Internal Error Occurred.", "NotFoundException");
    }

    private boolean authorized(String authorization) {
        if (token == null) {
            return true;
        }
        if (authorization == null) {
            return false;
        }
        if (authorization.startsWith("Bearer ")) {
            return authorization.substring(7).equals(token);
        }
        if (authorization.startsWith("Basic ")) {
            String pair = new String(Base64.getDecoder().decode(authorization.substring(6)), StandardCharsets.UTF_8);
            return pair.substring(pair.indexOf(':') + 1).equals(token);
        }
        return false;
    }

    private static Iteration find(PullRequest pr, int id) {
        return pr.iterations.stream().filter(i -> i.id() == id).findFirst().orElse(null);
    }

    private Reply changes(PullRequest pr, Iteration it, Map<String, String> params) {
        int top = Math.min(Integer.parseInt(params.getOrDefault("$top", "100")), 2000);
        int skip = Integer.parseInt(params.getOrDefault("$skip", "0"));
        if (continuationPaging && params.containsKey("continuationToken")) {
            skip = Integer.parseInt(new String(Base64.getDecoder().decode(params.get("continuationToken")), StandardCharsets.UTF_8));
        }
        int compareTo = Integer.parseInt(params.getOrDefault("$compareTo", "0"));
        String base = compareTo > 0 ? find(pr, compareTo).source() : it.common();
        List<ObjectNode> all = rawChanges(base, it.source());
        List<ObjectNode> page = all.subList(Math.min(skip, all.size()), Math.min(skip + top, all.size()));
        ObjectNode body = JSON.createObjectNode();
        ArrayNode entries = body.putArray("changeEntries");
        page.forEach(entries::add);
        boolean more = skip + top < all.size();
        Reply reply;
        if (continuationPaging) {
            body.put("nextSkip", 0);
            body.put("nextTop", 0);
            reply = json(200, body);
            if (more) {
                reply = reply.with("x-ms-continuationtoken", Base64.getEncoder().encodeToString(
                        String.valueOf(skip + top).getBytes(StandardCharsets.UTF_8)));
            }
        } else {
            body.put("nextSkip", more ? skip + top : 0);
            body.put("nextTop", more ? top : 0);
            reply = json(200, body);
        }
        return reply;
    }

    /** GitPullRequestChange entries for git's own raw diff of the two commits, renames found as git finds them. */
    private List<ObjectNode> rawChanges(String base, String source) {
        byte[] raw = NeutralGit.run(bare, "diff-tree", "-r", "-M", "-z", "--raw", "--no-abbrev", base, source);
        String[] f = new String(raw, StandardCharsets.UTF_8).split("\0");
        List<ObjectNode> out = new ArrayList<>();
        for (int i = 0; i + 1 < f.length; ) {
            String[] meta = f[i].substring(1).split(" ");
            String status = meta[4];
            String oldId = meta[2];
            String newId = meta[3];
            ObjectNode change = JSON.createObjectNode();
            int n = out.size() + 1;
            change.put("changeTrackingId", n);
            change.put("changeId", n);
            ObjectNode item = change.putObject("item");
            String path;
            if (status.startsWith("R")) {
                String from = f[i + 1];
                path = f[i + 2];
                i += 3;
                change.put("changeType", status.equals("R100") ? "rename" : "edit, rename");
                change.put("originalPath", "/" + from);
            } else {
                path = f[i + 1];
                i += 2;
                change.put("changeType", switch (status.charAt(0)) {
                    case 'A' -> "add";
                    case 'D' -> "delete";
                    default -> "edit";
                });
            }
            if (!status.startsWith("D")) {
                item.put("objectId", newId);
            }
            if (!status.startsWith("A")) {
                item.put("originalObjectId", oldId);
            }
            item.put("path", "/" + path);
            item.put("url", "https://" + host() + "/" + COLLECTION + "/_apis/git/repositories/" + REPO + "/items?path=/" + path);
            out.add(change);
        }
        return out;
    }

    private ObjectNode pullRequest(PullRequest pr) {
        Iteration last = pr.iterations.get(pr.iterations.size() - 1);
        ObjectNode n = JSON.createObjectNode();
        ObjectNode repo = n.putObject("repository");
        repo.put("id", "5febef5a-833d-4e14-b9c0-14cb638f91e6");
        repo.put("name", REPO);
        repo.putObject("project").put("name", PROJECT);
        n.put("pullRequestId", pr.number);
        n.put("codeReviewId", pr.number);
        n.put("status", "active");
        n.putObject("createdBy").put("displayName", "Jane Developer");
        n.put("creationDate", "2026-01-01T00:00:00Z");
        n.put("title", pr.title);
        n.put("sourceRefName", "refs/heads/" + pr.sourceBranch);
        n.put("targetRefName", "refs/heads/" + pr.targetBranch);
        n.put("mergeStatus", "succeeded");
        n.put("isDraft", false);
        n.put("description", "Review " + pr.title);
        n.putObject("lastMergeSourceCommit").put("commitId", last.source());
        n.putObject("lastMergeTargetCommit").put("commitId", last.target());
        n.putObject("lastMergeCommit").put("commitId", pr.mergeCommit);
        n.putArray("reviewers");
        n.put("url", "https://" + host() + "/" + COLLECTION + "/_apis/git/repositories/" + REPO + "/pullRequests/" + pr.number);
        n.put("supportsIterations", true);
        return n;
    }

    private static ObjectNode iteration(Iteration it) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", it.id());
        n.put("description", "iteration " + it.id());
        n.putObject("author").put("displayName", "Jane Developer");
        n.put("createdDate", "2026-01-0" + Math.min(9, it.id()) + "T00:00:00Z");
        n.put("updatedDate", "2026-01-0" + Math.min(9, it.id()) + "T00:00:00Z");
        n.putObject("sourceRefCommit").put("commitId", it.source());
        n.putObject("targetRefCommit").put("commitId", it.target());
        n.putObject("commonRefCommit").put("commitId", it.common());
        n.put("hasMoreCommits", false);
        n.put("reason", it.reason());
        return n;
    }

    private static Reply json(int status, Object body) {
        try {
            return Reply.text(status, "application/json; charset=utf-8; api-version=7.1", JSON.writeValueAsBytes(body));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Azure DevOps' error body. */
    private static Reply error(int status, String message, String typeKey) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("$id", "1");
        body.put("innerException", null);
        body.put("message", message);
        body.put("typeName", "Microsoft.TeamFoundation." + typeKey + ", Microsoft.TeamFoundation");
        body.put("typeKey", typeKey);
        body.put("errorCode", 0);
        body.put("eventId", 3000);
        return json(status, body);
    }

    private static Map<String, String> params(String rawQuery) {
        Map<String, String> out = new HashMap<>();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&")) {
                int eq = pair.indexOf('=');
                String k = java.net.URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String v = eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                out.put(k, v);
            }
        }
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
        TempRepo.deleteTree(root);
        tls.close();
    }
}
