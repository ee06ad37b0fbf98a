package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Command;
import dev.prdiff.exec.Subprocess;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fetch whose git reads no config of the user's repository: a hostile repository's {@code url.*.insteadOf},
 * {@code http.*}, {@code remote.*} or hook settings cannot redirect it, weaken TLS or run a program. Git fetches
 * into the scratch directory, always as a pack; the pack then moves into the repository's object store, and the
 * refs under refs/prdiff/ are set there with hooks off, so the fetched commits survive garbage collection.
 */
final class ScratchFetch {
    private final Git git;
    private final ScratchGitDir scratch;
    private final Duration timeout;

    ScratchFetch(Git git, ScratchGitDir scratch, Duration timeout) {
        this.git = git;
        this.scratch = scratch;
        this.timeout = timeout;
    }

    void fetch(String url, List<String> extraConfig, List<String> refspecs, Map<String, String> env) {
        String scheme = scheme(url);
        List<String> argv = new ArrayList<>(List.of("git", "--git-dir=" + scratch.dir(), "--no-replace-objects",
                "-c", "protocol.allow=never", "-c", "protocol." + scheme + ".allow=always",
                "-c", "http.sslVerify=true", "-c", "fetch.unpackLimit=1", "-c", "transfer.unpackLimit=1",
                "-c", "core.hooksPath=/dev/null"));
        argv.addAll(GitEnvironment.configArgs(extraConfig));
        argv.addAll(List.of("fetch", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--quiet",
                "--end-of-options", url));
        argv.addAll(refspecs);
        Subprocess.Captured r = Subprocess.capture(new Command("git fetch", argv, scratch.dir(), env, timeout));
        git.check(r.result(), List.of("fetch"));
        movePacks();
        for (String spec : refspecs) {
            String dst = spec.substring(spec.indexOf(':') + 1);
            String sha = new String(git.objectsOutput(List.of("rev-parse", "--verify", dst)),
                    java.nio.charset.StandardCharsets.US_ASCII).strip();
            Subprocess.Captured set = git.repositoryRaw(List.of("update-ref", "-m", "prdiff: fetch " + url, dst, sha));
            git.check(set.result(), List.of("update-ref"));
        }
    }

    /** Only the transports git fetches pull requests over; the rest stay forbidden by protocol.allow=never. */
    private static String scheme(String url) {
        String scheme;
        try {
            scheme = URI.create(url).getScheme();
        } catch (IllegalArgumentException e) {
            scheme = null;
        }
        if (scheme == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "will only fetch over https (or http): " + url);
        }
        return scheme;
    }

    /** A .pack, then its .idx (git finds packs by their index): each copied under a temporary name, then renamed. */
    private void movePacks() {
        Path from = scratch.dir().resolve("objects/pack");
        Path to = scratch.borrowedObjects().resolve("pack");
        if (!Files.isDirectory(from)) {
            return;
        }
        try (DirectoryStream<Path> packs = Files.newDirectoryStream(from, "*.pack")) {
            Files.createDirectories(to);
            for (Path pack : packs) {
                String stem = pack.getFileName().toString().replaceFirst("\\.pack$", "");
                for (String ext : List.of(".pack", ".rev", ".idx")) {
                    Path src = from.resolve(stem + ext);
                    if (Files.exists(src)) {
                        Path tmp = to.resolve("tmp_prdiff_" + stem + ext);
                        Files.copy(src, tmp, StandardCopyOption.REPLACE_EXISTING);
                        Files.move(tmp, to.resolve(stem + ext), StandardCopyOption.ATOMIC_MOVE,
                                StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                for (String ext : List.of(".idx", ".rev", ".pack", ".keep", ".promisor")) {
                    Files.deleteIfExists(from.resolve(stem + ext));
                }
            }
        } catch (IOException e) {
            throw new PrdiffException(ErrorCode.GIT_FAILED, "cannot move fetched objects into " + to + ": "
                    + e.getMessage(), e);
        }
    }
}
