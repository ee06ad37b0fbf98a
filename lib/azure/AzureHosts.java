package dev.prdiff.azure;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which Azure DevOps hosts may receive a token: dev.azure.com, ORG.visualstudio.com, and the Azure DevOps Server
 * hosts the user listed in PRDIFF_AZURE_HOSTS (comma- or space-separated, HOST or HOST:PORT). A host named by a
 * caller (a pull request URL, a remote, an MCP argument) is used only when it is one of these.
 */
public final class AzureHosts {
    public static final String ENV = "PRDIFF_AZURE_HOSTS";
    public static final String DEV_AZURE_COM = "dev.azure.com";
    private static final Pattern VISUALSTUDIO = Pattern.compile("[a-z0-9][a-z0-9-]*\\.visualstudio\\.com");
    private static final Pattern HOST_PORT = Pattern.compile("[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?");

    private final Set<String> configured;

    private AzureHosts(Set<String> configured) {
        this.configured = configured;
    }

    /** The rule for this environment: the two service host families and PRDIFF_AZURE_HOSTS. */
    public static AzureHosts of(Map<String, String> env) {
        Set<String> hosts = new LinkedHashSet<>();
        String list = env.get(ENV);
        if (list != null) {
            for (String h : list.split("[,\\s]+")) {
                String n = normalize(h);
                if (!n.isEmpty() && HOST_PORT.matcher(n).matches()) {
                    hosts.add(n);
                }
            }
        }
        return new AzureHosts(Set.copyOf(hosts));
    }

    /** dev.azure.com or ORG.visualstudio.com: the hosted service. */
    public static boolean isService(String host) {
        String h = normalize(host);
        return h.equals(DEV_AZURE_COM) || VISUALSTUDIO.matcher(h).matches();
    }

    /** A host listed in PRDIFF_AZURE_HOSTS: an Azure DevOps Server the user chose. */
    public boolean isConfigured(String host) {
        return configured.contains(normalize(host));
    }

    public boolean trusts(String host) {
        return isService(host) || isConfigured(host);
    }

    /** Fails with UNTRUSTED_HOST, before anything is sent, unless {@link #trusts} the host. */
    public void requireTrusted(String host, String where) {
        if (!trusts(host)) {
            throw new PrdiffException(ErrorCode.UNTRUSTED_HOST, where + " names the host " + host
                    + ", which is not dev.azure.com, *.visualstudio.com or a host in " + ENV
                    + "; prdiff does not send credentials to it. If it is your Azure DevOps Server, set "
                    + ENV + "=" + host);
        }
    }

    /** Lower case, without the default https port, as hosts are compared. */
    public static String normalize(String host) {
        return host.strip().toLowerCase(Locale.ROOT).replaceFirst(":443$", "");
    }
}
