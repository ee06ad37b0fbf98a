package dev.prdiff.git;

import dev.prdiff.core.CommitEntry;
import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.GrepQuery;
import dev.prdiff.core.PathBytes;
import dev.prdiff.core.PrdiffException;
import dev.prdiff.exec.Subprocess;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * Reads of git objects at a commit: a file's bytes or a folder's listing ({@code git show SHA:PATH}) and the lines matching a
 * pattern ({@code git grep -n PATTERN SHA -- PATHS}). The commit is resolved as --commit resolves it; the rest
 * runs in the scratch git directory, so no work tree, index, config, attributes (textconv, filters, eol) or
 * user grep settings play a part: the answer is the one a bare clone in an empty environment gives for the
 * full SHA.
 */
public final class ObjectReads {
    private final Git git;

    public ObjectReads(Git git) {
        this.git = git;
    }

    /**
     * The object at a repo-relative {@code path} of {@code rev}; an empty path is the commit's top folder. When the
     * commit has no such path, {@code nearPaths} gives up to a few of its paths that the failure names as likely
     * meant (given the commit's full SHA and the path asked for), and when it gives none, the failure names
     * {@code topFolder}'s call for the commit, which lists its top folder (in the caller's words: a command line, or
     * a tool call).
     */
    public CommitEntry find(String rev, String path, BiFunction<String, String, List<String>> nearPaths,
            UnaryOperator<String> topFolder) {
        requireRepoRelative(path);
        String commit = git.commit(rev);
        String[] answer = lookUp(commit, path);
        if (answer == null) {
            if (isSubmodule(commit, path)) {
                throw new PrdiffException(ErrorCode.INVALID_INPUT, "'" + printable(path) + "' at " + commit + " is a"
                        + " submodule: its files are in that repository, not in this one's objects");
            }
            List<String> near = nearPaths.apply(commit, path);
            throw new PrdiffException(ErrorCode.PATH_NOT_FOUND, "commit " + commit + " has no file or folder '"
                    + printable(path) + "' (paths are repo-relative, as git ls-tree prints them); " + (near.isEmpty()
                    ? "list its top folder with " + topFolder.apply(commit)
                    : "did you mean " + String.join(", ", near.stream().map(ObjectReads::printable).toList()) + "?"));
        }
        return new CommitEntry(commit, path, answer[0], answer[1], Long.parseLong(answer[2]));
    }

    /** Every file and folder of the commit, repo-relative, as {@code git ls-tree -r -t} lists them. */
    public List<String> paths(String commit) {
        return PathBytes.nulSeparated(git.objectsOutput(List.of("ls-tree", "-r", "-t", "--name-only", "-z", commit)));
    }

    /**
     * Writes what {@code git show --stat} prints for the commit into a pipe: "commit FULLSHA", a Merge line for a
     * merge, Author and Date (git's default date, in the author's own offset), the whole message indented by four
     * spaces, then its diffstat (a merge's against its first parent, as git show's). From objects in the scratch
     * directory: no log.* or format.* setting, no mailmap, notes, signature check or decoration.
     */
    public void showCommit(String rev, boolean colored, OutputStream out) {
        git.objects(out, List.of("show", "--stat=80", "--format=medium", "--date=default", "--no-use-mailmap",
                "--no-show-signature", "--no-notes", "--no-decorate", colored ? "--color=always" : "--no-color",
                "--encoding=UTF-8", "--end-of-options", git.commit(rev)));
    }

    /** {id, type, size} of the object at commit:path, or null when there is none in the object store. */
    private String[] lookUp(String commit, String path) {
        String object = commit + ":" + path;
        if (path.indexOf('\n') >= 0) {
            // cat-file's batch input is one name per line, so such a path is resolved as an argument first.
            Subprocess.Captured id = git.objectsRaw(List.of("rev-parse", "--verify", "--quiet", "--end-of-options",
                    object));
            if (!id.ok()) {
                return null;
            }
            object = id.text().strip();
        }
        byte[] query = (object + "\n").getBytes(StandardCharsets.UTF_8);
        Subprocess.Captured r = git.objectsRaw(List.of("cat-file",
                "--batch-check=%(objectname) %(objecttype) %(objectsize)"), query);
        git.check(r.result(), List.of("cat-file"));
        String[] answer = r.text().strip().split(" ");
        return answer.length != 3 || answer[2].equals("missing") ? null : answer;
    }

    /** A submodule's entry names a commit of another repository, which this object store does not hold. */
    private boolean isSubmodule(String commit, String path) {
        String name = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        int slash = name.lastIndexOf('/');
        String[] folder = lookUp(commit, slash < 0 ? "" : name.substring(0, slash));
        if (folder == null || !folder[1].equals("tree")) {
            return false;
        }
        String entry = "\t" + name.substring(slash + 1) + "\0";
        String listing = new String(git.objectsOutput(List.of("ls-tree", "-z", folder[0])), StandardCharsets.UTF_8);
        int at = listing.indexOf(entry);
        return at >= 0 && listing.lastIndexOf(" commit ", at) > listing.lastIndexOf('\0', at);
    }

    /**
     * Writes what {@code git show} prints for the entry: a file's bytes as stored (no textconv, no filter), or
     * a folder as "tree NAME", a blank line and its entries, folders with a trailing '/'.
     */
    public void show(CommitEntry entry, OutputStream out) throws IOException {
        switch (entry.type()) {
            case "blob" -> git.objects(out, List.of("cat-file", "blob", entry.id()));
            case "tree" -> out.write(listing(entry));
            default -> throw new PrdiffException(ErrorCode.INVALID_INPUT, "'" + printable(entry.path()) + "' at "
                    + entry.commit() + " is a " + entry.type() + " (a submodule?), not a file or folder");
        }
    }

    private byte[] listing(CommitEntry tree) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(("tree " + tree.name() + "\n\n").getBytes(StandardCharsets.UTF_8));
        byte[] raw = git.objectsOutput(List.of("ls-tree", "-z", tree.id()));
        int start = 0;
        for (int end = 0; end < raw.length; end++) {
            if (raw[end] != 0) {
                continue;
            }
            // "MODE TYPE ID<TAB>NAME": the name is bytes, written as they are (git show does not quote them).
            int tab = indexOf(raw, (byte) '\t', start, end);
            out.write(raw, tab + 1, end - tab - 1);
            if (new String(raw, start, tab - start, StandardCharsets.US_ASCII).contains(" tree ")) {
                out.write('/');
            }
            out.write('\n');
            start = end + 1;
        }
        return out.toByteArray();
    }

    /** The full SHA of the commit {@code rev} names, resolved as --commit resolves it. */
    public String commit(String rev) {
        return git.commit(rev);
    }

    /** Where the repository was opened below the top of its work tree ("pkg/cmd/"), or "" at the top. */
    public String prefix() {
        return git.prefix();
    }

    /**
     * Streams {@code git grep --heading -n} over {@code commit} (a full SHA) into {@code out}: for each file that
     * matches a line "SHA:PATH" then its lines "LINE:TEXT" (context "LINE-TEXT", "--" between groups), "Binary
     * file SHA:PATH matches" for a binary file; with -l "SHA:PATH", with -c "SHA:PATH:COUNT". Pathspecs are read as
     * typed in the folder {@code prefix} ("" for the top), as git reads them there. {@code colored}: git's default
     * colours (no config is read). Returns false when nothing matched.
     */
    public boolean grep(String commit, GrepQuery query, String prefix, boolean colored, OutputStream out) {
        List<String> args = new ArrayList<>(List.of("grep", "--heading", "--line-number",
                colored ? "--color=always" : "--no-color", "--no-textconv", "--no-column", "--no-full-name"));
        args.addAll(grepOptions(query));
        args.add(commit);
        args.add("--");
        args.addAll(FolderPathspecs.atTop(prefix, query.paths()));
        Subprocess.Result r = git.objectsUnchecked(in -> in.transferTo(out), args);
        if (r.exitCode() == 0 || r.exitCode() == 1 && r.stderr().isBlank()) {
            return r.exitCode() == 0;
        }
        String why = Git.trim(r.stderr());
        if (why.contains("option, '") || why.contains("command line, '") || why.contains("pathspec") || why.contains("outside repository")) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "git grep refused the pattern or a path: " + why);
        }
        throw new PrdiffException(ErrorCode.GIT_FAILED, "git grep failed (exit " + r.exitCode() + ")"
                + (why.isEmpty() ? "" : ": " + why));
    }

    /** {@code SHA:./x} would be read against a work tree the scratch directory does not have. */
    private static void requireRepoRelative(String path) {
        if (path.indexOf('\0') >= 0) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "a path cannot hold a NUL byte");
        }
        if (path.equals(".") || path.equals("..") || path.startsWith("./") || path.startsWith("../")) {
            throw new PrdiffException(ErrorCode.INVALID_INPUT, "paths are repo-relative (from the top of the"
                    + " repository, as git ls-tree prints them), never relative to a folder: '" + printable(path) + "'");
        }
    }

    private static int indexOf(byte[] bytes, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new PrdiffException(ErrorCode.GIT_FAILED, "git ls-tree gave an entry without a name");
    }

    private static String printable(String s) {
        return s == null ? "" : s.replaceAll("[\\x00-\\x1f\\x7f]", "?");
    }

    /** git grep's options for {@code query}, the pattern behind -e so that one starting with '-' stays a pattern. */
    private static List<String> grepOptions(GrepQuery query) {
        List<String> options = new ArrayList<>();
        if (query.ignoreCase()) {
            options.add("--ignore-case");
        }
        if (query.fixed()) {
            options.add("--fixed-strings");
        }
        if (query.extended()) {
            options.add("--extended-regexp");
        }
        if (!query.fixed() && !query.extended()) {
            options.add("--basic-regexp");
        }
        if (query.word()) {
            options.add("--word-regexp");
        }
        switch (query.listing()) {
            case FILES -> options.add("--files-with-matches");
            case COUNTS -> options.add("--count");
            case LINES -> options.addAll(List.of("--before-context=" + query.before(),
                    "--after-context=" + query.after()));
        }
        options.add("-e");
        options.add(query.pattern());
        return options;
    }
}
