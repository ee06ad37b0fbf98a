package dev.prdiff.app;

import dev.prdiff.cache.DiskAnswers;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.git.Session;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The sessions the entry points make: git's {@link Session} with the user's disk caches as {@code env} places them.
 * The entry that makes one closes it when its run or its server ends.
 */
public final class Sessions {
    private Sessions() {}

    /** For one command-line call. */
    public static Session forOneCall(Map<String, String> env) {
        PrivateFolder folders = new PrivateFolder();
        return Session.forOneCall(env, folders, DiskAnswers.forUser(env, folders));
    }

    /** For a process that serves many calls (the MCP server). */
    public static Session forManyCalls(Map<String, String> env) {
        PrivateFolder folders = new PrivateFolder();
        return Session.forManyCalls(env, folders, DiskAnswers.forUser(env, folders));
    }

    /** The session of one command-line call, made when the call first needs git: --version and --help never do. */
    public static OneCall oneCall(Map<String, String> env) {
        return new OneCall(env);
    }

    /** {@link #forOneCall} made on first use; closing it closes the session if there is one. */
    public static final class OneCall implements Supplier<Session>, AutoCloseable {
        private final Map<String, String> env;
        private Session session;

        private OneCall(Map<String, String> env) {
            this.env = env;
        }

        @Override
        public Session get() {
            if (session == null) {
                session = forOneCall(env);
            }
            return session;
        }

        @Override
        public void close() {
            if (session != null) {
                session.close();
            }
        }
    }
}
