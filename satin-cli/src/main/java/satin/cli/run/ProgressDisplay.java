package satin.cli.run;

import java.util.function.Consumer;

/**
 * The progress line of a {@code satin run} on this JVM's standard error: a {@link ProgressBoard} drawn by a
 * {@link ProgressTicker} into a {@link StatusLineWriter}, and at the end one summary line. On a terminal the line is
 * redrawn every half second; in a log (explicit {@code --progress} off a terminal) every 10 seconds. By default the
 * line appears only once the run has lasted a few seconds (short runs stay quiet), and then the summary follows too.
 */
final class ProgressDisplay {
    /** A run shorter than this shows no progress unless --progress is given. */
    static final long DEFAULT_DELAY_MILLIS = 3_000;
    private static final long TERMINAL_PERIOD_MILLIS = 500;
    private static final long LOG_PERIOD_MILLIS = 10_000;

    private final StatusLineWriter err;
    private final ProgressBoard board;
    private final boolean explicit;
    private final ProgressTicker ticker;
    private volatile boolean shown;

    /**
     * @param refresh  called before each line to bring the board up to date (in one JVM: read the workers); may do
     *                 nothing when reports arrive by themselves (the launcher)
     * @param explicit {@code --progress} was given: show from the first second and always end with the summary
     */
    ProgressDisplay(StatusLineWriter err, ProgressBoard board, Consumer<ProgressBoard> refresh, boolean explicit) {
        this.err = err;
        this.board = board;
        this.explicit = explicit;
        long period = err.terminal() ? TERMINAL_PERIOD_MILLIS : LOG_PERIOD_MILLIS;
        this.ticker = new ProgressTicker(() -> {
            refresh.accept(board);
            err.status(board.line());
            shown = true;
        }, explicit ? Math.min(period, 1_000) : DEFAULT_DELAY_MILLIS, period);
    }

    ProgressBoard board() {
        return board;
    }

    /** Stops the line and erases it, with no summary: the run did not end (the launcher was stopped from outside). */
    void stop() {
        ticker.close();
        err.clearStatus();
    }

    /** Stops the line; then, if it was shown or asked for, prints the summary (whole-run busy percentages). */
    void finish(Consumer<ProgressBoard> refresh) {
        ticker.close();
        err.clearStatus();
        if (shown || explicit) {
            refresh.accept(board);
            err.println("satin run: " + board.summary());
            err.flush();
        }
    }
}
