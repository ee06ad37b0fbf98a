package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Azure Repos names as people write them: pull request pages, git remote URLs (https and ssh), and an explicit
 * ORG/PROJECT/REPO. A URL on a host that is not Azure DevOps gives null (it is some other source's); an Azure URL
 * that is malformed is INVALID_INPUT. Azure DevOps Server URLs are recognised only on hosts the user configured.
 */
public final class AzureTargets {
    private static final Pattern SCP_SSH = Pattern.compile("(?:[^@/]+@)?([^:/]+):(.*)");
    private static final Pattern LOOSE_HOST = Pattern.compile("https?://(?:[^@/]*@)?([^/?#]+)");
    private static final long MAX_NUMBER = Integer.MAX_VALUE;
    /** Azure DevOps' rule for an organization's name: letters, digits and inner hyphens, at most 50. */
    private static final Pattern ORGANIZATION = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9-]{0,48}[A-Za-z0-9])?");

    private AzureTargets() {}

    /** {@code https://…/_git/REPO/pullrequest/N} on an Azure host, or null when the URL is not one. */
    public static AzurePullRequestRef pullRequestUrl(String url, AzureHosts hosts) {
        List<String> path = httpsPath(url, hosts);
        if (path == null) {
            return null;
        }
        int git = path.indexOf("_git");
        if (git < 0 || path.size() != git + 4 || !path.get(git + 2).equalsIgnoreCase("pullrequest")) {
            return null;
        }
        long number = number(path.get(git + 3), url);
        return new AzurePullRequestRef(repoOf(host(url), path.subList(0, git + 2), url), number);
    }

    /** The repository of a git remote URL (https or ssh), or null when it is not an Azure Repos remote. */
    public static AzureRepo remote(String url, AzureHosts hosts) {
        if (url.startsWith("http://")) {
            return null; // prdiff never reaches Azure DevOps over plain http
        }
        if (url.startsWith("https://")) {
            List<String> path = httpsPath(url, hosts);
            if (path == null) {
                return null;
            }
            int git = path.indexOf("_git");
            if (git < 0 || path.size() != git + 2) {
                return null;
            }
            return repoOf(host(url), path, url);
        }
        String sshHost;
        String sshPath;
        if (url.startsWith("ssh://")) {
            URI uri = uri(url);
            if (uri == null || uri.getHost() == null) {
                return null;
            }
            sshHost = uri.getHost().toLowerCase(Locale.ROOT);
            sshPath = uri.getRawPath();
        } else {
            Matcher m = SCP_SSH.matcher(url);
            if (!m.matches()) {
                return null;
            }
            sshHost = m.group(1).toLowerCase(Locale.ROOT);
            sshPath = m.group(2);
        }
        List<String> path = segments(sshPath, url);
        if (path.size() == 4 && path.get(0).equals("v3")) {
            // git@ssh.dev.azure.com:v3/ORG/PROJECT/REPO, ORG@vs-ssh.visualstudio.com:v3/ORG/PROJECT/REPO
            if (sshHost.equals("ssh.dev.azure.com")) {
                return checked(new AzureRepo(AzureHosts.DEV_AZURE_COM, List.of(path.get(1)), path.get(2), path.get(3)), url);
            }
            if (sshHost.equals("vs-ssh.visualstudio.com")) {
                return checked(new AzureRepo(path.get(1).toLowerCase(Locale.ROOT) + ".visualstudio.com", List.of(),
                        path.get(2), path.get(3)), url);
            }
            return null;
        }
        // ssh://ORG@ORG.visualstudio.com:22/DefaultCollection/PROJECT/_ssh/REPO (and without DefaultCollection)
        int ssh = path.indexOf("_ssh");
        if (sshHost.endsWith(".visualstudio.com") && AzureHosts.isService(sshHost) && ssh >= 1 && path.size() == ssh + 2) {
            List<String> named = new ArrayList<>(path.subList(0, ssh));
            named.add("_git");
            named.add(path.get(ssh + 1));
            return repoOf(sshHost, named, url);
        }
        return null;
    }

    /** ORG/PROJECT/REPO on dev.azure.com, as {@code --azure} takes it; each part may be percent-encoded. */
    public static AzureRepo explicit(String value) {
        String[] parts = value.split("/", -1);
        if (parts.length != 3) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "expected ORG/PROJECT/REPO, got '" + value + "'");
        }
        if (!ORGANIZATION.matcher(parts[0]).matches()) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "not an Azure DevOps organization in '" + value
                    + "': letters, digits and inner hyphens, at most 50");
        }
        return checked(new AzureRepo(AzureHosts.DEV_AZURE_COM, List.of(decode(parts[0], value)),
                decode(parts[1], value), decode(parts[2], value)), value);
    }

    /**
     * What {@code --azure} takes: ORG/PROJECT/REPO on dev.azure.com, or a repository's address as a remote names it
     * (https or ssh; an Azure DevOps Server's https URL when its host is configured).
     */
    public static AzureRepo repository(String value, AzureHosts hosts) {
        if (!value.contains(":")) {
            return explicit(value);
        }
        AzureRepo repo = remote(value, hosts);
        if (repo == null) {
            throw notARepository(value);
        }
        return repo;
    }

    /**
     * What {@code -R} names when it names an Azure Repos repository, or null when it is GitHub's
     * [HOST/]OWNER/REPO: a repository's address (https or ssh, as a remote names it), or ORG/PROJECT/REPO whose
     * first part is an organization's name (letters, digits, inner hyphens: GitHub's HOST there has a dot or a port;
     * any other first part is left to GitHub's rules, which refuse it).
     */
    public static AzureRepo repoOption(String value, AzureHosts hosts) {
        if (value.contains("://")) {
            AzureRepo repo = remote(value, hosts);
            if (repo == null) {
                throw notARepository(value);
            }
            return repo;
        }
        if (value.contains(":")) {
            return remote(value, hosts); // git@ssh.dev.azure.com:v3/…, or GitHub's HOST:PORT/OWNER/REPO (null)
        }
        String[] parts = value.split("/", -1);
        if (parts.length == 3 && ORGANIZATION.matcher(parts[0]).matches()) {
            return explicit(value);
        }
        return null;
    }

    private static PrdiffException notARepository(String value) {
        return new PrdiffException(ErrorCode.INVALID_INPUT, "not an Azure Repos repository: '" + value + "' (expected"
                + " ORG/PROJECT/REPO, https://dev.azure.com/ORG/PROJECT/_git/REPO, an ssh remote such as"
                + " git@ssh.dev.azure.com:v3/ORG/PROJECT/REPO, or an Azure DevOps Server URL whose host is listed in "
                + AzureHosts.ENV + ")");
    }

    /** The path segments of an https URL on an Azure host, decoded; null when the URL is not on one. */
    private static List<String> httpsPath(String url, AzureHosts hosts) {
        URI uri = uri(url);
        if (uri == null || uri.getHost() == null) {
            Matcher m = LOOSE_HOST.matcher(url);
            if (m.lookingAt() && hosts.trusts(m.group(1))) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "not a well-formed URL: " + url);
            }
            return null;
        }
        String host = host(url);
        if (!hosts.trusts(host)) {
            return null;
        }
        if (!"https".equalsIgnoreCase(uri.getScheme())) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "Azure DevOps is reached only over https, not " + url);
        }
        return segments(uri.getRawPath(), url);
    }

    /** COLLECTION…/PROJECT/_git/REPO (or …/_git/REPO, where the project has the repository's name). */
    private static AzureRepo repoOf(String host, List<String> path, String url) {
        int git = path.size() - 2;
        String name = path.get(git + 1);
        List<String> before = path.subList(0, git);
        boolean devAzure = host.equals(AzureHosts.DEV_AZURE_COM);
        boolean visualStudio = host.endsWith(".visualstudio.com") && AzureHosts.isService(host);
        // The shortest form names no project: the project is the repository's namesake.
        int collectionSize = devAzure ? 1 : visualStudio ? (before.size() > 0 && before.get(0).equalsIgnoreCase("DefaultCollection") ? 1 : 0) : -1;
        String project;
        List<String> collection;
        if (collectionSize >= 0 && before.size() == collectionSize) {
            collection = before;
            project = name;
        } else if (collectionSize >= 0 && before.size() == collectionSize + 1) {
            collection = before.subList(0, collectionSize);
            project = before.get(collectionSize);
        } else if (collectionSize < 0 && before.size() >= 2) {
            collection = before.subList(0, before.size() - 1);
            project = before.get(before.size() - 1);
        } else {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "not an Azure Repos address: " + url
                    + " (expected https://" + host + (devAzure ? "/ORG" : collectionSize < 0 ? "/COLLECTION" : "")
                    + "/PROJECT/_git/REPO)");
        }
        if (visualStudio && !collection.isEmpty()) {
            collection = List.of(); // DefaultCollection is implied by the host
        }
        return checked(new AzureRepo(host, collection, project, name), url);
    }

    private static AzureRepo checked(AzureRepo repo, String url) {
        List<String> all = new ArrayList<>(repo.collection());
        all.add(repo.project());
        all.add(repo.name());
        for (String s : all) {
            if (s.isEmpty() || s.equals(".") || s.equals("..") || s.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '/' || c == '\\')) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "not an Azure Repos address: " + url
                        + " (a name is empty, '.', '..', or holds '/', '\\' or a control character)");
            }
        }
        return repo;
    }

    private static long number(String text, String url) {
        if (!text.matches("[0-9]{1,10}") || Long.parseLong(text) < 1 || Long.parseLong(text) > MAX_NUMBER) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "not a pull request number in " + url + ": '" + text + "'");
        }
        return Long.parseLong(text);
    }

    /** HOST or HOST:PORT of an https URL, lower case, without :443; the user part is dropped. */
    private static String host(String url) {
        URI uri = uri(url);
        return AzureHosts.normalize(uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost());
    }

    private static URI uri(String url) {
        try {
            return new URI(url);
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    private static List<String> segments(String rawPath, String url) {
        List<String> out = new ArrayList<>();
        if (rawPath == null) {
            return out;
        }
        for (String s : rawPath.split("/")) {
            if (!s.isEmpty()) {
                out.add(decode(s, url));
            }
        }
        return out;
    }

    /** Percent-decoding of one path segment as UTF-8; '+' stays '+' (it is not a space in a path). */
    static String decode(String segment, String where) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                if (i + 2 >= segment.length() || Character.digit(segment.charAt(i + 1), 16) < 0
                        || Character.digit(segment.charAt(i + 2), 16) < 0) {
                    throw new PrdiffException(ErrorCode.INVALID_INPUT, "a bad percent escape in " + where);
                }
                bytes.write(Integer.parseInt(segment.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < segment.length()) {
                    b = segment.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.write(b, 0, b.length);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "a name that is not UTF-8 in " + where);
        }
    }
}
