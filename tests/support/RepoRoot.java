package support;

import java.nio.file.Files;
import java.nio.file.Path;

/** The prdiff checkout the tests run from: the nearest directory above the working directory holding ./jbang. */
public final class RepoRoot {
    private RepoRoot() {}

    public static Path find() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isExecutable(dir.resolve("jbang")) && Files.isDirectory(dir.resolve(".jbang-wrapper"))) {
                return dir;
            }
        }
        throw new IllegalStateException("run from inside the prdiff repository: no ./jbang found above "
                + Path.of("").toAbsolutePath());
    }
}
