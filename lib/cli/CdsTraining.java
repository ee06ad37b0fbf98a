package dev.prdiff.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The run that writes the launcher's CDS archive keeps only the classes it loaded, so an archive written by
 * {@code --version} would leave out the diff machinery every later command needs. When the launcher says this
 * run writes the archive ({@code -Dprdiff.cds.training=true}), every class of the program's own jar is loaded,
 * not initialised: nothing of it runs, and every later start maps them all, whatever the first command was.
 */
public final class CdsTraining {
    public static final String PROPERTY = "prdiff.cds.training";

    private CdsTraining() {}

    /** True in the run that writes the launcher's archive. */
    public static boolean active() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** When this run writes the archive, loads every class of the jar {@code anchor} came from. */
    public static void loadJarOf(Class<?> anchor) {
        if (!active()) {
            return;
        }
        try {
            Path jar = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return;
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                    String name = e.nextElement().getName();
                    if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                        load(name.substring(0, name.length() - ".class".length()).replace('/', '.'), anchor);
                    }
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // an archive with fewer classes: later starts load the rest from the jar, as without this
        }
    }

    private static void load(String name, Class<?> anchor) {
        try {
            Class.forName(name, false, anchor.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // a class whose dependencies are not on this classpath; it is not one the program uses
        }
    }
}
