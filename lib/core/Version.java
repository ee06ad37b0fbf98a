package dev.prdiff.core;

/** prdiff's version: the CLI's --version, the MCP server's serverInfo and the --json envelope's metadata. */
public final class Version {
    public static final String NUMBER = "0.1.0";

    private Version() {}
}
