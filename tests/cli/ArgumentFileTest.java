package cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import support.GrepRule;
import support.PrdiffCli;
import support.Proc;
import support.RepoRoot;
import support.TempDirs;
import support.TempRepo;
import support.Wrapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No word on prdiff's command line is read as {@code @FILE} (picocli's argument files, on by default): in the main
 * command, in {@code show}, {@code grep} and {@code generate-completion}, as a TARGET or an option's value. An agent
 * allowed to run prdiff must not read other files through it, and a committed file must not rewrite a command.
 */
@support.Parallel
class ArgumentFileTest {
    private static final String SECRET = "token-4f1c9e";

    @Test
    void noWordOfAnyCommandReadsTheFileItNames() throws Exception {
        try (TempRepo r = TempRepo.init()) {
            r.write("a.txt", "a\n").commit("base");
            r.checkout("-q", "-b", "feature");
            String head = r.write("a.txt", "a, on feature\n").commit("feature");
            Path secret = TempDirs.file("credentials-", ".txt");
            Files.writeString(secret, SECRET + "\n");
            String at = "@" + secret;
            String dir = r.dir().toString();
            List<List<String>> lines = List.of(
                    List.of("-C", dir, "main...feature", "--file", at),
                    List.of("-C", dir, "main...feature", "--file", at, "--stat"),
                    List.of("-C", dir, at),
                    List.of("-C", dir, at, "--stat"),
                    List.of("-C", dir, "--commit", at),
                    List.of("-C", dir, "--base", at),
                    List.of("-C", dir, "1", "--sha", at),
                    List.of("-C", dir, "1", "-R", at),
                    List.of("-C", at, "main...feature"),
                    List.of("-C", dir, "show", at),
                    List.of("-C", dir, "show", head + ":a.txt", at),
                    List.of("-C", dir, "grep", at, "--sha", head),
                    List.of("-C", dir, "grep", "-e", at, "--sha", head),
                    List.of("-C", dir, "grep", "a", "--sha", at),
                    List.of("-C", dir, "generate-completion", at),
                    List.of("-C", dir, "help", at));
            List<String> read = new ArrayList<>();
            for (List<String> words : lines) {
                Proc.Result run = PrdiffCli.run(words.toArray(String[]::new));
                if ((run.out() + run.stderr()).contains(SECRET)) {
                    read.add(words + ":\n" + run.describe());
                }
            }
            assertEquals(List.of(), read, "these read the file");
            // A file of arguments would rewrite the command: here, into a read of another file.
            Path rev = TempDirs.file("rev-", ".txt");
            Files.writeString(rev, head + ":a.txt\n");
            Proc.Result show = PrdiffCli.run("-C", dir, "show", "@" + rev);
            assertEquals(1, show.exit(), show.describe());
            assertEquals(0, show.stdout().length, show.describe());
            // The warning names the word itself.
            Proc.Result file = PrdiffCli.run("-C", dir, "main...feature", "--file", at);
            assertEquals(0, file.exit(), file.stderr());
            assertTrue(file.stderr().contains("'" + at + "'"), file.stderr());
        }
    }

    /** The issue's case: a committed top-level file named Override, and prdiff grep run from the work tree. */
    @Test
    void grepSearchesForTheLiteralAtWordWhenAFileHasItsName() {
        try (TempRepo r = TempRepo.init()) {
            r.write("Override", "-i\n-e\npassword\n")
                    .write("A.java", "class A {\n    @Override\n    public String toString() { return \"\"; }\n"
                            + "    String password = \"hunter2\";\n}\n");
            String head = r.commit("base");
            Proc.Result run = PrdiffCli.spawn(System.getenv(), r.dir(), "grep", "@Override", "--sha", "HEAD");
            assertEquals(0, run.exit(), run.describe());
            assertArrayEquals(GrepRule.withoutRev(r.git("grep", "-n", "@Override", head), head), run.stdout());
            assertEquals("A.java:2:    @Override\n", run.out());
        }
    }

    /**
     * Through ./jbang, the program's words pass JBang's own parser too, which reads @FILE (picocli's default): the
     * wrapper escapes them for the pinned JBang, so the program gets the words as typed, as on the fast path.
     */
    @Test
    void theWrapperPassesAtWordsAsTheyAreThroughJBang(@TempDir Path tmp) throws Exception {
        Path script = Files.writeString(tmp.resolve("Words.java"), """
                //JAVA 17+
                class Words {
                    public static void main(String[] args) {
                        for (String a : args) System.out.println(a);
                    }
                }
                """);
        Path secret = Files.writeString(tmp.resolve("credentials"), SECRET + "\n");
        List<String> words = List.of("@" + secret, "@@twice", "@", "plain");
        Map<String, String> env = Wrapper.env(tmp.resolve("jbang-dir"));
        env.remove("PRDIFF_LAUNCH_DEBUG");
        Map<String, String> viaJBang = new HashMap<>(env);
        viaJBang.put("PRDIFF_FAST_LAUNCH", "0");
        for (Map<String, String> e : List.of(viaJBang, env, env)) { // through JBang, the build, the fast path
            Proc.Result run = Wrapper.run(RepoRoot.find(), script, words, e, null);
            assertEquals(0, run.exit(), run.describe());
            assertEquals(String.join("\n", words) + "\n", run.out(), run.describe());
        }
    }
}
