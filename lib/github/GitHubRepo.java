package dev.prdiff.github;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** OWNER/REPO on a host; {@code host} is null when gh's default host applies (GH_HOST or github.com). */
public record GitHubRepo(String host, String owner, String name) {
    private static final Pattern SPEC = Pattern.compile("(?:([A-Za-z0-9.-]+(?::\\d+)?)/)?([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)");

    /** Reads OWNER/REPO or HOST/OWNER/REPO, as gh's -R accepts. */
    public static GitHubRepo parse(String spec) {
        Matcher m = spec == null ? null : SPEC.matcher(spec);
        if (m == null || !m.matches() || m.group(3).equals(".") || m.group(3).equals("..")) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "repository must be OWNER/REPO or HOST/OWNER/REPO: '"
                    + spec + "'");
        }
        String repo = m.group(3).endsWith(".git") ? m.group(3).substring(0, m.group(3).length() - 4) : m.group(3);
        return new GitHubRepo(m.group(1), m.group(2), repo);
    }

    public String fullName() {
        return owner + "/" + name;
    }

    /** The form gh's -R takes. */
    public String ghSpec() {
        return host == null ? fullName() : host + "/" + fullName();
    }
}
