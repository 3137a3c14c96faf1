package satin.cli.experiment;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress of a long experiment on stderr: one line that is rewritten in place on a terminal, one line per step
 * otherwise (logs stay readable). Elapsed time, cells done and an estimate of the time left.
 */
final class ProgressLine {
    private final PrintWriter err;
    private final boolean quiet;
    private final boolean terminal = System.console() != null;
    private final long start = System.nanoTime();
    private final int total;
    private int done;
    private int width;

    ProgressLine(PrintWriter err, boolean quiet, int total) {
        this.err = err;
        this.quiet = quiet;
        this.total = total;
    }

    /** The step now starting. */
    synchronized void starting(String what) {
        show(String.format(Locale.ROOT, "[%d/%d %s%s] %s", done + 1, total, clock(elapsed()), eta(), what));
    }

    /** The step just finished, with a short result. */
    synchronized void finished(String what, String result) {
        done++;
        show(String.format(Locale.ROOT, "[%d/%d %s%s] %s: %s", done, total, clock(elapsed()), eta(), what, result));
        if (!terminal && !quiet) {
            err.flush();
        }
    }

    synchronized void end() {
        if (terminal && !quiet && width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
        }
    }

    private void show(String line) {
        if (quiet) {
            return;
        }
        if (terminal) {
            String padded = line.length() < width ? line + " ".repeat(width - line.length()) : line;
            width = Math.max(width, line.length());
            err.print("\r" + padded);
        } else {
            err.println(line);
        }
        err.flush();
    }

    private double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }

    private String eta() {
        if (done == 0) {
            return "";
        }
        return ", ~" + clock(elapsed() / done * (total - done)) + " left";
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
