package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrivateFolder;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The two settings of the user's own (global and system) git config that decide which repositories git will
 * open at all: {@code safe.directory} and {@code safe.bareRepository}. Everything else of that config is shut
 * out, so these two are carried over in a private file that serves as git's global config. One per
 * {@link Session}.
 */
final class TrustSettings {
    /** The variables that decide where git finds the user's global and system config. */
    private static final List<String> LOCATORS = List.of("HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL",
            "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM");
    private final Session session;
    private final Map<List<String>, Written> files = new ConcurrentHashMap<>();

    /** A config file written, and the disk workspace it is in (null for the session's own). */
    private record Written(Path file, DiskWorkspace kept) {}

    TrustSettings(Session session) {
        this.session = session;
    }

    /** Still there, and its disk workspace still the one it was written in and usable (checked now). */
    private boolean usable(Written written) {
        return Files.isRegularFile(written.file())
                && (written.kept() == null || session.diskWorkspace() == written.kept());
    }

    /**
     * A config file holding only the user's safe.* lines, in their order; read again when the variables that
     * locate the user's config, or its usual files (their modification time, size or inode), change.
     */
    Path configFile(Duration timeout) {
        Map<String, String> inherited = session.env();
        List<String> key = key(inherited);
        Written file = files.get(key);
        // Missing: a kept file removed meanwhile, with the user's cache, or one kept in a folder refused since.
        if (file == null || !usable(file)) {
            file = write(entries(inherited, timeout, key));
            files.put(key, file);
        }
        return file.file();
    }

    private static List<String> key(Map<String, String> inherited) {
        List<String> key = new ArrayList<>();
        for (String k : LOCATORS) {
            key.add(String.valueOf(inherited.get(k)));
        }
        for (Path file : usualFiles(inherited)) {
            key.add(file + "@" + stamp(file));
        }
        return List.copyOf(key);
    }

    /**
     * The user's safe.* entries, also kept on disk for the user under the same key (with git's build, whose
     * compiled-in system config is then known too), so that the next prdiff process in a bare repository need not
     * run {@code git config}: every file git read for them is in the key. Not kept when the config includes other
     * files, which the key cannot name.
     */
    private String entries(Map<String, String> inherited, Duration timeout, List<String> key) {
        KeptEntries kept = KeptEntries.at(session.disk(), inherited, key);
        String entries = kept == null ? null : kept.get();
        if (entries != null) {
            return entries;
        }
        Read read = read(inherited, timeout);
        if (kept != null && !read.includes()) {
            kept.put(read.safe());
        }
        return read.safe();
    }

    /** Where the entries under a key are kept on disk for the user. */
    private record KeptEntries(AnswerStore disk, AnswerStore.Key diskKey) {
        /** Null when they cannot be kept: no disk store, or git's build cannot be named. */
        static KeptEntries at(AnswerStore disk, Map<String, String> inherited, List<String> key) {
            String diskKey = disk == AnswerStore.NONE ? null : TrustSettings.diskKey(inherited, key);
            return diskKey == null ? null : new KeptEntries(disk, new AnswerStore.Key("trust-settings", diskKey));
        }

        String get() {
            byte[] answer = disk.get(diskKey);
            return answer == null ? null : new String(answer, StandardCharsets.UTF_8);
        }

        void put(String entries) {
            disk.put(diskKey, entries.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Null when git's build cannot be named. */
    private static String diskKey(Map<String, String> inherited, List<String> key) {
        Path program = Git.program(inherited.get("PATH"));
        String build = Git.build(program);
        if (build == null) {
            return null;
        }
        // A git built with a prefix of its own reads PREFIX/etc/gitconfig as its system config.
        Path prefixConfig = program.getParent().resolveSibling("etc").resolve("gitconfig");
        return "git config safe.* v1\n" + build + "\n" + prefixConfig + "@" + stamp(prefixConfig) + "\n"
                + String.join("\n", key);
    }

    private static List<Path> usualFiles(Map<String, String> env) {
        List<Path> files = new ArrayList<>(List.of(Path.of("/etc/gitconfig")));
        for (String k : List.of("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM")) {
            if (env.get(k) != null && !env.get(k).isEmpty()) {
                files.add(Path.of(env.get(k)));
            }
        }
        if (env.get("HOME") != null) {
            files.add(Path.of(env.get("HOME"), ".gitconfig"));
            files.add(Path.of(env.get("HOME"), ".config", "git", "config"));
        }
        if (env.get("XDG_CONFIG_HOME") != null && !env.get("XDG_CONFIG_HOME").isEmpty()) {
            files.add(Path.of(env.get("XDG_CONFIG_HOME"), "git", "config"));
        }
        return files;
    }

    private static String stamp(Path file) {
        if (!file.toFile().exists()) {
            return "none"; // most of the usual files are missing: asked without the exception readAttributes makes
        }
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return a.lastModifiedTime().toMillis() + " " + a.size() + " " + a.fileKey();
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return "none";
        }
    }

    /** The safe.* entries as --null prints them, and whether any config file includes another. */
    private record Read(String safe, boolean includes) {}

    /** {@code git config --get-regexp} as the user's git sees it outside any repository. */
    private Read read(Map<String, String> inherited, Duration timeout) {
        Path outside = session.privateWorkspace().folder("outside");
        Map<String, String> env = new HashMap<>();
        for (String k : LOCATORS) {
            if (inherited.get(k) != null) {
                env.put(k, inherited.get(k));
            }
        }
        if (inherited.get("PATH") != null) {
            env.put("PATH", inherited.get("PATH"));
        }
        env.put("GIT_CEILING_DIRECTORIES", outside.getParent().toString());
        env.put("LC_ALL", "C");
        Command cmd = new Command("git config", List.of("git", "config", "--includes", "--null", "--get-regexp",
                "^(safe\\.(directory|barerepository)|include\\.path|includeif\\..+\\.path)$"), outside, env, timeout);
        Subprocess.Captured r = Subprocess.capture(cmd);
        if (r.exitCode() == 1) {
            return new Read("", false);
        }
        if (!r.ok()) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "cannot read safe.directory from your git config: "
                    + Git.trim(r.stderr()));
        }
        StringBuilder safe = new StringBuilder();
        boolean includes = false;
        for (String entry : r.text().split("\0")) {
            if (entry.startsWith("safe.")) {
                safe.append(entry).append('\0');
            } else if (!entry.isEmpty()) {
                includes = true;
            }
        }
        return new Read(safe.toString(), includes);
    }

    /**
     * The config file of {@code entries} (as --null prints them: "key\nvalue\0" each): the user's kept one of that
     * content in the session's disk workspace while it is usable, else a file of the session's own.
     */
    private Written write(String entries) {
        StringBuilder config = new StringBuilder("[safe]\n");
        for (String entry : entries.split("\0")) {
            int nl = entry.indexOf('\n');
            if (nl < 0) {
                continue;
            }
            String name = entry.substring("safe.".length(), nl);
            config.append('\t').append(name).append(" = ").append(quote(entry.substring(nl + 1))).append('\n');
        }
        DiskWorkspace kept = session.diskWorkspace();
        Path keptFile = kept == null ? null : kept.configFile(config.toString());
        if (keptFile != null) {
            return new Written(keptFile, kept);
        }
        return new Written(session.privateWorkspace().configFile(config.toString()), null);
    }

    private static String quote(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + '"';
    }
}
