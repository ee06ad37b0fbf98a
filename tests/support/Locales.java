package support;

import java.util.HashMap;
import java.util.Map;

/**
 * Environments for whole processes under a given locale.
 */
public final class Locales {
    private Locales() {}

    /** The C locale, and nothing else that could choose a charset. */
    public static Map<String, String> cLocale() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", System.getProperty("user.home"));
        env.put("LANG", "C");
        env.put("LC_ALL", "C");
        return env;
    }
}
