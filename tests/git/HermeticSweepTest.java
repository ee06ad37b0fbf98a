package git;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.McpSession;
import support.PrdiffCli;
import support.BareOracle;
import support.Fixtures;
import support.HostileConfig;
import support.HostileConfig.Setting;
import support.Markers;
import support.NeutralGit;
import support.Proc;
import support.TempRepo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static support.DiffSections.excerpt;
import static support.DiffSections.firstDifference;

/**
 * The hermetic sweep. Commit-addressed outputs (ranges, --commit, with --files-only and --file) must equal git's
 * diff in a bare clone run with an empty environment, and must not change by a byte, nor run any command, when
 * the user's setup is hostile: every core, diff, attr, color, submodule and i18n key this git lists set in the
 * repository's config (in a few batches git accepts), every attributes source, a hostile global config and
 * environment, a populated hostile submodule, and a committed bare repository with a hostile config of its own.
 *
 * <p>Keys git cannot be given an accepted, non-default value are skipped and printed; on git 2.39 the attr.*
 * section lists no keys ({@code attr.tree} arrived in 2.44).
 */
@support.Parallel
class HermeticSweepTest {
    static final String DRIVER = "evil";
    static final String SUBMODULE = "evilsub";
    static final String STATIC_ONLY = "no repository config (attributes, work tree, index, global config, env)";
    static final String FILES = "src/app.ts,elsewhere/plain renamed.txt,vendor/sub";
    static final List<String> FILES_PATHSPEC = List.of(":(literal)src/app.ts", ":(literal)moved/plain.txt",
            ":(literal)elsewhere/plain renamed.txt", ":(literal)vendor/sub");

    static Markers markers;
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static TempRepo inner;
    static TempRepo decoy;
    static BareOracle oracle;
    static BareOracle innerOracle;
    static Path work;
    static Path evil;
    static Path poisonedHome;
    static Path xdgHome;
    static Path safeHome;
    static String base;
    static String h1;
    static String mid;
    static String head;
    static String innerA;
    static String innerB;
    static String originalConfig;
    static final Map<String, List<Setting>> batches = new LinkedHashMap<>();
    static final List<String> skipped = new ArrayList<>();
    static final Map<String, byte[]> baseline = new LinkedHashMap<>();

    /** A prdiff invocation and what the oracle computes for it. */
    record Case(Path dir, List<String> args, List<String> revs, List<String> pathspec, boolean filesOnly) {
        String label() {
            return String.join(" ", args);
        }

        String[] argv() {
            List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
            all.addAll(args);
            return all.toArray(String[]::new);
        }
    }

    static List<Case> cases() {
        Path d = repo.dir();
        return List.of(
                new Case(d, List.of(base + "..." + head), List.of(base + "..." + head), List.of(), false),
                new Case(d, List.of(base + ".." + head), List.of(base, head), List.of(), false),
                new Case(d, List.of(mid + ".." + head), List.of(mid, head), List.of(), false),
                new Case(d, List.of("--commit", head), List.of(mid, head), List.of(), false),
                new Case(d, List.of("--commit", mid), List.of(h1, mid), List.of(), false),
                new Case(d, List.of(base + "..." + head, "--files-only"), List.of(base + "..." + head), List.of(), true),
                new Case(d, List.of(mid + ".." + head, "--files-only"), List.of(mid, head), List.of(), true),
                new Case(d, List.of("--commit", head, "--files-only"), List.of(mid, head), List.of(), true),
                new Case(d, List.of(base + "..." + head, "--file", FILES), List.of(base + "..." + head), FILES_PATHSPEC, false),
                new Case(d, List.of("--commit", head, "--file", "vendor/sub,src/app.ts"), List.of(mid, head),
                        List.of("vendor/sub", "src/app.ts"), false));
    }

    /** Ranges inside the committed bare repository fixtures/evil.git, which has a submodule change of its own. */
    static List<Case> nestedCases() {
        return List.of(
                new Case(evil, List.of(innerA + "..." + innerB), List.of(innerA + "..." + innerB), List.of(), false),
                new Case(evil, List.of(innerA + ".." + innerB), List.of(innerA, innerB), List.of(), false),
                new Case(evil, List.of("--commit", innerB), List.of(innerA, innerB), List.of(), false),
                new Case(evil, List.of("--commit", innerB, "--file", "dep,a.txt"), List.of(innerA, innerB),
                        List.of("dep", "a.txt"), false),
                new Case(evil, List.of(innerA + "..." + innerB, "--files-only"), List.of(innerA + "..." + innerB),
                        List.of(), true));
    }

    @BeforeAll
    static void buildCaptureAndPoison() throws IOException {
        markers = new Markers();
        work = markers.root();
        String[] shas = Fixtures.everyShape(repo);
        base = shas[0];
        h1 = shas[1];
        buildNestedRepository();
        addSubmoduleAndNestedRepository();
        oracle = BareOracle.cloneOf(repo.dir());
        innerOracle = BareOracle.cloneOf(inner.dir());

        Path cleanHome = Files.createDirectories(work.resolve("clean-home"));
        Map<String, String> clean = Map.of("PATH", System.getenv("PATH"), "HOME", cleanHome.toString());
        for (Case c : cases()) {
            Proc.Result r = PrdiffCli.run(clean, c.argv());
            assertEquals(0, r.exit(), c.label() + ": " + r.stderr());
            baseline.put(c.label(), r.stdout());
        }
        assertEquals(List.of(), markers.described(), "a clean run ran something");

        poisonCheckout();
        poisonHomes();
        originalConfig = Files.readString(repo.dir().resolve(".git/config"));
        chooseHostileValues();
    }

    /** Its own history: a file and a gitlink, both changed between innerA and innerB. */
    static void buildNestedRepository() {
        inner = TempRepo.init();
        inner.write("a.txt", "one\n").write(".gitmodules", gitmodules("innersub", "dep", null));
        inner.git("add", "a.txt", ".gitmodules");
        inner.git("update-index", "--add", "--cacheinfo", "160000," + base + ",dep");
        inner.git("commit", "-q", "-m", "inner A");
        innerA = inner.text("rev-parse", "HEAD").strip();
        inner.write("a.txt", "two\n");
        inner.git("add", "a.txt");
        inner.git("update-index", "--cacheinfo", "160000," + h1 + ",dep");
        inner.git("commit", "-q", "-m", "inner B");
        innerB = inner.text("rev-parse", "HEAD").strip();
    }

    /**
     * On the feature branch: mid adds a submodule (gitlink plus .gitmodules) and commits a bare clone of the
     * nested repository whose config is hostile; head moves the gitlink and changes a file.
     */
    static void addSubmoduleAndNestedRepository() throws IOException {
        evil = repo.dir().resolve("fixtures/evil.git");
        NeutralGit.run(work, "clone", "--bare", "-q", inner.dir().toString(), evil.toString());
        deleteTree(evil.resolve("hooks"));
        List<Setting> hostile = new ArrayList<>();
        for (String key : List.of("core.fsmonitor", "core.pager", "core.alternateRefsCommand", "diff.external",
                "diff.evil.textconv", "diff.evil.command")) {
            hostile.add(new Setting(key, markers.command("nested." + key)));
        }
        hostile.addAll(List.of(new Setting("core.hooksPath", markers.hooksDir("nested.core.hooksPath").toString()),
                new Setting("core.attributesFile", evil.resolve("hostile-attributes").toString()),
                new Setting("core.abbrev", "40"), new Setting("core.bigFileThreshold", "1"),
                new Setting("core.quotePath", "false"), new Setting("diff.noprefix", "true"),
                new Setting("diff.evil.binary", "true"), new Setting("diff.evil.xfuncname", "^(.*)$"),
                new Setting("diff.submodule", "log"), new Setting("diff.ignoreSubmodules", "all"),
                new Setting("diff.context", "0"), new Setting("diff.renames", "copies"),
                new Setting("submodule.innersub.ignore", "all"), new Setting("color.ui", "always")));
        Files.writeString(evil.resolve("config"), Files.readString(evil.resolve("config")) + HostileConfig.text(hostile));
        Files.writeString(evil.resolve("hostile-attributes"), "* diff=evil\n");
        Files.createDirectories(evil.resolve("info"));
        Files.writeString(evil.resolve("info/attributes"), "* diff=evil\n");
        Files.writeString(evil.resolve(".gitattributes"), "* -diff\n");

        repo.write(".gitmodules", gitmodules(SUBMODULE, "vendor/sub", null));
        repo.git("add", "-f", ".gitmodules", "fixtures/evil.git");
        repo.git("update-index", "--add", "--cacheinfo", "160000," + base + ",vendor/sub");
        repo.git("commit", "-q", "-m", "a submodule and a committed bare repository");
        mid = repo.text("rev-parse", "HEAD").strip();
        repo.write("src/app.ts", Files.readString(repo.dir().resolve("src/app.ts")) + "app twenty-two\n");
        repo.git("add", "src/app.ts");
        repo.git("update-index", "--cacheinfo", "160000," + h1 + ",vendor/sub");
        repo.git("commit", "-q", "-m", "move the submodule");
        head = repo.text("rev-parse", "HEAD").strip();
    }

    /**
     * Every attributes source a checkout has, a populated hostile submodule, and garbage in the work tree and index.
     * Each source sets a pattern no higher-precedence source overrides, so each one shows on its own; the evil
     * driver is selected for every path by the lowest-precedence sources (core.attributesFile, the user's file).
     */
    static void poisonCheckout() throws IOException {
        Path sub = repo.dir().resolve("vendor/sub");
        NeutralGit.run(work, "clone", "-q", "--shared", repo.dir().toString(), sub.toString());
        List<Setting> subConfig = new ArrayList<>();
        for (String key : List.of("core.fsmonitor", "core.pager", "diff.external", "diff.evil.textconv")) {
            subConfig.add(new Setting(key, markers.command("submodule-checkout." + key)));
        }
        subConfig.add(new Setting("core.hooksPath", markers.hooksDir("submodule-checkout.core.hooksPath").toString()));
        Path subConfigFile = sub.resolve(".git/config");
        Files.writeString(subConfigFile, Files.readString(subConfigFile) + HostileConfig.text(subConfig));

        repo.checkout("-b", "poisoned");
        repo.write(".gitattributes", "*.txt -diff\n");
        repo.git("add", ".gitattributes");
        repo.git("commit", "-q", "-m", "hostile attributes on the checked-out branch");
        for (String path : List.of("src/app.ts", "lib/a/index.ts", "elsewhere/plain renamed.txt", "bin.dat")) {
            repo.write(path, "garbage that must never be diffed\n");
        }
        repo.git("add", "src/app.ts", "elsewhere/plain renamed.txt");
        repo.write("src/.gitattributes", "* -diff\n");
        repo.write("lib/.gitattributes", "*.ts binary\n");
        repo.git("add", "lib/.gitattributes");
        Files.delete(repo.dir().resolve("lib/.gitattributes"));
        repo.write(".gitmodules", gitmodules(SUBMODULE, "vendor/sub", "all"));
        repo.git("add", ".gitmodules");
        Files.delete(repo.dir().resolve(".gitmodules"));
        repo.write(".git/info/attributes", "*.dat diff\n*.bin diff\n*.ts diff=evil\n");
        repo.write(".git/.gitattributes", "*.ts -diff\n");

        decoy = TempRepo.init();
        decoy.write("src/app.ts", "decoy\n").write(".gitattributes", "* diff=evil\n* -diff\n");
        decoy.commit("decoy");
    }

    /** A user whose global config, XDG config, attributes and system config are all hostile; and one who is careful. */
    static void poisonHomes() throws IOException {
        poisonedHome = Files.createDirectories(work.resolve("poisoned-home"));
        xdgHome = Files.createDirectories(work.resolve("xdg-config"));
        List<Setting> global = new ArrayList<>();
        for (String key : List.of("core.fsmonitor", "core.pager", "diff.external", "diff.evil.textconv",
                "diff.evil.command")) {
            global.add(new Setting(key, markers.command("global." + key)));
        }
        global.addAll(List.of(new Setting("core.hooksPath", markers.hooksDir("global.core.hooksPath").toString()),
                new Setting("core.attributesFile", work.resolve("global-attributes").toString()),
                new Setting("core.abbrev", "12"), new Setting("core.quotePath", "false"),
                new Setting("core.bigFileThreshold", "1"), new Setting("diff.noprefix", "true"),
                new Setting("diff.mnemonicPrefix", "true"), new Setting("diff.relative", "true"),
                new Setting("diff.context", "0"), new Setting("diff.algorithm", "patience"),
                new Setting("diff.renames", "copies"), new Setting("diff.renameLimit", "1"),
                new Setting("diff.submodule", "log"), new Setting("diff.ignoreSubmodules", "all"),
                new Setting("diff.evil.binary", "true"), new Setting("diff.evil.xfuncname", "^(.*)$"),
                new Setting("submodule." + SUBMODULE + ".ignore", "all"), new Setting("color.ui", "always")));
        String text = HostileConfig.text(global);
        String attributes = "* diff=evil\n*.md -diff\n";
        Files.writeString(work.resolve("global-attributes"), attributes);
        writeFile(poisonedHome.resolve(".gitconfig"), text);
        writeFile(poisonedHome.resolve(".config/git/config"), text);
        writeFile(poisonedHome.resolve(".config/git/attributes"), attributes);
        writeFile(xdgHome.resolve("git/config"), text);
        writeFile(xdgHome.resolve("git/attributes"), attributes);
        writeFile(work.resolve("system-gitconfig"), text);
        safeHome = Files.createDirectories(work.resolve("careful-home"));
        writeFile(safeHome.resolve(".gitconfig"), "[safe]\n\tbareRepository = explicit\n");
    }

    /** For each swept key the first hostile value git accepts (probed with -c), grouped into batches git accepts. */
    static void chooseHostileValues() throws IOException {
        Files.writeString(work.resolve("core-attributes"), "* diff=evil\n*.sh -diff\n");
        Files.writeString(work.resolve("order"), "z*\n*.txt\n*\n");
        Files.writeString(work.resolve("excludes"), "*\n");
        HostileConfig.Places places = new HostileConfig.Places(work.resolve("core-attributes"), work.resolve("order"),
                work.resolve("excludes"), decoy.dir(), markers.hooksDir("core.hooksPath"));
        batches.put(STATIC_ONLY, List.of());
        for (String key : HostileConfig.keys(DRIVER, SUBMODULE)) {
            String chosen = null;
            for (String value : HostileConfig.candidates(key, markers, places)) {
                if (repo.run("-c", key + "=" + value, "diff", mid, head).exit() == 0) {
                    chosen = value;
                    break;
                }
            }
            if (chosen == null) {
                skipped.add(key);
            } else {
                batches.computeIfAbsent(batchOf(key), b -> new ArrayList<>()).add(new Setting(key, chosen));
            }
        }
        markers.clear();
        for (var batch : batches.entrySet()) {
            writeConfig(batch.getValue());
            Proc.Result r = repo.run("rev-parse", "HEAD");
            assertEquals(0, r.exit(), "git rejects the batch '" + batch.getKey() + "': " + r.stderr());
        }
        restoreConfig();
        int swept = batches.values().stream().mapToInt(List::size).sum();
        System.out.println("HermeticSweepTest: " + swept + " keys swept in " + (batches.size() - 1) + " batches; skipped "
                + skipped);
    }

    static String batchOf(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.equals("core.bare")) {
            return "core.bare";
        } else if (k.startsWith("core.")) {
            return "core.*";
        } else if (k.startsWith("color.")) {
            return "color.*";
        } else if (k.startsWith("submodule.") || k.equals("diff.ignoresubmodules")) {
            return "submodule.* and diff.ignoreSubmodules";
        }
        return "diff.*, attr.* and i18n.*";
    }

    /** The hostile environment: a poisoned home and XDG config (or none, to reach ~/.config), and GIT_* redirections. */
    static Map<String, String> poisonedEnv(boolean withXdg) throws IOException {
        Path fakeIndex = work.resolve("fake-index");
        Files.writeString(fakeIndex, "not an index");
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", poisonedHome.toString());
        if (withXdg) {
            env.put("XDG_CONFIG_HOME", xdgHome.toString());
        }
        env.put("GIT_DIR", decoy.dir().resolve(".git").toString());
        env.put("GIT_WORK_TREE", decoy.dir().toString());
        env.put("GIT_INDEX_FILE", fakeIndex.toString());
        env.put("GIT_OBJECT_DIRECTORY", decoy.dir().resolve(".git/objects").toString());
        env.put("GIT_CONFIG_SYSTEM", work.resolve("system-gitconfig").toString());
        env.put("GIT_EXTERNAL_DIFF", markers.command("env.GIT_EXTERNAL_DIFF"));
        env.put("GIT_DIFF_OPTS", "--unified=0");
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("GIT_CONFIG_KEY_0", "diff.noprefix");
        env.put("GIT_CONFIG_VALUE_0", "true");
        env.put("GIT_CONFIG_PARAMETERS", "'color.ui'='always'");
        env.put("GIT_ATTR_SOURCE", "poisoned");
        env.put("GIT_PAGER", markers.command("env.GIT_PAGER"));
        env.put("PAGER", markers.command("env.PAGER"));
        return env;
    }

    @AfterAll
    static void cleanup() {
        for (AutoCloseable c : new AutoCloseable[] {inner, decoy, oracle, innerOracle, markers}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // best effort
            }
        }
    }

    @Test
    void cleanOutputsAreGitsOwnInABareCloneWithAnEmptyEnvironment() {
        List<String> failures = new ArrayList<>();
        for (Case c : cases()) {
            failures.addAll(againstOracle(oracle, c, baseline.get(c.label())));
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void everySweptKeyIsIgnoredAndRunsNothing() throws IOException {
        Map<String, String> env = poisonedEnv(true);
        List<String> failures = new ArrayList<>();
        // What the static poison alone prints: the reference for naming the keys of a batch that change more.
        Map<String, byte[]> staticOnly = new HashMap<>();
        for (var batch : batches.entrySet()) {
            writeConfig(batch.getValue());
            Case firstChangedByKeys = null;
            for (Case c : cases()) {
                markers.clear();
                Proc.Result r = PrdiffCli.run(env, c.argv());
                List<String> ran = markers.left();
                String where = "[" + batch.getKey() + "] " + c.label() + ": ";
                if (r.exit() != 0) {
                    failures.add(where + "exit " + r.exit() + ": " + r.stderr().strip());
                } else if (!Arrays.equals(baseline.get(c.label()), r.stdout())) {
                    failures.add(where + "stdout differs from the clean run");
                }
                if (!ran.isEmpty()) {
                    failures.add(where + "ran " + markers.described());
                }
                if (batch.getValue().isEmpty()) {
                    staticOnly.put(c.label(), r.exit() == 0 ? r.stdout() : null);
                } else if (firstChangedByKeys == null && (r.exit() != 0 || !Arrays.equals(staticOnly.get(c.label()), r.stdout()))) {
                    firstChangedByKeys = c;
                }
            }
            if (firstChangedByKeys != null) {
                failures.add("[" + batch.getKey() + "] keys that alone change '" + firstChangedByKeys.label()
                        + "' beyond the static poison: " + culprits(batch.getValue(), firstChangedByKeys, env,
                                staticOnly.get(firstChangedByKeys.label())));
            }
        }
        restoreConfig();
        markers.clear();
        assertTrue(failures.isEmpty(), failures.size() + " failures; skipped keys " + skipped + ":\n"
                + String.join("\n", failures));
    }

    @Test
    void aWholeProcessUnderThePoisonedEnvironmentWithEveryBatchButCoreBare() throws IOException {
        List<Setting> all = new ArrayList<>();
        batches.forEach((name, settings) -> {
            if (!name.equals("core.bare")) {
                all.addAll(settings);
            }
        });
        writeConfig(all);
        assertEquals(0, repo.run("rev-parse", "HEAD").exit(), "git rejects every batch at once");
        Map<String, String> env = poisonedEnv(false);
        List<String> failures = new ArrayList<>();
        for (Case c : List.of(cases().get(0), cases().get(3))) {
            markers.clear();
            Proc.Result r = PrdiffCli.spawn(env, repo.dir(), c.argv());
            if (r.exit() != 0) {
                failures.add(c.label() + ": exit " + r.exit() + ": " + r.stderr().strip());
            } else if (!Arrays.equals(baseline.get(c.label()), r.stdout())) {
                failures.add(c.label() + ": stdout differs from the clean run");
            }
            if (!markers.left().isEmpty()) {
                failures.add(c.label() + ": ran " + markers.described());
            }
        }
        restoreConfig();
        markers.clear();
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void mcpToolsOnThePoisonedRepository() throws IOException {
        String commitDiff = oracle.diffText(List.of(mid, head), List.of());
        String rangeDiff = oracle.diffText(List.of(base + "..." + head), FILES_PATHSPEC);
        List<String> failures = new ArrayList<>();
        McpSession s = McpSession.initialized(McpSession.config(repo.dir()).withEnv(poisonedEnv(true)));
        try {
            for (var batch : batches.entrySet()) {
                writeConfig(batch.getValue());
                markers.clear();
                check(failures, batch.getKey(), "get_commit_diff", commitDiff, s.callResult("get_commit_diff",
                        args("hash", head, "repo_path", repo.dir().toString())));
                check(failures, batch.getKey(), "get_diff", rangeDiff, s.callResult("get_diff",
                        args("base", base, "head", head, "path", FILES, "repo_path", repo.dir().toString())));
                if (!markers.left().isEmpty()) {
                    failures.add("[" + batch.getKey() + "] MCP tools ran " + markers.described());
                }
            }
        } finally {
            restoreConfig();
            markers.clear();
            s.finish(McpSession.WAIT);
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void aCommittedBareRepositoryWithAHostileConfigRunsNothing() throws IOException {
        Map<String, String> env = poisonedEnv(true);
        List<String> failures = new ArrayList<>();
        for (Case c : nestedCases()) {
            markers.clear();
            Proc.Result r = PrdiffCli.run(env, c.argv());
            if (r.exit() != 0) {
                failures.add("-C fixtures/evil.git " + c.label() + ": exit " + r.exit() + ": " + r.stderr().strip());
            } else {
                failures.addAll(againstOracle(innerOracle, c, r.stdout()));
            }
            if (!markers.left().isEmpty()) {
                failures.add("-C fixtures/evil.git " + c.label() + ": ran " + markers.described());
            }
        }
        markers.clear();
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void safeBareRepositoryExplicitInTheUsersConfigIsHonoured() {
        Map<String, String> env = Map.of("PATH", System.getenv("PATH"), "HOME", safeHome.toString());
        Proc.Result git = Proc.run(List.of("git", "rev-parse", "--git-dir"), evil, env, Duration.ofSeconds(30));
        assertTrue(git.exit() != 0, "git itself should refuse the bare repository: " + git.describe());
        markers.clear();
        List<String> failures = new ArrayList<>();
        for (Case c : nestedCases()) {
            Proc.Result r = PrdiffCli.run(env, c.argv());
            if (r.exit() == 0 || !(r.stderr().contains("NOT_A_REPOSITORY") || r.stderr().contains("GIT_FAILED"))) {
                failures.add("-C fixtures/evil.git " + c.label() + " under safe.bareRepository=explicit: exit "
                        + r.exit() + ", stderr '" + r.stderr().strip() + "'; git refuses this repository, prdiff must too");
            }
        }
        if (!markers.left().isEmpty()) {
            failures.add("ran " + markers.described());
        }
        markers.clear();
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * The static poison one source at a time, so a failure names the source: every file-based attributes or user
     * config source is moved aside, then each is put back alone. "index and work tree only" is what remains with all
     * of them aside: the poisoned checkout's index (staged-only lib/.gitattributes and .gitmodules, the checked-out
     * branch's committed .gitattributes) and its garbage work tree.
     */
    @Test
    void eachAttributesAndUserConfigSourceOnItsOwnChangesNothing() throws IOException {
        Map<String, List<Path>> sources = new LinkedHashMap<>();
        sources.put("work tree .gitattributes (committed on the checked-out branch)", List.of(repo.dir().resolve(".gitattributes")));
        sources.put("untracked src/.gitattributes", List.of(repo.dir().resolve("src/.gitattributes")));
        sources.put("$GIT_DIR/info/attributes", List.of(repo.dir().resolve(".git/info/attributes")));
        sources.put("$GIT_DIR/.gitattributes", List.of(repo.dir().resolve(".git/.gitattributes")));
        sources.put("$XDG_CONFIG_HOME/git/attributes", List.of(xdgHome.resolve("git/attributes")));
        sources.put("~/.config/git/attributes (no XDG_CONFIG_HOME)", List.of(poisonedHome.resolve(".config/git/attributes")));
        sources.put("user config (~/.gitconfig, ~/.config/git/config, $XDG_CONFIG_HOME/git/config)", List.of(
                poisonedHome.resolve(".gitconfig"), poisonedHome.resolve(".config/git/config"), xdgHome.resolve("git/config")));
        List<Path> all = sources.values().stream().flatMap(List::stream).toList();
        List<Case> sample = List.of(cases().get(0), cases().get(3));
        List<String> failures = new ArrayList<>();
        restoreConfig();
        try {
            all.forEach(p -> move(p, aside(p)));
            Map<String, byte[]> remainder = new HashMap<>();
            failures.addAll(sourceChanges("index and work tree only", sample, true, baseline, remainder));
            for (var source : sources.entrySet()) {
                source.getValue().forEach(p -> move(aside(p), p));
                failures.addAll(sourceChanges(source.getKey(), sample, !source.getKey().contains("no XDG"), remainder, null));
                source.getValue().forEach(p -> move(p, aside(p)));
            }
            writeConfig(List.of(new Setting("core.attributesFile", work.resolve("core-attributes").toString())));
            failures.addAll(sourceChanges("core.attributesFile in .git/config", sample, true, remainder, null));
        } finally {
            all.forEach(p -> move(aside(p), p));
            restoreConfig();
            markers.clear();
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * Runs the sample and names what differs from {@code reference} (the clean run for the remainder, the
     * remainder's output for a single source); {@code record}, when given, keeps the outputs.
     */
    static List<String> sourceChanges(String source, List<Case> sample, boolean withXdg, Map<String, byte[]> reference,
                                      Map<String, byte[]> record) throws IOException {
        Map<String, String> env = new HashMap<>(Map.of("PATH", System.getenv("PATH"), "HOME", poisonedHome.toString()));
        if (withXdg) {
            env.put("XDG_CONFIG_HOME", xdgHome.toString());
        }
        List<String> failures = new ArrayList<>();
        for (Case c : sample) {
            markers.clear();
            Proc.Result r = PrdiffCli.run(env, c.argv());
            if (record != null) {
                record.put(c.label(), r.stdout());
            }
            if (r.exit() != 0) {
                failures.add("[" + source + "] " + c.label() + ": exit " + r.exit() + ": " + r.stderr().strip());
            } else if (!Arrays.equals(reference.get(c.label()), r.stdout())) {
                failures.add("[" + source + "] " + c.label() + ": stdout differs from the "
                        + (reference == baseline ? "clean run" : "index and work tree alone"));
            }
            if (!markers.left().isEmpty()) {
                failures.add("[" + source + "] " + c.label() + ": ran " + markers.described());
            }
        }
        return failures;
    }

    static Path aside(Path p) {
        return p.resolveSibling(p.getFileName() + ".aside");
    }

    static void move(Path from, Path to) {
        try {
            Files.move(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Without this the sweep could pass because the poison does nothing; a sample of it must bite plain git. */
    @Test
    void thePoisonIsRealForPlainGit() throws IOException {
        byte[] range = oracle.diff(List.of(base + "..." + head), List.of());
        List<String> failures = new ArrayList<>();

        writeConfig(batches.get("diff.*, attr.* and i18n.*"));
        expectMarker(failures, "diff.external", () -> repo.run("diff", base + "..." + head));
        expectMarker(failures, "diff.evil.textconv", () -> repo.run("diff", "--no-ext-diff", base + "..." + head));

        writeConfig(batches.get("core.*"));
        expectMarker(failures, "core.fsmonitor", () -> repo.run("status", "--porcelain"));
        expectDiffers(failures, "core.* batch", range, repo.run("diff", "--no-ext-diff", base + "..." + head));

        writeConfig(batches.get("color.*"));
        expectDiffers(failures, "color.* batch", range, repo.run("diff", "--no-ext-diff", base + "..." + head));

        writeConfig(batches.get("submodule.* and diff.ignoreSubmodules"));
        expectDiffers(failures, "submodule batch", oracle.diff(List.of(mid, head), List.of()),
                repo.run("diff", "--no-ext-diff", mid, head));

        restoreConfig();
        expectDiffers(failures, "$GIT_DIR/info/attributes", oracle.diff(List.of(base, head), List.of("bin.dat")),
                repo.run("diff", "--no-ext-diff", base, head, "--", "bin.dat"));
        Map<String, String> user = poisonedEnv(true);
        Stream.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY").forEach(user::remove);
        expectMarker(failures, "global.diff.evil.command",
                () -> Proc.run(List.of("git", "diff", base + "..." + head), repo.dir(), user, Duration.ofSeconds(60)));
        expectDiffers(failures, "global config", range, Proc.run(List.of("git", "diff", "--no-ext-diff",
                base + "..." + head), repo.dir(), user, Duration.ofSeconds(60)));
        expectMarker(failures, "nested.diff.evil.command",
                () -> Proc.run(List.of("git", "diff", innerA, innerB), evil, NeutralGit.env(), Duration.ofSeconds(60)));
        markers.clear();
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    // ---- helpers ----

    /** The keys of {@code settings} that on their own change the case's output from {@code reference}, by halving. */
    static List<String> culprits(List<Setting> settings, Case c, Map<String, String> env, byte[] reference)
            throws IOException {
        writeConfig(settings);
        markers.clear();
        Proc.Result r = PrdiffCli.run(env, c.argv());
        if (r.exit() == 0 && Arrays.equals(reference, r.stdout())) {
            return List.of();
        }
        if (settings.size() == 1) {
            return List.of(settings.get(0).key() + "=" + settings.get(0).value().replace(markers.root().toString(), "$MARKERS"));
        }
        int half = settings.size() / 2;
        List<String> found = new ArrayList<>(culprits(settings.subList(0, half), c, env, reference));
        found.addAll(culprits(settings.subList(half, settings.size()), c, env, reference));
        if (found.isEmpty()) {
            found.add("only together: " + settings.stream().map(Setting::key).toList());
        }
        return found;
    }

    /** Differences between prdiff's stdout for a case and the oracle's answer for it. */
    static List<String> againstOracle(BareOracle o, Case c, byte[] stdout) {
        if (c.filesOnly()) {
            List<BareOracle.Change> expected = o.changes(c.revs());
            List<BareOracle.Change> got = filesOnly(stdout);
            int i = 0;
            while (i < expected.size() && i < got.size() && expected.get(i).equals(got.get(i))) {
                i++;
            }
            return expected.equals(got) ? List.of()
                    : List.of(c.label() + ": files differ from the oracle's --raw --numstat at entry " + (i + 1)
                            + "\n  expected " + (i < expected.size() ? expected.get(i) : "(end)")
                            + "\n  got      " + (i < got.size() ? got.get(i) : "(end)"));
        }
        byte[] expected = o.diff(c.revs(), c.pathspec());
        return Arrays.equals(expected, stdout) ? List.of()
                : List.of(c.label() + ": differs from git diff in a bare clone; " + firstDifference(expected, stdout));
    }

    /** prdiff's --files-only JSON as oracle records (binary counts as -1, mode-changed as M). */
    static List<BareOracle.Change> filesOnly(byte[] json) {
        try {
            List<BareOracle.Change> out = new ArrayList<>();
            for (JsonNode f : new ObjectMapper().readTree(json).get("files")) {
                String path = f.get("path").asText();
                char status = switch (f.get("status").asText()) {
                    case "added" -> 'A';
                    case "deleted" -> 'D';
                    case "renamed" -> 'R';
                    case "copied" -> 'C';
                    default -> 'M';
                };
                boolean binary = f.path("binary").asBoolean(false);
                out.add(new BareOracle.Change(status, f.path("previous_path").asText(path), path,
                        binary ? -1 : f.get("additions").asLong(), binary ? -1 : f.get("deletions").asLong()));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void check(List<String> failures, String batch, String tool, String expected, JsonNode result) {
        String text = result.path("content").path(0).path("text").asText();
        if (result.path("isError").asBoolean(false)) {
            failures.add("[" + batch + "] " + tool + " failed: " + text);
        } else if (!expected.equals(text)) {
            failures.add("[" + batch + "] " + tool + " differs from git diff in a bare clone");
        }
    }

    static ObjectNode args(String... keyValues) {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < keyValues.length; i += 2) {
            a.put(keyValues[i], keyValues[i + 1]);
        }
        return a;
    }

    static void expectMarker(List<String> failures, String marker, java.util.function.Supplier<Proc.Result> run) {
        markers.clear();
        run.get();
        if (!markers.left().contains(marker)) {
            failures.add("plain git did not run the '" + marker + "' marker (markers: " + markers.left() + ")");
        }
        markers.clear();
    }

    static void expectDiffers(List<String> failures, String poison, byte[] neutral, Proc.Result plain) {
        if (plain.exit() == 0 && Arrays.equals(neutral, plain.stdout())) {
            failures.add("plain git diff is unchanged by the " + poison + " poison, so it proves nothing");
        }
        markers.clear();
    }

    static void writeConfig(List<Setting> settings) throws IOException {
        Files.writeString(repo.dir().resolve(".git/config"), originalConfig + HostileConfig.text(settings));
    }

    static void restoreConfig() throws IOException {
        Files.writeString(repo.dir().resolve(".git/config"), originalConfig);
    }

    static String gitmodules(String name, String path, String ignore) {
        return "[submodule \"" + name + "\"]\n\tpath = " + path + "\n\turl = ./nowhere\n"
                + (ignore == null ? "" : "\tignore = " + ignore + "\n");
    }

    static void writeFile(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
