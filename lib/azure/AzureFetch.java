package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Brings an iteration's source and target commits into the local object store without touching HEAD, the index or
 * the work tree, under {@code refs/prdiff/azure/N/I/}: by commit id first, and where the server will not serve an
 * id, through {@code refs/pull/N/merge} and the pull request's branches. git reads none of the clone's config (see
 * {@link Git#fetch}); the URL is the repository's https clone URL on a trusted host; the token reaches git only
 * through the environment of a credential helper of prdiff's own, which hands it over for that host alone.
 */
public final class AzureFetch {
    /** How the commits came: by their ids, or through refs/pull/N/merge and the branches. */
    public enum Via {
        COMMIT_IDS("by commit id"),
        PULL_MERGE_AND_BRANCHES("through refs/pull/N/merge and the source branch, since the server serves no commit by id");

        private final String words;

        Via(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    public record Fetched(String source, String target, Via via) {}

    static final String SECRET_VARIABLE = "PRDIFF_AZURE_GIT_SECRET";
    static final String HOST_VARIABLE = "PRDIFF_AZURE_GIT_HOST";
    /**
     * git runs a "!" helper with sh (as it does gh's): it answers "get" for https on the one host with the secret
     * from its environment, and ignores "store" and "erase". The secret is never in the helper's text.
     */
    static final String HELPER = "!f() { test \"$1\" = get || exit 0; p=; h=; while IFS= read -r l; do case \"$l\" in"
            + " protocol=*) p=${l#protocol=};; host=*) h=${l#host=};; esac; done;"
            + " test \"$p\" = https && test -n \"$h\" && test \"$h\" = \"$" + HOST_VARIABLE + "\" &&"
            + " printf 'username=prdiff\\npassword=%s\\n' \"$" + SECRET_VARIABLE + "\"; }; f";

    private AzureFetch() {}

    public static String sourceRef(long number, int iteration) {
        return "refs/prdiff/azure/" + number + "/" + iteration + "/source";
    }

    public static String targetRef(long number, int iteration) {
        return "refs/prdiff/azure/" + number + "/" + iteration + "/target";
    }

    public static Fetched fetch(Git git, AzureRest rest, AzurePullRequest pr, AzureIteration it) {
        AzureRepo repo = pr.ref().repo();
        rest.hosts().requireTrusted(repo.host(), "the pull request");
        long n = pr.ref().number();
        String url = rest.tls().connectUrl(repo.cloneUrl(), repo.host());
        List<String> config = new ArrayList<>(List.of("credential.helper=", "http.followRedirects=false"));
        config.addAll(rest.tls().gitConfig());
        Map<String, String> env = new HashMap<>();
        Optional<AzureToken> token = rest.credentials().token();
        if (token.isPresent()) {
            config.add("credential.helper=" + HELPER);
            env.put(SECRET_VARIABLE, token.get().password());
            env.put(HOST_VARIABLE, rest.tls().connectHost(repo.host()));
        }
        try {
            git.fetch(url, config, List.of("+" + it.sourceCommit() + ":" + sourceRef(n, it.id()),
                    "+" + it.targetCommit() + ":" + targetRef(n, it.id())), env);
            return new Fetched(it.sourceCommit(), it.targetCommit(), Via.COMMIT_IDS);
        } catch (PrdiffException byId) {
            PrdiffException refused = refusal(byId, pr);
            if (refused != null) {
                throw refused;
            }
        }
        List<String> refspecs = new ArrayList<>(List.of("+refs/pull/" + n + "/merge:refs/prdiff/azure/" + n + "/merge",
                "+" + branch(pr.sourceRefName()) + ":refs/prdiff/azure/" + n + "/source-branch"));
        if (pr.targetRefName() != null) {
            refspecs.add("+" + branch(pr.targetRefName()) + ":refs/prdiff/azure/" + n + "/target-branch");
        }
        try {
            git.fetch(url, config, refspecs, env);
        } catch (PrdiffException e) {
            PrdiffException refused = refusal(e, pr);
            throw refused != null ? refused : e;
        }
        if (!git.hasCommits(it.sourceCommit(), it.targetCommit())) {
            throw new PrdiffException(ErrorCode.SHA_NOT_FOUND, "Azure DevOps serves no commit by id, and neither"
                    + " refs/pull/" + n + "/merge nor the branches reach iteration " + it.id() + "'s commits (source "
                    + it.sourceCommit() + ", target " + it.targetCommit() + "); a later push may have replaced them");
        }
        for (String[] ref : List.of(new String[] {sourceRef(n, it.id()), it.sourceCommit()},
                new String[] {targetRef(n, it.id()), it.targetCommit()})) {
            var set = git.repositoryRaw(List.of("update-ref", "-m", "prdiff: azure iteration", ref[0], ref[1]));
            if (!set.ok()) {
                throw new PrdiffException(ErrorCode.GIT_FAILED, "git update-ref " + ref[0] + " failed: " + set.stderr().strip());
            }
        }
        return new Fetched(it.sourceCommit(), it.targetCommit(), Via.PULL_MERGE_AND_BRANCHES);
    }

    /** A failed fetch that no other refspec would mend: the credentials, or a repository that is not there. */
    private static PrdiffException refusal(PrdiffException e, AzurePullRequest pr) {
        if (e.code() != ErrorCode.GIT_FAILED) {
            return e;
        }
        String text = e.getMessage().toLowerCase(Locale.ROOT);
        if (text.contains("authentication failed") || text.contains("could not read username")
                || text.contains("could not read password") || text.contains(" 401") || text.contains(" 403")) {
            return new PrdiffException(ErrorCode.AUTH_ERROR, "git could not fetch " + pr.ref().repo().display()
                    + ": Azure DevOps refused the credentials; " + AzureCredentials.HINT, e);
        }
        if (text.contains("repository not found") || text.contains("not found")) {
            return new PrdiffException(ErrorCode.NOT_FOUND, "git could not fetch " + pr.ref().repo().display()
                    + ": " + e.getMessage(), e);
        }
        return null;
    }

    /** A full branch ref as Azure names it; anything that could smuggle a second refspec in is refused. */
    static String branch(String ref) {
        if (ref == null || !ref.startsWith("refs/heads/") || !ref.matches("[^\\x00-\\x20\\x7f~^:?*\\[\\\\]+")
                || ref.contains("..") || ref.contains("@{") || ref.endsWith(".lock") || ref.endsWith("/")
                || ref.endsWith(".")) {
            throw new PrdiffException(ErrorCode.PARSE_ERROR, "Azure DevOps gave a branch name git cannot use: '"
                    + String.valueOf(ref).replaceAll("[\\x00-\\x1f\\x7f]", "?") + "'");
        }
        return ref;
    }
}
