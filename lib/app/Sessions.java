package dev.prdiff.app;

import dev.prdiff.cache.DiskAnswers;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.git.Session;

import java.util.Map;

/** The sessions the entry points make: git's {@link Session} with the user's disk caches as {@code env} places them. */
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
}
