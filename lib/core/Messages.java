package dev.prdiff.core;

/** Text from another program (git's or gh's stderr) made fit for a one-line error message. */
public final class Messages {
    private static final int MAX = 1000;

    private Messages() {}

    /** Lines joined with " / ", control characters dropped, cut at 1000 characters. */
    public static String oneLine(String text) {
        String s = text.strip().replaceAll("\\s*\\R\\s*", " / ").replaceAll("\\p{Cntrl}", "");
        return s.length() > MAX ? s.substring(0, MAX) + "..." : s;
    }
}
