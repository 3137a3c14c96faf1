package satin.apps.common;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The shared shape of every application's {@code main}: parse the arguments, compute, report the time and
 * the self-check. Errors in the arguments print the cause and the usage; the exit status is 0 when the
 * self-check passed, 1 when it failed and 2 for bad arguments, so scripts can rely on it.
 */
public final class AppMain {

    /** One application run: computes, prints its result, and returns whether its self-check passed. */
    @FunctionalInterface
    public interface Body {
        boolean run(Args args, PrintStream out) throws Exception;
    }

    private AppMain() {
    }

    /**
     * Runs {@code body} and returns the exit status; {@code main} methods pass a non-zero status to
     * {@code System.exit}.
     */
    public static int run(String usage, int maxArgs, String[] rawArgs, PrintStream out, PrintStream err, Body body)
            throws Exception {
        if (rawArgs.length == 1 && (rawArgs[0].equals("--help") || rawArgs[0].equals("-h"))) {
            out.println("usage: " + usage);
            return 0;
        }
        try {
            return body.run(new Args(usage, rawArgs, maxArgs), out) ? 0 : 1;
        } catch (BadArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
    }

    /** Prints the time of a computation as {@code "<label> time: <s> s"}. */
    public static void printTime(PrintStream out, String label, Timed<?> timed) {
        out.printf(Locale.ROOT, "%s time: %.3f s%n", label, timed.seconds());
    }

    /** Prints the outcome of a self-check and returns it. */
    public static boolean check(PrintStream out, boolean passed, String what) {
        out.println((passed ? "self-check passed: " : "self-check FAILED: ") + what);
        return passed;
    }
}
