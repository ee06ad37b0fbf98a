package dev.prdiff.git;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The environments git runs in. None of them inherits a GIT_* variable (they can redirect the repository,
 * index, work tree, config or diff program), a pager or a locale; none reads the user's system or global
 * config, apart from the trust settings {@link TrustSettings} carries over.
 */
public final class GitEnvironment {
    /**
     * For work-tree diffs, which run in the checkout: every setting that changes diff output, forced to git's default,
     * and no fsmonitor or hook (the post-index-change hook would run on --untracked's copy of the index).
     */
    static final List<String> DIFF_CONFIG = List.of(
            "core.fsmonitor=false",
            "core.hooksPath=/dev/null",
            "core.quotePath=true",
            "core.abbrev=auto",
            "core.pager=cat",
            "color.ui=never",
            "color.diff=never",
            "diff.noprefix=false",
            "diff.mnemonicPrefix=false",
            "diff.relative=false",
            "diff.external=",
            "diff.renames=true",
            "diff.algorithm=myers",
            "diff.indentHeuristic=true",
            "diff.context=3",
            "diff.interHunkContext=0",
            "diff.suppressBlankEmpty=false",
            "diff.orderFile=/dev/null",
            "diff.submodule=short",
            "diff.ignoreSubmodules=none",
            "diff.srcPrefix=a/",
            "diff.dstPrefix=b/");

    /**
     * For discovery and reading refs in the user's repository: nothing there may run. These are the settings through which
     * git would start a program or read the index (which starts the fsmonitor) on the commands prdiff runs, and
     * the commit-graph, a cache of parents the repository could forge (see ScratchGitDir).
     */
    static final List<String> DISCOVERY_CONFIG = List.of(
            "core.commitGraph=false",
            "core.fsmonitor=false",
            "core.hooksPath=/dev/null",
            "core.untrackedCache=false");

    /**
     * {@link #DISCOVERY_CONFIG}, for commands given the git directory: there core.bare keeps the work tree out too
     * (in discovery it would change the answer).
     */
    static final List<String> REPOSITORY_CONFIG = plus(DISCOVERY_CONFIG, "core.bare=true");

    /** Diff options that keep drivers, textconv filters and colour out of the output. */
    static final List<String> DIFF_OPTIONS = List.of("--no-ext-diff", "--no-textconv", "--no-color");

    /** {@code git diff} with {@link #DIFF_OPTIONS} and {@code options}, then the revisions, then the pathspec. */
    static List<String> diffArgs(List<String> options, List<String> revisions, List<String> pathspec) {
        List<String> args = new java.util.ArrayList<>(List.of("diff"));
        args.addAll(DIFF_OPTIONS);
        args.addAll(options);
        args.add("--end-of-options");
        args.addAll(revisions);
        args.add("--");
        args.addAll(pathspec);
        return args;
    }

    private GitEnvironment() {}

    /** For git in the user's repository or checkout: their trust settings, an empty HOME, no replacements. */
    static Map<String, String> repository(Map<String, String> inherited, Path trustConfig, Path emptyHome) {
        Map<String, String> env = withoutGit(inherited);
        fixed(env, emptyHome);
        env.put("GIT_CONFIG_GLOBAL", trustConfig.toString());
        return env;
    }

    /**
     * As {@link #repository}, with the strictest trust settings instead of the user's: no safe.directory (only
     * repositories the user owns) and safe.bareRepository=explicit (no bare repository found by discovery).
     */
    static Map<String, String> strictRepository(Map<String, String> inherited, Path emptyHome) {
        Map<String, String> env = withoutGit(inherited);
        fixed(env, emptyHome);
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("GIT_CONFIG_KEY_0", "safe.bareRepository");
        env.put("GIT_CONFIG_VALUE_0", "explicit");
        return env;
    }

    /** For git in a scratch git directory: as good as an empty environment; only PATH is inherited. */
    static Map<String, String> objects(Map<String, String> inherited, Path emptyHome) {
        Map<String, String> env = new HashMap<>();
        if (inherited.get("PATH") != null) {
            env.put("PATH", inherited.get("PATH"));
        }
        fixed(env, emptyHome);
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        return env;
    }

    /**
     * For fetching a pull request's commits in a scratch git directory: the user's HOME and variables stay,
     * because the credential helper is gh, which finds its login there; git's global config stays shut out.
     */
    static Map<String, String> fetch(Map<String, String> inherited) {
        Map<String, String> env = withoutGit(inherited);
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_ATTR_NOSYSTEM", "1");
        env.put("GIT_NO_REPLACE_OBJECTS", "1");
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("LC_ALL", "C");
        return env;
    }

    /** A copy of {@code env} whose HOME (and what is found through it) is {@code emptyHome}. */
    static Map<String, String> rehomed(Map<String, String> env, Path emptyHome) {
        Map<String, String> copy = new HashMap<>(env);
        fixed(copy, emptyHome);
        return copy;
    }

    private static Map<String, String> withoutGit(Map<String, String> inherited) {
        Map<String, String> env = new HashMap<>();
        for (Map.Entry<String, String> e : inherited.entrySet()) {
            String k = e.getKey();
            if (!k.startsWith("GIT_") && !k.equals("PAGER") && !k.startsWith("LC_") && !k.equals("LANG")) {
                env.put(k, e.getValue());
            }
        }
        return env;
    }

    private static void fixed(Map<String, String> env, Path emptyHome) {
        env.put("HOME", emptyHome.toString());
        env.put("XDG_CONFIG_HOME", emptyHome.resolve(".config").toString());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_ATTR_NOSYSTEM", "1");
        env.put("GIT_NO_REPLACE_OBJECTS", "1");
        // info/grafts (deprecated, still honoured) would rewrite parents: a path that never exists shuts it out.
        env.put("GIT_GRAFT_FILE", emptyHome.resolve("no-grafts").toString());
        env.put("GIT_NO_LAZY_FETCH", "1");
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_OPTIONAL_LOCKS", "0");
        env.put("GIT_PAGER", "cat");
        env.put("LC_ALL", "C");
    }

    private static List<String> plus(List<String> settings, String one) {
        List<String> all = new java.util.ArrayList<>(settings);
        all.add(one);
        return List.copyOf(all);
    }

    static List<String> configArgs(List<String> settings) {
        List<String> args = new java.util.ArrayList<>(2 * settings.size());
        for (String c : settings) {
            args.add("-c");
            args.add(c);
        }
        return List.copyOf(args);
    }
}
