package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.git.Git;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Azure Repos repository a clone's remotes name, for {@code prdiff 42} inside it: origin's when it is one, else
 * the one all Azure remotes agree on. A git directory inside another repository's work tree lends its remotes no
 * standing (as for GitHub hosts): its remotes are nobody's choice.
 */
public final class AzureRemotes {
    private AzureRemotes() {}

    /** The repository, or null when no remote is an Azure Repos one. */
    public static AzureRepo of(Git git, AzureHosts hosts) {
        if (git.enclosingWorkTree() != null) {
            return null;
        }
        var config = git.repositoryRaw(List.of("config", "--get-regexp", "^remote\\..*\\.url$"));
        Map<String, AzureRepo> byRemote = new LinkedHashMap<>();
        for (String line : config.text().split("\n")) {
            int space = line.indexOf(' ');
            if (space < 0) {
                continue;
            }
            String remote = line.substring("remote.".length(), space - ".url".length());
            try {
                AzureRepo repo = AzureTargets.remote(line.substring(space + 1), hosts);
                if (repo != null) {
                    byRemote.put(remote, repo);
                }
            } catch (PrdiffException e) {
                // a malformed Azure remote names nothing
            }
        }
        if (byRemote.containsKey("origin")) {
            return byRemote.get("origin");
        }
        if (byRemote.values().stream().distinct().count() > 1) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "the clone's remotes name several Azure Repos"
                    + " repositories (" + String.join(", ", byRemote.keySet()) + "); pass --azure ORG/PROJECT/REPO");
        }
        return byRemote.values().stream().findFirst().orElse(null);
    }
}
