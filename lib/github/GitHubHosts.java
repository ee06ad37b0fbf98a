package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which GitHub hosts prdiff lets gh talk to. A host named by a caller (an MCP argument, a pull request URL, -R) is
 * used only when the user already chose it: it is the default host (GH_HOST, else github.com), the host of GH_REPO,
 * a host gh is logged in to (a top-level key of gh's hosts.yml), or the host of one of the clone's git remotes (not
 * of a git directory inside another repository's work tree: see {@link #ofRemotes}).
 * Anything else is UNTRUSTED_HOST before gh runs, because gh would send GH_ENTERPRISE_TOKEN (or, in some setups,
 * GH_TOKEN) to any host it is pointed at. hosts.yml is read rather than asking {@code gh auth status}, which would
 * itself contact the host with the environment's token and whose answer depends on those tokens.
 */
public final class GitHubHosts {
    public static final String GITHUB_COM = "github.com";
    /** A top-level key of gh's YAML: unindented, possibly quoted, possibly with a port ({@code ghe.example:8443:}). */
    private static final Pattern TOP_LEVEL_KEY = Pattern.compile("^(?:\"([^\"]+)\"|'([^']+)'|([^\\s#'\"][^\\s]*?)):\\s*(?:#.*)?$");
    private static final Pattern SCP_LIKE = Pattern.compile("(?:[^@/]+@)?([^:/]+):(?!//).*");

    private GitHubHosts() {}

    /** gh's default host: GH_HOST when the user set it, else github.com. */
    public static String defaultHost(Map<String, String> env) {
        String host = env.get("GH_HOST");
        return normalize(host == null || host.isEmpty() ? GITHUB_COM : host);
    }

    /** Fails with UNTRUSTED_HOST unless the user chose {@code host}; {@code remoteHosts} is asked only if needed. */
    public static void requireTrusted(String host, String where, Map<String, String> env, Supplier<Set<String>> remoteHosts) {
        String h = normalize(host);
        if (h.equals(defaultHost(env)) || h.equals(repoHost(env.get("GH_REPO"))) || loggedIn(env).contains(h)
                || remoteHosts.get().contains(h)) {
            return;
        }
        throw new PrdiffException(ErrorCode.UNTRUSTED_HOST, where + " names the GitHub host " + host
                + ", which is not the default host (" + defaultHost(env) + "), a host gh is logged in to, or the host"
                + " of the clone's git remotes; prdiff does not send credentials to it. If you trust it, run"
                + " 'gh auth login --hostname " + host + "' or set GH_HOST=" + host);
    }

    /** The hosts in gh's hosts.yml (GH_CONFIG_DIR, else XDG_CONFIG_HOME/gh, else ~/.config/gh); none if unreadable. */
    static Set<String> loggedIn(Map<String, String> env) {
        Set<String> hosts = new LinkedHashSet<>();
        Path file = configDir(env).resolve("hosts.yml");
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Matcher m = TOP_LEVEL_KEY.matcher(line);
                if (m.matches()) {
                    String key = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                    hosts.add(normalize(key.strip()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no file, or not readable: gh is logged in nowhere that prdiff can see
        }
        return hosts;
    }

    static Path configDir(Map<String, String> env) {
        if (nonEmpty(env.get("GH_CONFIG_DIR"))) {
            return Path.of(env.get("GH_CONFIG_DIR"));
        }
        if (nonEmpty(env.get("XDG_CONFIG_HOME"))) {
            return Path.of(env.get("XDG_CONFIG_HOME"), "gh");
        }
        return Path.of(nonEmpty(env.get("HOME")) ? env.get("HOME") : System.getProperty("user.home"), ".config", "gh");
    }

    /** The host of a git remote URL ({@code https://H[:P]/...}, {@code ssh://u@H/...}, {@code u@H:path}), or null. */
    public static String remoteHost(String url) {
        try {
            if (url.contains("://")) {
                URI uri = URI.create(url);
                if (uri.getHost() == null) {
                    return null;
                }
                boolean web = "https".equalsIgnoreCase(uri.getScheme()) || "http".equalsIgnoreCase(uri.getScheme());
                return normalize(web && uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost());
            }
            Matcher m = SCP_LIKE.matcher(url);
            return m.matches() ? normalize(m.group(1)) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The hosts of a clone's git remotes; none for a git directory inside another repository's work tree (bare or
     * not), which a commit can put there with remotes of its own: its remotes are nobody's choice.
     */
    public static Set<String> ofRemotes(Git git) {
        Set<String> hosts = new LinkedHashSet<>();
        if (git.enclosingWorkTree() != null) {
            return hosts;
        }
        var config = git.repositoryRaw(List.of("config", "--get-regexp", "^remote\\..*\\.url$"));
        for (String line : config.text().split("\n")) {
            int space = line.indexOf(' ');
            String host = space < 0 ? null : remoteHost(line.substring(space + 1));
            if (host != null) {
                hosts.add(host);
            }
        }
        return hosts;
    }

    /** Lower case, without a default port, as hosts are compared. */
    public static String normalize(String host) {
        return host.toLowerCase(Locale.ROOT).replaceFirst(":443$", "");
    }

    private static String repoHost(String ghRepo) {
        if (ghRepo == null) {
            return null;
        }
        String[] parts = ghRepo.split("/");
        return parts.length == 3 ? normalize(parts[0]) : null;
    }

    private static boolean nonEmpty(String s) {
        return s != null && !s.isEmpty();
    }
}
