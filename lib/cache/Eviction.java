package dev.prdiff.cache;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/** Bounds a cache directory: its least recently used entries (by modification time) go first. */
final class Eviction {
    private Eviction() {}

    /** Deletes entries matching {@code glob}, oldest first, until the rest fit in {@code maxBytes}. */
    static void toBound(Path dir, String glob, long maxBytes) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, glob)) {
            entries.forEach(files::add);
        }
        record Sized(Path file, FileTime used, long size) {}
        List<Sized> sized = new ArrayList<>();
        long total = 0;
        for (Path f : files) {
            try {
                long size = Files.size(f);
                sized.add(new Sized(f, Files.getLastModifiedTime(f), size));
                total += size;
            } catch (IOException e) {
                // removed by another process meanwhile
            }
        }
        sized.sort((a, b) -> a.used().compareTo(b.used()));
        for (Sized entry : sized) {
            if (total <= maxBytes) {
                break;
            }
            Files.deleteIfExists(entry.file());
            total -= entry.size();
        }
    }
}
