package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * Lies in a repository's commit-graph file, as a hostile repository can ship one: git trusts the file for parents
 * when it walks history and checks it only in {@code git commit-graph verify}. The file is written by git, then
 * one commit's first parent is pointed at another commit of the graph (format: git's
 * Documentation/gitformat-commit-graph.txt; SHA-1 only).
 */
public final class ForgedCommitGraph {
    private static final int HASH = 20;
    private static final int CDAT_ENTRY = HASH + 16;

    private ForgedCommitGraph() {}

    /** Writes the graph of every reachable commit, then records {@code fakeParent} as {@code commit}'s first parent. */
    public static void forgeParent(TempRepo repo, String commit, String fakeParent) {
        repo.git("commit-graph", "write", "--reachable", "--no-progress");
        Path file = repo.dir().resolve(".git/objects/info/commit-graph");
        try {
            ByteBuffer graph = ByteBuffer.wrap(Files.readAllBytes(file));
            int chunks = graph.get(6);
            long oidl = -1;
            long cdat = -1;
            for (int i = 0; i <= chunks; i++) {
                int id = graph.getInt(8 + 12 * i);
                long offset = graph.getLong(12 + 12 * i);
                if (id == 0x4f49444c) { // OIDL
                    oidl = offset;
                } else if (id == 0x43444154) { // CDAT
                    cdat = offset;
                }
            }
            int count = (int) ((cdat - oidl) / HASH);
            int forged = position(graph, oidl, count, commit);
            graph.putInt((int) cdat + CDAT_ENTRY * forged + HASH, position(graph, oidl, count, fakeParent));
            Files.delete(file);
            Files.write(file, graph.array());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int position(ByteBuffer graph, long oidl, int count, String commit) {
        byte[] wanted = HexFormat.of().parseHex(commit);
        for (int i = 0; i < count; i++) {
            if (graph.slice((int) oidl + HASH * i, HASH).equals(ByteBuffer.wrap(wanted))) {
                return i;
            }
        }
        throw new IllegalArgumentException(commit + " is not in the commit-graph");
    }
}
