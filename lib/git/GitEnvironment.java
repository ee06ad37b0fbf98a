package dev.prdiff.git;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What makes git's output independent of the caller: the environment every git process gets, and the
 * {@code -c} overrides for every setting that changes diff output.
 */
public final class GitEnvironment {
    /** Repository-local config could set any of these; each is forced to git's default. */
    static final List<String> DIFF_CONFIG = List.of(
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

    /** Diff options that keep drivers, textconv filters and colour out of the output. */
    static final List<String> DIFF_OPTIONS = List.of("--no-ext-diff", "--no-textconv", "--no-color");

    private GitEnvironment() {}

    /**
     * The caller's environment without any GIT_* variable (they can redirect the repository, index, work tree,
     * config or diff program), with system and user config shut out and no prompts or pagers.
     */
    static Map<String, String> hermetic(Map<String, String> inherited) {
        Map<String, String> env = new HashMap<>();
        inherited.forEach((k, v) -> {
            if (!k.startsWith("GIT_") && !k.equals("PAGER") && !k.startsWith("LC_") && !k.equals("LANG")) {
                env.put(k, v);
            }
        });
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_OPTIONAL_LOCKS", "0");
        env.put("GIT_PAGER", "cat");
        env.put("LC_ALL", "C");
        return env;
    }

    /** The -c arguments that go before the subcommand. */
    static List<String> configArgs() {
        return DIFF_CONFIG.stream().flatMap(c -> java.util.stream.Stream.of("-c", c)).toList();
    }
}
