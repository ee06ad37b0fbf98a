package dev.prdiff.cli;

import dev.prdiff.app.Sessions;
import dev.prdiff.git.Session;

import java.util.Map;

/** The session of one command-line run, made when the call first needs git (--version and --help never do). */
final class RunSession implements AutoCloseable {
    private final Map<String, String> env;
    private Session session;

    RunSession(Map<String, String> env) {
        this.env = env;
    }

    Session get() {
        if (session == null) {
            session = Sessions.forOneCall(env);
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
