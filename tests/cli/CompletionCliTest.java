package cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.PrdiffCli;
import support.Proc;
import support.TempDirs;
import support.TempRepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The completion script in a real bash: a TARGET and the revision options complete to ref names (a range's second
 * side too), --file and the paths after -- to the files the typed range changed, as git diff --name-only lists
 * them, relative to the current folder; the options are still picocli's.
 */
class CompletionCliTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static Path bin;
    static Path script;

    @BeforeAll
    static void fixture() throws Exception {
        repo.write("a.txt", "one\n");
        repo.write("sub/b.txt", "one\n");
        repo.commit("one");
        repo.checkout("-b", "feature");
        repo.write("a.txt", "two\n");
        repo.write("sub/b.txt", "two\n");
        repo.write("sub/with space.txt", "new\n");
        repo.commit("two");
        repo.git("tag", "v1.0", "main");
        bin = TempDirs.create("prdiff-completion-");
        // The script runs prdiff by the name it completes: here, this test's classes in a new JVM.
        Path prdiff = bin.resolve("prdiff");
        Files.writeString(prdiff, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -Dfile.encoding=UTF-8 -cp '" + System.getProperty("java.class.path") + "' prdiff \"$@\"\n");
        Files.setPosixFilePermissions(prdiff, PosixFilePermissions.fromString("rwx------"));
        Proc.Result generated = PrdiffCli.run("generate-completion");
        assertEquals(0, generated.exit(), generated.stderr());
        script = bin.resolve("prdiff.bash");
        Files.write(script, generated.stdout());
    }

    /** What bash's completion function offers for {@code line} (the cursor at its end), run in {@code cwd}. */
    static List<String> complete(Path cwd, String line) {
        String program = "source '" + script + "'\n"
                + "COMP_LINE=\"$1\"; read -r -a COMP_WORDS <<< \"$1\"\n"
                + "if [[ \"$1\" == *' ' ]]; then COMP_WORDS+=(''); fi\n"
                + "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_POINT=${#1}\n"
                + "_prdiff_words\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", bin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        Proc.Result r = Proc.run(List.of("bash", "--norc", "--noprofile", "-c", program, "complete", line), cwd, env,
                Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.stderr());
        List<String> offered = new ArrayList<>(r.out().lines().filter(l -> !l.isEmpty()).toList());
        offered.sort(null);
        return offered;
    }

    /**
     * The same in zsh, as bashcompinit runs a bash completion function: with sh's options (arrays from 0). Null
     * when there is no zsh.
     */
    static List<String> completeInZsh(Path cwd, String... words) {
        if (Proc.run(List.of("sh", "-c", "command -v zsh"), cwd, System.getenv(), Duration.ofSeconds(10)).exit() != 0) {
            return null;
        }
        String program = "source '" + script + "'\n"
                + "COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"\n"
                + "emulate sh -c 'setopt kshglob noshglob braceexpand; _prdiff_words;"
                + " printf \"%s\\n\" \"${COMPREPLY[@]}\"'\n";
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", bin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        List<String> argv = new ArrayList<>(List.of("zsh", "-f", "-c", program, "complete"));
        argv.addAll(List.of(words));
        Proc.Result r = Proc.run(argv, cwd, env, Duration.ofSeconds(60));
        assertEquals(0, r.exit(), r.stderr());
        return lines(r.out());
    }

    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(text.lines().filter(l -> !l.isEmpty()).toList());
        lines.sort(null);
        return lines;
    }

    @Test
    void aTargetCompletesToRefsAndCommands() {
        assertEquals(List.of("main"), complete(repo.dir(), "prdiff ma"));
        assertEquals(List.of("show"), complete(repo.dir(), "prdiff sh"));
        assertEquals(List.of("v1.0"), complete(repo.dir(), "prdiff v"));
        assertEquals(List.of("main...feature"), complete(repo.dir(), "prdiff main...fe"));
        assertEquals(List.of("feature..main"), complete(repo.dir(), "prdiff feature..m"));
        Path elsewhere = TempDirs.create("prdiff-elsewhere-");
        assertEquals(List.of("feature"), complete(elsewhere, "prdiff -C " + repo.dir() + " --commit fe"));
    }

    @Test
    void fileCompletesToTheRangesChangedPaths() {
        List<String> changed = lines(repo.text("diff", "--name-only", "main...feature"));
        assertEquals(changed, complete(repo.dir(), "prdiff main...feature --file "));
        assertEquals(changed, complete(repo.dir(), "prdiff main -- "));
        assertEquals(List.of("sub/b.txt", "sub/with space.txt"), complete(repo.dir(), "prdiff main --file sub/"));
        // --file takes paths from the current folder, as git's: so does completion
        assertEquals(List.of("../a.txt", "b.txt", "with space.txt"),
                complete(repo.dir().resolve("sub"), "prdiff main --file "));
    }

    @Test
    void zshCompletesTheSameWords() {
        List<String> refs = completeInZsh(repo.dir(), "prdiff", "main...fe");
        org.junit.jupiter.api.Assumptions.assumeTrue(refs != null, "no zsh here");
        assertEquals(List.of("main...feature"), refs);
        assertEquals(lines(repo.text("diff", "--name-only", "main...feature")),
                completeInZsh(repo.dir(), "prdiff", "main", "--file", ""));
    }

    @Test
    void optionsAreStillCompleted() {
        assertEquals(List.of("--file", "--files-only"), complete(repo.dir(), "prdiff main --fil"));
    }

    @Test
    void theWordsComeFromPrdiffItself() {
        Proc.Result refs = PrdiffCli.in(repo.dir(), "--completion-words", "refs");
        assertEquals(lines(repo.text("for-each-ref", "--format=%(refname:short)")), lines(refs.out()));
        Proc.Result bad = PrdiffCli.in(repo.dir(), "--completion-words", "x");
        assertEquals(2, bad.exit());
        assertTrue(new String(PrdiffCli.run("--help-all").stdout(), StandardCharsets.UTF_8).contains("--file"));
        assertTrue(!PrdiffCli.run("--help-all").out().contains("--completion-words"), "a hidden option");
    }
}
