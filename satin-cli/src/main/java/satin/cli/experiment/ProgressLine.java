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
    /** The step running now, and when its live count was last shown. */
    private String current = "";
    private long lastLive;
    /** Off a terminal, a live count is printed at most this often (a log stays short). */
    private static final long LOG_PERIOD_NANOS = 10_000_000_000L;

    ProgressLine(PrintWriter err, boolean quiet, int total) {
        this.err = err;
        this.quiet = quiet;
        this.total = total;
    }

    /** The step now starting. */
    synchronized void starting(String what) {
        current = what;
        lastLive = System.nanoTime();
        show(String.format(Locale.ROOT, "[%d/%d %s%s] %s", done + 1, total, clock(elapsed()), eta(), what));
    }

    /**
     * The running step's live count: jobs of its tree done so far (of {@code total}, when known: > 0). Rewritten in
     * place on a terminal; in a log, one line at most every 10 seconds.
     */
    synchronized void jobsDone(long jobs, long total) {
        long now = System.nanoTime();
        if (!terminal && now - lastLive < LOG_PERIOD_NANOS) {
            return;
        }
        lastLive = now;
        show(String.format(Locale.ROOT, "[%d/%d %s%s] %s: %,d%s jobs done", done + 1, this.total, clock(elapsed()), eta(),
                current, jobs, total > 0 ? String.format(Locale.ROOT, " of %,d", total) : ""));
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
