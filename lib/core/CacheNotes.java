package dev.prdiff.core;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Tells the calls running that a cache folder was refused ({@link PrivateFolder#folder}): a note, not an error, since
 * the answer is computed as if there were no cache. The folder is checked deep inside a call (and on threads of
 * its own), so a call listens while it runs and tells its notices what it heard; calls that run at once in one
 * MCP server share one session, and hear each other's refusals. One per session, held by its {@link PrivateFolder}.
 */
public final class CacheNotes {
    private final List<Heard> listening = new CopyOnWriteArrayList<>();
    private final PrivateFolder folders;

    CacheNotes(PrivateFolder folders) {
        this.folders = folders;
    }

    /** What one call heard: registered until {@link #close()}. */
    public final class Heard implements AutoCloseable {
        private final Set<String> notes = new LinkedHashSet<>();

        private synchronized void add(String note) {
            notes.add(note);
        }

        /** Tells {@code notices} each refusal heard, once. */
        public void tell(Consumer<String> notices) {
            List<String> told;
            synchronized (this) {
                told = new ArrayList<>(notes);
                notes.clear();
            }
            told.forEach(notices);
        }

        /** Ends the call: the next one is a new use of every cache folder ({@link PrivateFolder#newUse}). */
        @Override
        public void close() {
            listening.remove(this);
            folders.newUse();
        }
    }

    /** Starts listening for the current call. */
    public Heard listen() {
        Heard heard = new Heard();
        listening.add(heard);
        return heard;
    }

    /** {@code folder} cannot hold a cache now, for {@code reason}. */
    void refused(java.nio.file.Path folder, String reason) {
        if (listening.isEmpty()) {
            return;
        }
        String note = "note: prdiff's cache folder " + folder + " is not used: " + reason
                + "; the answer was computed without it";
        for (Heard heard : listening) {
            heard.add(note);
        }
    }
}
