package dev.prdiff.git;

import javax.net.ssl.SSLContext;
import java.nio.file.Path;

/**
 * TLS roots trusted instead of the system's, for a session a test builds in-process around a loopback server:
 * the Java client's context and git's CA file. No URL, argument or environment variable can name one; prdiff's own
 * entry points make sessions without it.
 */
public record TlsRoots(SSLContext context, Path gitCaFile) {}
