package dev.prdiff.git;

import dev.prdiff.core.ErrorCode;
import dev.prdiff.core.PrdiffException;

import java.util.ArrayList;
import java.util.List;

/**
 * Pathspecs typed in a folder below the top of the work tree (git's prefix, "pkg/cmd/"), rewritten for a git
 * that runs at the top, as git reads them in that folder: {@code x} is {@code pkg/cmd/x}, {@code ../x} is
 * {@code pkg/x}, magic keeps its signature ({@code :!x}, {@code :(glob)x}), {@code :/x} and {@code :(top)x}
 * stay from the top; and with no pathspec, or excludes alone, the search is that folder (git grep's
 * PATHSPEC_PREFER_CWD).
 */
final class FolderPathspecs {
    private FolderPathspecs() {}

    static List<String> atTop(String prefix, List<String> specs) {
        if (prefix.isEmpty()) {
            return specs;
        }
        List<String> top = new ArrayList<>(specs.size() + 1);
        boolean include = false;
        for (String spec : specs) {
            String magic = "";
            String path = spec;
            boolean fromTop = false;
            boolean exclude = false;
            if (spec.startsWith(":(")) {
                int close = spec.indexOf(')');
                if (close < 0) {
                    top.add(spec);
                    include = true;
                    continue;
                }
                magic = spec.substring(0, close + 1);
                path = spec.substring(close + 1);
                for (String word : spec.substring(2, close).split(",")) {
                    fromTop |= word.strip().equals("top");
                    exclude |= word.strip().equals("exclude");
                }
            } else if (spec.startsWith(":")) {
                int end = 1;
                while (end < spec.length() && "/!^".indexOf(spec.charAt(end)) >= 0) {
                    end++;
                }
                String signs = spec.substring(1, end);
                fromTop = signs.indexOf('/') >= 0;
                exclude = signs.indexOf('!') >= 0 || signs.indexOf('^') >= 0;
                magic = ":" + signs + ":";
                path = spec.substring(end < spec.length() && spec.charAt(end) == ':' ? end + 1 : end);
            }
            include |= !exclude;
            top.add(fromTop || path.startsWith("/") ? spec : magic + inFolder(prefix, path, spec));
        }
        if (!include) {
            top.add(":(literal)" + prefix);
        }
        return top;
    }

    /** {@code prefix + path} with {@code .}, {@code ..} and doubled slashes resolved, as git's prefix_path does. */
    private static String inFolder(String prefix, String path, String typed) {
        List<String> parts = new ArrayList<>(List.of(prefix.substring(0, prefix.length() - 1).split("/")));
        String[] given = path.split("/", -1);
        for (int i = 0; i < given.length; i++) {
            String part = given[i];
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    throw new PrdiffException(ErrorCode.INVALID_INPUT, "the path '" + typed + "' is outside the"
                            + " repository: from the folder " + prefix + ", paths are relative to it, as git's are");
                }
                parts.remove(parts.size() - 1);
            } else {
                parts.add(part);
            }
        }
        if (parts.isEmpty()) {
            return ".";
        }
        String joined = String.join("/", parts);
        return path.endsWith("/") ? joined + "/" : joined;
    }
}
