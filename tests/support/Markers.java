package support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

/**
 * Tripwires for "git ran something": small executable scripts that each create {@code markers/<name>} when run.
 * A config value or hook that names one of them proves it was executed if its marker appears.
 */
public final class Markers implements AutoCloseable {
    /** Every hook git 2.39 knows, so a hooks directory catches whichever one a command would run. */
    static final List<String> HOOKS = List.of("applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit",
            "pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout",
            "post-merge", "pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
            "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
            "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit",
            "post-index-change");

    private final Path root;
    private final Path bin;
    private final Path markers;

    public Markers() {
        try {
            root = TempDirs.create("prdiff-markers-");
            bin = Files.createDirectories(root.resolve("bin"));
            markers = Files.createDirectories(root.resolve("markers"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path root() {
        return root;
    }

    /** The absolute path of a script that creates {@code markers/<name>}; usable wherever git takes a command. */
    public String command(String name) {
        Path script = bin.resolve(name);
        if (!Files.exists(script)) {
            write(script, script(markers.resolve(name)));
        }
        return script.toString();
    }

    /** A directory holding every hook, each creating {@code markers/<prefix>.<hook>}. */
    public Path hooksDir(String prefix) {
        Path dir = root.resolve("hooks-" + prefix);
        if (!Files.isDirectory(dir)) {
            for (String hook : HOOKS) {
                write(dir.resolve(hook), script(markers.resolve(prefix + "." + hook)));
            }
        }
        return dir;
    }

    /** The names of the markers present, sorted; empty when nothing ran. */
    public List<String> left() {
        try (Stream<Path> s = Files.list(markers)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each marker present with the command line of the process that ran its script, for failure messages. */
    public List<String> described() {
        return left().stream().map(name -> {
            try {
                String parent = Files.readString(markers.resolve(name)).strip().replaceAll(" -c \\S+", " -c ..");
                return name + " (run by: " + parent.replaceAll("( -c \\.\\.)+", " -c ..") + ")";
            } catch (IOException e) {
                return name;
            }
        }).toList();
    }

    public void clear() {
        try (Stream<Path> s = Files.list(markers)) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Creates the marker holding the parent's command line, so a failure says which git command ran it. */
    private static String script(Path marker) {
        return "#!/bin/sh\n{ ps -o args= -p $PPID 2>/dev/null || echo unknown; } > '" + marker + "'\nexit 0\n";
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        TempRepo.deleteTree(root);
    }
}
