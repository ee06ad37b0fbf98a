package dev.prdiff.git;

/**
 * Where answers that depend only on their key outlive a process (the user's disk caches, which {@code cache}
 * implements). A key names everything the answer depends on: every full object id, git's build, the options; a
 * store keeps the key with the entry and answers only an entry that holds exactly that key.
 */
public interface AnswerStore {
    /**
     * @param kind what the answers are (rename pairs, trust settings, ...): kinds are kept apart
     * @param text the key in full
     */
    record Key(String kind, String text) {}

    /** The answer kept for {@code key}, or null. */
    byte[] get(Key key);

    /** Keeps {@code answer} for {@code key}; a store that cannot keep it loses it, nothing else. */
    void put(Key key, byte[] answer);

    /** Keeps nothing: the disk caches are off. */
    AnswerStore NONE = new AnswerStore() {
        @Override
        public byte[] get(Key key) {
            return null;
        }

        @Override
        public void put(Key key, byte[] answer) {}
    };
}
