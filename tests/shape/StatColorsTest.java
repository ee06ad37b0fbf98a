package shape;

import dev.prdiff.shape.StatColors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import support.Fixtures;
import support.TempRepo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A diffstat coloured as git diff --stat --color colours it, byte for byte, however its bytes are cut into writes. */
class StatColorsTest {
    @RegisterExtension
    static final TempRepo repo = TempRepo.init();
    static String range;

    @BeforeAll
    static void fixture() {
        repo.write("a.txt", Fixtures.lines("a", 300))
                .write("only-removed.txt", "x\ny\nz\n")
                .write("empty.bin", new byte[0])
                .write("sized.bin", Fixtures.binary(1))
                .write("mode.sh", "echo\n")
                .write("old/name.txt", Fixtures.lines("moving", 30))
                .write("a | b.txt", "bar\n");
        String base = repo.commit("base");
        repo.write("a.txt", Fixtures.lines("a", 300).replace("a 10\n", "A 10\n") + Fixtures.lines("more", 200))
                .write("only-removed.txt", "x\n")
                .write("empty.bin", Fixtures.binary(2))
                .write("sized.bin", Fixtures.binary(3))
                .write("added.txt", "new\n")
                .executable("mode.sh", true)
                .move("old/name.txt", "new/name.txt")
                .write("a | b.txt", "bar | baz\n-- not a graph ++\n");
        range = base + "..." + repo.commit("head");
    }

    @Test
    void asGitColoursIt() throws IOException {
        byte[] plain = repo.gitDiff("--stat=80", range);
        String git = new String(repo.gitDiff("--stat=80", "--color=always", range), StandardCharsets.UTF_8);
        assertEquals(git, colored(plain, plain.length));
        Random random = new Random(3);
        for (int i = 0; i < 20; i++) {
            assertEquals(git, colored(plain, 1 + random.nextInt(40)));
        }
        // a line no stat has passes as it is
        assertEquals("plain | text\n no bar here\n", colored("plain | text\n no bar here\n".getBytes(), 5));
    }

    static String colored(byte[] in, int chunk) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StatColors colors = new StatColors(out);
        for (int at = 0; at < in.length; at += chunk) {
            colors.write(in, at, Math.min(chunk, in.length - at));
        }
        colors.finish();
        return out.toString(StandardCharsets.UTF_8);
    }
}
