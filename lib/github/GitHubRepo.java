package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * OWNER/REPO on a host; {@code host} is null when gh's default host applies (GH_HOST or github.com). Names follow
 * GitHub's rules, so nothing else (no {@code ..}, no slash, no query) reaches an API path or gh's -R.
 */
public record GitHubRepo(String host, String owner, String name) {
    /** Alphanumerics and single inner hyphens, at most 39 characters (GitHub's rule for user and organisation names). */
    private static final Pattern OWNER = Pattern.compile("[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
    /** A DNS name (or IPv4 address) with an optional port. */
    private static final Pattern HOST =
            Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::[0-9]{1,5})?");

    /** Reads OWNER/REPO or HOST/OWNER/REPO, as gh's -R accepts. */
    public static GitHubRepo parse(String spec) {
        String[] parts = spec == null ? new String[0] : spec.split("/", -1);
        if (parts.length != 2 && parts.length != 3) {
            throw invalid(spec, "expected OWNER/REPO or HOST/OWNER/REPO");
        }
        String host = parts.length == 3 ? parts[0] : null;
        String owner = parts[parts.length - 2];
        String name = parts[parts.length - 1];
        if (name.endsWith(".git")) {
            name = name.substring(0, name.length() - 4);
        }
        if (host != null && (host.length() > 255 || !HOST.matcher(host).matches())) {
            throw invalid(spec, "'" + host + "' is not a host name (with an optional :PORT)");
        }
        if (owner.length() > 39 || !OWNER.matcher(owner).matches()) {
            throw invalid(spec, "an owner is 1-39 letters, digits or single inner hyphens");
        }
        if (name.length() > 100 || !NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
            throw invalid(spec, "a repository name is 1-100 letters, digits, '.', '_' or '-', and not '.' or '..'");
        }
        return new GitHubRepo(host == null ? null : host.toLowerCase(Locale.ROOT), owner, name);
    }

    public String fullName() {
        return owner + "/" + name;
    }

    /** The form gh's -R takes. */
    public String ghSpec() {
        return host == null ? fullName() : host + "/" + fullName();
    }

    private static PrdiffException invalid(String spec, String why) {
        return new PrdiffException(ErrorCode.INVALID_INPUT, "repository must be OWNER/REPO or HOST/OWNER/REPO: '"
                + spec + "' (" + why + ")");
    }
}
