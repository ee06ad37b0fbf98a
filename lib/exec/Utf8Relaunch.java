package dev.prdiff.exec;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * JDK 17 decodes the command line and encodes file names with the charset of the locale it started in
 * ({@code sun.jnu.encoding}, read from the locale at startup: {@code -Dsun.jnu.encoding} is ignored). In the C or
 * POSIX locale of most containers, CI runners and agent shells, a non-ASCII argument arrives as U+FFFD and a
 * non-ASCII path cannot be opened. {@code ./jbang} starts Java in a UTF-8 locale; started any other way (a jbang
 * on PATH, a catalog alias, java itself), an entry point runs its command line again in C.UTF-8, read as
 * typed from {@code /proc/self/cmdline}. Child processes get UTF-8 arguments either way when
 * {@code file.encoding} is UTF-8 (the scripts' {@code //RUNTIME_OPTIONS}), which the relaunch relies on.
 */
public final class Utf8Relaunch {
    /** Set in the relaunched JVM's environment, so it never relaunches again. */
    static final String MARK = "PRDIFF_UTF8_RELAUNCHED";
    static final String LOCALE = "C.UTF-8";

    private Utf8Relaunch() {}

    /** True when this JVM sees arguments and file names as the UTF-8 bytes they are. */
    public static boolean exact() {
        String jnu = System.getProperty("sun.jnu.encoding", "");
        return jnu.equalsIgnoreCase("UTF-8") || jnu.equalsIgnoreCase("UTF8");
    }

    /** True when some argument or the working directory holds a character this JVM may have mangled. */
    public static boolean needed(String[] args) {
        if (exact()) {
            return false;
        }
        for (String a : args) {
            if (!isAscii(a)) {
                return true;
            }
        }
        return !isAscii(System.getProperty("user.dir", ""));
    }

    /**
     * Runs this JVM's command line again, as typed (read from /proc/self/cmdline), in the C.UTF-8 locale, and
     * returns its exit code once it ends. Empty when that cannot be done: not Linux, already relaunched,
     * file.encoding not UTF-8, or the arguments not found at the end of /proc/self/cmdline.
     */
    public static OptionalInt run(String[] args) {
        if (System.getenv(MARK) != null || !StandardCharsets.UTF_8.equals(Charset.defaultCharset())) {
            return OptionalInt.empty();
        }
        List<String> command = typedCommandLine(args);
        if (command == null) {
            return OptionalInt.empty();
        }
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        Map<String, String> env = pb.environment();
        env.put("LC_ALL", LOCALE);
        env.put(MARK, "1");
        try {
            Process child = pb.start();
            // A SIGTERM to this JVM reaches the one doing the work, which cleans up after itself.
            Runtime.getRuntime().addShutdownHook(new Thread(child::destroy, "prdiff-relaunch-stop"));
            while (true) {
                try {
                    return OptionalInt.of(child.waitFor());
                } catch (InterruptedException e) {
                    // Keep waiting: the child owns stdin and stdout now.
                }
            }
        } catch (IOException e) {
            return OptionalInt.empty();
        }
    }

    /** /proc/self/cmdline as UTF-8, if its last args.length entries are what this JVM decoded as its arguments. */
    private static List<String> typedCommandLine(String[] args) {
        byte[] cmdline;
        Charset jnu;
        try {
            cmdline = Files.readAllBytes(Path.of("/proc/self/cmdline"));
            jnu = Charset.forName(System.getProperty("sun.jnu.encoding"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        List<byte[]> entries = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                entries.add(Arrays.copyOfRange(cmdline, start, i));
                start = i + 1;
            }
        }
        int first = entries.size() - args.length;
        if (first < 1) {
            return null;
        }
        List<String> command = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            if (i >= first && !new String(entries.get(i), jnu).equals(args[i - first])) {
                return null;
            }
            command.add(new String(entries.get(i), StandardCharsets.UTF_8));
        }
        return command;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
